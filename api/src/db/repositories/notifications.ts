import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationTable } from '../schema';
import { iso, type Clock } from '../../lib/clock';

export type NotificationRow = Selectable<NotificationTable>;

/** The order events the shopper hears about (issue 38), by SMS and e-mail. */
export const NOTIFIED_EVENTS = [
  'order_placed',
  'order_confirmed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'returned_to_origin',
  'refunded',
] as const;
export type NotifiedEvent = (typeof NOTIFIED_EVENTS)[number];

export const isNotified = (event: string): event is NotifiedEvent => (NOTIFIED_EVENTS as readonly string[]).includes(event);

/**
 * Queues an event's SMS and e-mail inside the caller's transaction (the orders repository calls it with
 * each change): the change and its notice commit together or not at all. A repeat queues nothing.
 */
export async function queueOrderNotice(db: Kysely<Database>, orderId: number, event: NotifiedEvent, now: number): Promise<void> {
  await db
    .insertInto('notifications')
    .values(
      (['sms', 'email'] as const).map((channel) => ({
        order_id: orderId,
        event,
        channel,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        claimed_until: 0,
        last_error: null,
        created_at: iso(now),
        sent_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'event', 'channel']).doNothing())
    .execute();
}

export class NotificationRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Ids of rows due now and not leased by another process, oldest first. */
  async due(limit: number): Promise<number[]> {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('notifications')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('claimed_until', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes a row for `leaseMs` with one conditional update: of several processes sweeping at once exactly
   * one gets it. Counts the attempt. Undefined when another process has it or it is no longer due.
   */
  async claim(id: number, leaseMs: number): Promise<NotificationRow | undefined> {
    const now = this.clock.now();
    return this.db
      .updateTable('notifications')
      .set((eb) => ({ claimed_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('claimed_until', '<=', now)
      .returningAll()
      .executeTakeFirst();
  }

  async sent(id: number): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ status: 'sent', sent_at: iso(this.clock.now()), claimed_until: 0, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  /** A failed attempt: tried again at `retryAt`, or given up (`failed`) when null. */
  async attemptFailed(id: number, error: string, retryAt: number | null): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({
        status: retryAt === null ? 'failed' : 'pending',
        next_attempt_at: retryAt ?? this.clock.now(),
        claimed_until: 0,
        last_error: error.slice(0, 500),
      })
      .where('id', '=', id)
      .execute();
  }

  forOrder(orderId: number): Promise<NotificationRow[]> {
    return this.db.selectFrom('notifications').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }
}
