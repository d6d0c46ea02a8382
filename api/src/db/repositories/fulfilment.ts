import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';

/** The staff's queue filters (issue 38); dates are ISO days, inclusive, in UTC. */
export interface QueueFilter {
  status?: string;
  paymentStatus?: string;
  fromDay?: string;
  toDay?: string;
  page: number;
  perPage: number;
}

/** What the staff write beside an order's status: the shipment, the delivery and the cash collected. */
export class FulfilmentRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Order ids of the queue, oldest waiting first, and how many match. */
  async queue(f: QueueFilter): Promise<{ ids: number[]; total: number }> {
    let q = this.db.selectFrom('orders');
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.paymentStatus !== undefined) q = q.where('payment_status', '=', f.paymentStatus);
    if (f.fromDay !== undefined) q = q.where('created_at', '>=', `${f.fromDay}T00:00:00.000Z`);
    if (f.toDay !== undefined) q = q.where('created_at', '<=', `${f.toDay}T23:59:59.999Z`);
    const [rows, count] = await Promise.all([
      q
        .select('id')
        .orderBy('created_at')
        .orderBy('id')
        .limit(f.perPage)
        .offset((f.page - 1) * f.perPage)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(count.n) };
  }

  async ship(orderId: number, s: { courier: string; trackingNumber: string; trackingUrl: string | null }): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ courier: s.courier, tracking_number: s.trackingNumber, tracking_url: s.trackingUrl, dispatched_at: iso(this.clock.now()) })
      .where('id', '=', orderId)
      .execute();
  }

  async delivered(orderId: number, codCollected: number | null): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ delivered_at: iso(this.clock.now()), cod_collected: codCollected })
      .where('id', '=', orderId)
      .execute();
  }

  /**
   * Orders of one checkout still holding its coupon (not cancelled nor returned): a checkout redeems its
   * coupon once for all its orders, so the use is given back when the last of them ends.
   */
  async liveOrdersWithCoupon(customerId: number, couponCode: string, createdAt: string): Promise<number> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('coupon_code', '=', couponCode)
      .where('created_at', '=', createdAt)
      .where('status', 'not in', ['cancelled', 'returned_to_origin', 'payment_failed', 'payment_expired'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The last history entry of an order (who made the change it is in). */
  lastEntry(orderId: number): Promise<{ status: string; actor: string | null } | undefined> {
    return this.db
      .selectFrom('order_history')
      .select(['status', 'actor'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
