import type { Config } from '../config';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { DevOutbox } from './outbox';
import { SmsWebhookSender } from './sms';
import { SmtpSender } from './smtp';
import type { Message, MessageSender } from './types';

export type { Message, MessageSender } from './types';
export { DevOutbox } from './outbox';
export { otpCodeSms, passwordResetEmail } from './texts';

/**
 * Sends codes and links to their owner's channel; the one way a secret leaves the server outside
 * development. In development every message also lands in the outbox (and, with no sender configured,
 * only there).
 */
export class Messenger {
  private readonly senders = new Map<Message['channel'], MessageSender>();

  constructor(
    senders: MessageSender[],
    readonly outbox: DevOutbox | null,
    private readonly clock: Clock,
    private readonly log: (msg: string) => void = () => undefined,
  ) {
    for (const s of senders) this.senders.set(s.channel, s);
  }

  /** Sends; a provider failure becomes a 502 the shopper can retry (the message says nothing about the code). */
  async send(message: Message, failure: string): Promise<void> {
    this.outbox?.add(message, this.clock.now());
    const sender = this.senders.get(message.channel);
    if (!sender) {
      if (this.outbox) return;
      throw new AppError(503, failure);
    }
    try {
      await sender.send(message);
    } catch (err) {
      // The recipient and the code stay out of the log; the provider's status is enough to act on.
      this.log(`${message.channel} sender failed: ${err instanceof Error ? err.message : String(err)}`);
      throw new AppError(502, failure);
    }
  }

  async close(): Promise<void> {
    for (const s of this.senders.values()) await s.close?.();
  }
}

export function createMessenger(config: Config, clock: Clock, log?: (msg: string) => void): Messenger {
  const senders: MessageSender[] = [];
  if (config.messages.smtpUrl) senders.push(new SmtpSender(config.messages.smtpUrl, config.messages.mailFrom || 'no-reply@localhost'));
  if (config.messages.sms) senders.push(new SmsWebhookSender(config.messages.sms));
  return new Messenger(senders, config.dev ? new DevOutbox() : null, clock, log);
}
