import type { Order } from '../api/types';

/** Rupees (string with two decimals, or a number) → integer paise; anything unreadable counts as 0. */
export function toPaise(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** The money lines of one order (spec §9), in rupees. */
export interface OrderAmounts {
  unitAmount: number;
  discount: number;
  subtotal: number;
  total: number;
}

/**
 * Spec §9 order summary: unit amount is price ÷ quantity (price is the line total), subtotal is price −
 * discount, total equals subtotal; shipping is always Free. Computed in paise so rupees add up exactly.
 */
export function summarizeOrder(order: Pick<Order, 'price' | 'quantity' | 'discount_amount'>): OrderAmounts {
  const price = toPaise(order.price);
  const discount = Math.min(Math.max(0, toPaise(order.discount_amount)), price);
  const quantity = order.quantity > 0 ? order.quantity : 1;
  const subtotal = price - discount;
  return { unitAmount: Math.round(price / quantity) / 100, discount: discount / 100, subtotal: subtotal / 100, total: subtotal / 100 };
}

export interface SummaryLineInput {
  key: string;
  name: string;
  variation: string;
  /** Unit price in rupees ("1299.00"). */
  unitPrice: string | number;
  quantity: number;
}

export interface SummaryLine {
  key: string;
  name: string;
  variation: string;
  quantity: number;
  /** Line total in rupees. */
  price: number;
  /** price ÷ quantity, in rupees. */
  unitAmount: number;
}

export interface LinesSummary {
  lines: SummaryLine[];
  price: number;
  discount: number;
  subtotal: number;
  total: number;
}

/** The same rules over several lines and one discount (checkout summary); a discount never makes it negative. */
export function summarizeLines(lines: readonly SummaryLineInput[], discountRupees: string | number = 0): LinesSummary {
  let pricePaise = 0;
  const out = lines.map((l) => {
    const quantity = Math.max(0, Math.floor(l.quantity));
    const linePaise = toPaise(l.unitPrice) * quantity;
    pricePaise += linePaise;
    return {
      key: l.key,
      name: l.name,
      variation: l.variation,
      quantity,
      price: linePaise / 100,
      unitAmount: quantity > 0 ? Math.round(linePaise / quantity) / 100 : 0,
    };
  });
  const discountPaise = Math.min(Math.max(0, toPaise(discountRupees)), pricePaise);
  const subtotalPaise = pricePaise - discountPaise;
  return { lines: out, price: pricePaise / 100, discount: discountPaise / 100, subtotal: subtotalPaise / 100, total: subtotalPaise / 100 };
}

/** Spec §3: payment_method 'cod' is cash on delivery; any other value means prepaid. */
export function paymentMethodLabel(method: string | null | undefined): 'COD' | 'Prepaid' {
  return method?.toLowerCase() === 'cod' ? 'COD' : 'Prepaid';
}

/** Newest first by order date, then by id. */
export function newestFirst<T extends Pick<Order, 'order_date' | 'order_id'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    const diff = Date.parse(b.order_date) - Date.parse(a.order_date);
    return diff !== 0 && Number.isFinite(diff) ? diff : b.order_id - a.order_id;
  });
}
