/**
 * Sends the queued order notices (issue 38): a sweeper every API process runs. Each row is claimed with a
 * conditional update (a lease), so several processes sweeping one database send each message once; a
 * failed send (a gateway down) is tried again with a growing back-off and given up after MAX_ATTEMPTS,
 * never blocking or failing the change that queued it. No Fastify here.
 */
import type { Repositories } from '../db/repositories';
import { isNotified } from '../db/repositories/notifications';
import type { Clock } from '../lib/clock';
import type { Messenger } from '../messages';
import { orderNotice } from '../messages/orderNotices';
import { toOrder } from './wire';

/** How long a process holds a row while it sends (a process that dies mid-send frees it after this). */
export const LEASE_MS = 60_000;
/** 30 s, 1, 2, 4 … minutes, at most an hour apart: about a day of tries. */
export const MAX_ATTEMPTS = 30;
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface NotifierDeps {
  repos: Repositories;
  messenger: Messenger;
  clock: Clock;
  shopName: string;
  storeUrl: string;
  log: (message: string) => void;
}

export class OrderNotifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly d: NotifierDeps,
    private readonly everyMs: number,
  ) {}

  /** Sends what is due now; returns how many this pass sent. */
  async pass(limit = 50): Promise<number> {
    let sent = 0;
    for (const id of await this.d.repos.notifications.due(limit)) {
      const row = await this.d.repos.notifications.claim(id, LEASE_MS);
      if (!row) continue;
      const record = await this.d.repos.orders.byId(row.order_id);
      const order = record ? toOrder(record) : undefined;
      if (!order || !isNotified(row.event) || (row.channel !== 'sms' && row.channel !== 'email')) {
        await this.d.repos.notifications.attemptFailed(row.id, 'nothing to send', null);
        continue;
      }
      try {
        await this.d.messenger.send(orderNotice(this.d.shopName, this.d.storeUrl, row.event, row.channel, order), 'send failed');
        await this.d.repos.notifications.sent(row.id);
        sent += 1;
      } catch (err) {
        const retryAt = row.attempts >= MAX_ATTEMPTS ? null : this.d.clock.now() + backoffMs(row.attempts);
        await this.d.repos.notifications.attemptFailed(row.id, err instanceof Error ? err.message : String(err), retryAt);
        this.d.log(`order notice ${row.id} (${row.event}, ${row.channel}) not sent, attempt ${row.attempts}`);
      }
    }
    return sent;
  }

  start(): void {
    if (this.everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass().finally(() => (this.running = null));
      this.running.catch((err: unknown) => this.d.log(`order notices: ${String(err)}`));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
