/**
 * The order lifecycle the shop's staff drive (issue 38), written once for the API (which refuses every
 * other move) and the browser (the back office offers only these; tracking shows the statuses).
 *
 * placed → confirmed → (dispatched from retailer) → (processed by wholesaler) → shipped (courier and AWB)
 * → out for delivery → delivered. A pickup order goes ready_for_pickup → delivered (collected at the shop).
 * A parcel the courier brings back (a refused cash-on-delivery parcel) is returned_to_origin: stock back, a
 * paid one refunded. The shop cancels, with a reason, while the parcel is still with it (spec §4's
 * cancellable statuses).
 */
import type { OrderStatus } from './rules';

/** Where the staff may move an order from each status; a status missing here is final for the staff. */
export const ORDER_TRANSITIONS: Readonly<Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  order_placed: ['order_confirmed', 'cancelled'],
  order_confirmed: ['dispatched_from_retailer', 'processed_by_wholesaler', 'ready_for_pickup', 'shipped', 'cancelled'],
  dispatched_from_retailer: ['processed_by_wholesaler', 'ready_for_pickup', 'shipped', 'cancelled'],
  processed_by_wholesaler: ['ready_for_pickup', 'shipped', 'cancelled'],
  ready_for_pickup: ['delivered', 'cancelled'],
  shipped: ['out_for_delivery', 'delivered', 'returned_to_origin'],
  out_for_delivery: ['delivered', 'returned_to_origin'],
};

/**
 * Steps of DELIVERY_PATH an order takes only sometimes (a wholesaler in between, a pickup at the shop):
 * tracking shows them when the order went through them, never as steps still ahead.
 */
export const OPTIONAL_STEPS = [
  'dispatched_from_retailer',
  'processed_by_wholesaler',
  'ready_for_pickup',
] as const satisfies readonly OrderStatus[];

/** The statuses an order in `from` may move to (empty when none). */
export function nextStatuses(from: string): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from as OrderStatus] ?? [];
}

/** Whether the staff may move an order from `from` to `to`. */
export function canMove(from: string, to: string): boolean {
  return (nextStatuses(from) as readonly string[]).includes(to);
}

/** A tracking link must be a plain https page (shown to the shopper as a link). */
export const TRACKING_URL_PATTERN = '^https://[^\\s<>"]+$';
