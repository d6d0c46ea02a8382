import { expect, type APIRequestContext } from '@playwright/test';

/** What the development outbox (`GET /api/dev/outbox?to=`) holds for an address, newest first. */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
}

const API = `http://127.0.0.1:${process.env.E2E_PORT ?? 8180}/api`;
const HEADERS = { 'x-api-key': 'dev-storefront-key' };

/** The messages sent to `to` (a mobile or an e-mail address). */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`${API}/dev/outbox?to=${encodeURIComponent(to)}`, { headers: HEADERS });
  if (!res.ok()) throw new Error(`outbox: HTTP ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

/** The newest code the development outbox holds for this mobile, other than `seen` (waits for the send to land). */
export async function outboxCode(request: APIRequestContext, mobile: string, seen = ''): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const box = await outbox(request, mobile);
        // The newest code SMS: order notices (issue 38) land in the same outbox for the same mobile.
        code = /\b(\d{6})\b/.exec(box.find((m) => m.channel === 'sms' && /one-time code/.test(m.text))?.text ?? '')?.[1] ?? '';
        return code !== '' && code !== seen;
      },
      { message: `a new SMS to ${mobile} in the development outbox` },
    )
    .toBe(true);
  return code;
}
