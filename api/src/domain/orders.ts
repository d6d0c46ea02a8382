/**
 * Order rules outside payments: the reason a customer gives for cancelling (spec §5), what the shopper is
 * told once it is cancelled, and tracking by order number (spec §7; the owner sees more, issue 13).
 */
import type { Order, TrackedOrder } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import { toOrder, toTracked } from './wire';
import { fieldError, notFound } from '../lib/errors';

/** The reason stored with a cancellation: the chosen one, or the customer's own text for 'Other'. */
export function cancelReason(selected: string, other: string | null | undefined): string {
  if (selected !== 'Other') return selected;
  if (other === undefined || other === null) throw fieldError('reject_reason_input', 'Please specify your reason');
  if (other.trim() === '') throw fieldError('reject_reason_input', 'Reason cannot be empty');
  return other.trim();
}

/** The message for a cancelled order: with the refund when it had been paid (issue 14). */
export function cancelledMessage(order: Pick<Order, 'payment_status' | 'final_amount'>): string {
  return order.payment_status === 'refund_pending' || order.payment_status === 'refunded'
    ? `Order cancelled successfully. A refund of ₹${order.final_amount} has been ${order.payment_status === 'refunded' ? 'made' : 'requested'}.`
    : 'Order cancelled successfully';
}

/** An order by its number, as tracking shows it; the full address and phones only to its signed-in owner. */
export async function trackOrder(r: Repositories, trackNo: string, viewerId: number | null): Promise<TrackedOrder> {
  const number = trackNo.trim().toUpperCase();
  const record = await r.orders.byNumber(number);
  if (!record) throw notFound('Order not found');
  const owner = viewerId !== null && (await r.orders.customerIdOf(number)) === viewerId;
  return toTracked(toOrder(record), owner);
}
