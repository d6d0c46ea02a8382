import type { Message } from './types';

export interface OutboxEntry extends Message {
  at: string;
}

const KEEP = 100;

/**
 * Development only: the last messages the API sent (or would have sent), readable at `GET /api/dev/outbox`
 * so a developer and the browser tests can sign in by OTP without a phone. Never created in production.
 */
export class DevOutbox {
  private readonly entries: OutboxEntry[] = [];

  add(message: Message, at: number): void {
    this.entries.push({ ...message, at: new Date(at).toISOString() });
    if (this.entries.length > KEEP) this.entries.shift();
  }

  /** Newest first, optionally only those to one recipient. */
  list(to?: string): OutboxEntry[] {
    return this.entries.filter((e) => !to || e.to === to).reverse();
  }
}
