/**
 * The numbers and lists of spec §4 and §9, written once. The browser's stores and forms (through
 * `@storefront/shared`) and the API server's domain both read them, so a spec change is one edit here.
 * The shopper-facing messages stay with their schemas (shared/src/validation, api/src/schemas/).
 */

/**
 * Issue 36: a list or search total is counted up to this many; past it the answer says `total_capped` and
 * the shop shows "1,000+". Shoppers type thousands of distinct searches: a full count of each would be a
 * scan of every match, so a flood of new strings could not be answered in time.
 */
export const LIST_TOTAL_CAP = 1000;

/** A list total as the shop shows it: "1,000+" past the cap, else the count ("12", "1,000"). */
export function listTotalText(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-IN')}${capped ? '+' : ''}`;
}

/** Spec §5/§9: the cart total may not exceed ₹10,000 (rupees). */
export const CART_TOTAL_LIMIT = 10_000;
/** The same limit in paise, as the API stores money. */
export const CART_TOTAL_LIMIT_PAISE = CART_TOTAL_LIMIT * 100;
/** Spec §9: per-line quantity bounds; stock minus what is already in the cart caps it further. */
export const MAX_LINE_QUANTITY = 5;
export const MIN_LINE_QUANTITY = 1;

/** Every status an order can be in (spec §4, plus the prepaid states of issue 14). */
export const ORDER_STATUSES = [
  'payment_pending',
  'order_placed',
  'order_confirmed',
  'dispatched_from_retailer',
  'processed_by_wholesaler',
  'ready_for_pickup',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'payment_failed',
  /** An unpaid prepaid order whose stock hold ran out (PAYMENT_HOLD_MINUTES); its stock went back. */
  'payment_expired',
  /** Issue 38: the courier brought the parcel back (a refused cash-on-delivery parcel); its stock is back. */
  'returned_to_origin',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses in which the customer may cancel (spec §4). */
export const CANCELLABLE_STATUSES = [
  'order_placed',
  'order_confirmed',
  'dispatched_from_retailer',
  'processed_by_wholesaler',
  'ready_for_pickup',
] as const satisfies readonly OrderStatus[];

/**
 * True when an order in this status can still be cancelled by the customer: spec §4's five, and an unpaid
 * prepaid order waiting for its payment (issue 14: nothing was charged, its stock returns at once).
 */
export function isCancellable(status: string): boolean {
  return status === 'payment_pending' || (CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

/** The delivery path every order walks, in order (track-order steps). */
export const DELIVERY_PATH = [
  'order_placed',
  'order_confirmed',
  'dispatched_from_retailer',
  'processed_by_wholesaler',
  'ready_for_pickup',
  'shipped',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly OrderStatus[];

/** Cancel reasons (spec §5), in the spec's order; 'Other' needs a text. */
export const CANCEL_REASONS = [
  'Ordered by Mistake',
  'Found Cheaper Elsewhere',
  'Delivery Time is Too Long',
  'Changed My Mind',
  'Product Details Are Incorrect',
  'Payment Issue',
  'Quantity Issue',
  'Not Needed Anymore',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * Where the money of an order stands. cod: cash on delivery, no payment online. pending → paid | failed
 * | expired | cancelled (cancelled before paying: nothing was charged). paid → refund_pending → refunded,
 * or refund_failed when the gateway could not refund (the shop follows up).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'cod',
  'expired',
  'cancelled',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Spec §3: how an order is paid. */
export const PAYMENT_METHODS = ['cod', 'prepaid'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Who or what caused a history entry. */
export const HISTORY_ACTORS = ['customer', 'gateway', 'system', 'store'] as const;
export type HistoryActor = (typeof HISTORY_ACTORS)[number];

/** Spec §4: status text turns snake_case into Title Case words ('order_placed' → 'Order Placed'). */
export function formatStatus(status: string | null | undefined): string {
  if (!status) return '';
  return status
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/**
 * Unpaid prepaid checkouts one customer may have open at once (issue 35). Each holds its stock for the
 * payment hold and creates a gateway order: two covers a second tab or a changed mind, more only lets one
 * account keep stock from everyone else.
 */
export const MAX_OPEN_PREPAID_CHECKOUTS = 2;
