import type { Order } from '@storefront/shared';

/** The order statuses in which a customer may still cancel (spec §4). */
export const CANCELLABLE_STATUSES: readonly string[] = [
  'order_placed',
  'order_confirmed',
  'dispatched_from_retailer',
  'processed_by_wholesaler',
  'ready_for_pickup',
];

/** Whether the customer can cancel an order in this status (spec §4). */
export function isCancellable(status: string): boolean {
  return CANCELLABLE_STATUSES.includes(status);
}

/** The money lines of the Order Details drawer, in rupees (spec §9 order summary). */
export interface OrderSummary {
  unitAmount: number;
  discount: number;
  subtotal: number;
  total: number;
}

function rupees(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : 0;
}

/**
 * Spec §9: unit amount is price ÷ quantity (price is the line total); subtotal is price − discount;
 * total equals subtotal; shipping is always Free.
 */
export function summarizeOrder(order: Pick<Order, 'price' | 'quantity' | 'discount_amount'>): OrderSummary {
  const price = rupees(order.price);
  const discount = rupees(order.discount_amount);
  const quantity = order.quantity > 0 ? order.quantity : 1;
  const subtotal = price - discount;
  return { unitAmount: price / quantity, discount, subtotal, total: subtotal };
}

/** Spec §3: payment_method 'cod' is cash on delivery; any other value means prepaid. */
export function paymentMethodLabel(method: string | null | undefined): 'COD' | 'Prepaid' {
  return method?.toLowerCase() === 'cod' ? 'COD' : 'Prepaid';
}

/** Newest first by order date, then by id (the server already sorts; this keeps the rule local and tested). */
export function newestFirst<T extends Pick<Order, 'order_date' | 'order_id'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    const diff = Date.parse(b.order_date) - Date.parse(a.order_date);
    return diff !== 0 && Number.isFinite(diff) ? diff : b.order_id - a.order_id;
  });
}
