import type { SmsWebhookConfig } from '../config';
import type { Message, MessageSender } from './types';

/** Replaces `{{name}}` in every string of a parsed JSON template; values never break out of their string. */
function fill(template: unknown, vars: Record<string, string>): unknown {
  if (typeof template === 'string') return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
  if (Array.isArray(template)) return template.map((v) => fill(v, vars));
  if (template && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fill(v, vars)]));
  }
  return template;
}

const TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway, the shape India's providers use (MSG91, Gupshup, Kaleyra, Twilio-style
 * webhooks): a POST of a JSON body built from `SMS_WEBHOOK_BODY`, one auth header. Any 2xx is accepted.
 */
export class SmsWebhookSender implements MessageSender {
  readonly channel = 'sms' as const;
  private readonly template: unknown;
  private readonly noticeTemplate: unknown;

  constructor(private readonly config: SmsWebhookConfig) {
    this.template = JSON.parse(config.bodyTemplate);
    this.noticeTemplate = config.noticeBodyTemplate ? JSON.parse(config.noticeBodyTemplate) : this.template;
  }

  async send(message: Message): Promise<void> {
    const vars = { ...(message.vars ?? {}), mobile: message.to, e164: `+91${message.to}`, text: message.text };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.config.authHeader) headers[this.config.authHeader.name] = this.config.authHeader.value;
    const res = await fetch(this.config.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(fill(message.template === 'notice' ? this.noticeTemplate : this.template, vars)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The gateway's answer may echo the message: read it to free the socket, never log it.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}
