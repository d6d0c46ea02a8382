import type { Repositories } from '../../db/repositories';
import type { OrderRow } from '../../db/repositories/orders';
import type { PaymentRow } from '../../db/repositories/payments';

/** Closes an unpaid checkout's orders, returning their stock and the coupon use (inside the caller's transaction). */
export async function releaseCheckout(
  r: Repositories,
  payment: PaymentRow,
  rows: OrderRow[],
  change: {
    to: 'payment_failed' | 'payment_expired' | 'cancelled';
    payment_status: 'failed' | 'expired' | 'cancelled';
    cancel_reason?: string;
  },
  actor: string,
  note: string,
): Promise<void> {
  const returned: number[] = [];
  for (const row of rows) {
    if (await r.orders.move(row.id, { from: ['payment_pending'], ...change }, actor, note)) {
      await r.catalog.returnStock(row.variation_id, row.quantity);
      returned.push(row.product_id);
    }
  }
  await r.catalog.refreshProducts(returned);
  if (payment.coupon_code) {
    await r.coupons.release(payment.coupon_code);
    await r.coupons.releaseFor(payment.coupon_code, payment.customer_id);
  }
}

/** A note in the history of every order of a payment, whatever their status. */
export async function noteOrders(r: Repositories, paymentId: string, actor: string, note: string): Promise<void> {
  for (const row of await r.orders.rowsByPayment(paymentId)) await r.orders.note(row.id, row.status, actor, note);
}
