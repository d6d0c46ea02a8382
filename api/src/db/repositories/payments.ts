import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentTable, RefundTable } from '../schema';
import { iso, type Clock } from '../../lib/clock';
import { randomCode } from '../../lib/crypto';

export type PaymentRow = Selectable<PaymentTable>;
export type RefundRow = Selectable<RefundTable>;

/**
 * Prepaid checkouts (one payment for the orders of one checkout), their refunds and the webhook events
 * seen. Every state change is a conditional update (`… WHERE status = 'pending'`): of two processes doing
 * the same thing at once, exactly one changes the row, on SQLite and PostgreSQL alike.
 */
export class PaymentRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async create(values: {
    customerId: number;
    amount: number;
    couponCode: string | null;
    provider: string;
    currency: string;
    expiresAt: number;
  }): Promise<string> {
    const id = `pay_${randomCode(16)}`;
    await this.db
      .insertInto('payments')
      .values({
        id,
        customer_id: values.customerId,
        amount: values.amount,
        status: 'pending',
        coupon_code: values.couponCode,
        provider: values.provider,
        currency: values.currency,
        created_at: iso(this.clock.now()),
        settled_at: null,
        gateway_order_id: null,
        gateway_payment_id: null,
        expires_at: iso(values.expiresAt),
      })
      .execute();
    return id;
  }

  /** The customer's prepaid checkouts still waiting for payment with their hold running at `now`. */
  async openCount(customerId: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', iso(now))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  byId(id: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byGatewayOrder(gatewayOrderId: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
  }

  /** Records the gateway order once; false when another request recorded one first. */
  async setGatewayOrder(id: string, gatewayOrderId: string): Promise<boolean> {
    const res = await this.db
      .updateTable('payments')
      .set({ gateway_order_id: gatewayOrderId })
      .where('id', '=', id)
      .where('gateway_order_id', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** pending → `status`, once; false when the payment had already left pending. */
  async settle(
    id: string,
    status: 'paid' | 'failed' | 'expired' | 'cancelled',
    gatewayPaymentId: string | null = null,
    at = this.clock.now(),
  ): Promise<boolean> {
    let q = this.db
      .updateTable('payments')
      .set({ status, settled_at: iso(at), ...(gatewayPaymentId ? { gateway_payment_id: gatewayPaymentId } : {}) })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    // The sweeper expires only what is really due (a late pass of a slow process must not cut a hold short).
    if (status === 'expired') q = q.where('expires_at', '<=', iso(at));
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Pending payments whose hold has run out, oldest first. */
  async dueForExpiry(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('payments')
      .select('id')
      .where('status', '=', 'pending')
      .where('expires_at', '<=', iso(now))
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  // ---------- refunds ----------

  /** Creates the refund named `key` unless it exists; returns it either way. */
  async requestRefund(values: {
    key: string;
    paymentId: string;
    orderId: number | null;
    gatewayPaymentId: string | null;
    amount: number;
  }): Promise<{ refund: RefundRow; created: boolean }> {
    const when = iso(this.clock.now());
    const res = await this.db
      .insertInto('refunds')
      .values({
        refund_key: values.key,
        payment_id: values.paymentId,
        order_id: values.orderId,
        gateway_payment_id: values.gatewayPaymentId,
        amount: values.amount,
        status: 'requested',
        gateway_refund_id: null,
        attempts: 0,
        claimed_until: null,
        created_at: when,
        updated_at: when,
      })
      .onConflict((oc) => oc.column('refund_key').doNothing())
      .executeTakeFirst();
    const refund = await this.db.selectFrom('refunds').selectAll().where('refund_key', '=', values.key).executeTakeFirstOrThrow();
    return { refund, created: Number(res.numInsertedOrUpdatedRows ?? 0) === 1 };
  }

  refund(id: number): Promise<RefundRow | undefined> {
    return this.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  refundByGatewayId(gatewayRefundId: string): Promise<RefundRow | undefined> {
    return this.db.selectFrom('refunds').selectAll().where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst();
  }

  /** Takes a requested refund for one attempt (`leaseMs`), so two processes never ask the gateway at once. */
  async claimRefund(id: number, leaseMs: number): Promise<RefundRow | undefined> {
    const now = this.clock.now();
    const res = await this.db
      .updateTable('refunds')
      .set((eb) => ({ claimed_until: iso(now + leaseMs), attempts: eb('attempts', '+', 1), updated_at: iso(now) }))
      .where('id', '=', id)
      .where('status', '=', 'requested')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(now))]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? this.refund(id) : undefined;
  }

  /** Refunds still to be asked for (no answer from the gateway yet) whose last attempt's lease is over. */
  async refundsToRetry(now: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('refunds')
      .select('id')
      .where('status', '=', 'requested')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(now))]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Moves a refund from one of `from` to `to`; false when it was elsewhere (a replay, a race). */
  async moveRefund(id: number, from: string[], to: string, gatewayRefundId?: string): Promise<boolean> {
    const res = await this.db
      .updateTable('refunds')
      .set({ status: to, updated_at: iso(this.clock.now()), ...(gatewayRefundId ? { gateway_refund_id: gatewayRefundId } : {}) })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  // ---------- webhook events ----------

  /** Records an event id; false when it was seen before (a replay). */
  async recordEvent(eventId: string, type: string): Promise<boolean> {
    const res = await this.db
      .insertInto('payment_events')
      .values({ event_id: eventId, type, received_at: iso(this.clock.now()) })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async forgetEvent(eventId: string): Promise<void> {
    await this.db.deleteFrom('payment_events').where('event_id', '=', eventId).execute();
  }
}
