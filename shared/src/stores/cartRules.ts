import { CART_TOTAL_LIMIT, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '../constants';
import { MESSAGES } from '../messages';
import { lineTotal, toRupees } from '../format/money';
import type { CartLine, SelectedVariant } from '../api/types';

/**
 * Cart rules of spec §3–§5 and §9 as pure functions: which line is which, what it costs, and how far a
 * quantity may go. The cart store and every screen use these; nothing else restates them.
 */

/** Spec §3: a line's product id is `id`, `product_id` or `retailer_product_id`, whichever is present. */
export function lineProductId(line: Pick<CartLine, 'id' | 'product_id' | 'retailer_product_id'>): number | undefined {
  return line.id ?? line.product_id ?? line.retailer_product_id;
}

/** Spec §3: the variant may be named `selected_variant` or `selectedVariant`. */
export function lineVariant(line: Pick<CartLine, 'selected_variant' | 'selectedVariant'>): SelectedVariant | undefined {
  return line.selected_variant ?? line.selectedVariant;
}

/** Spec §4: lines match when the product ids and the variants (id, else its variation label) match. */
export function sameLine(
  a: CartLine,
  productId: number | undefined,
  variant: Pick<SelectedVariant, 'id' | 'product_variation'> | undefined,
): boolean {
  if (lineProductId(a) !== productId) return false;
  const v = lineVariant(a);
  if (!v || !variant) return !v && !variant;
  if (v.id !== undefined && variant.id !== undefined) return v.id === variant.id;
  return v.product_variation === variant.product_variation;
}

/** A line's unit price in rupees: its variant's price, else the line's own. */
export function unitPrice(line: CartLine): number {
  return toRupees(lineVariant(line)?.final_price ?? line.final_price);
}

/** A line's stock: the line's `product_stock`, else its variant's. */
export function lineStock(line: CartLine): number {
  return line.product_stock ?? lineVariant(line)?.stock ?? 0;
}

export function lineAmount(line: CartLine): number {
  return lineTotal(unitPrice(line), line.quantity);
}

/** Cart total in rupees, summed in paise. */
export function cartTotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + Math.round(lineAmount(l) * 100), 0) / 100;
}

/** Spec §4: empty entries (no product, no quantity) are removed. */
export function withoutEmptyLines(lines: readonly CartLine[]): CartLine[] {
  return lines.filter((l) => l && lineProductId(l) !== undefined && Number.isFinite(l.quantity) && l.quantity > 0);
}

/** The highest quantity a line may reach: at most 5 and at most its stock (spec §5). */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, stock));
}

export type QuantityCheck = { ok: true } | { ok: false; reason: 'cap' | 'total' | 'min'; message: string };

/**
 * Whether a line may go from `current` to `next` units (spec §5): not below 1, not above 5 nor the
 * stock, and — when increasing — the cart total may not rise above ₹10,000.
 */
export function checkQuantity(
  lines: readonly CartLine[],
  args: { current: number; next: number; stock: number; unitPrice: number },
): QuantityCheck {
  if (args.next < MIN_LINE_QUANTITY) return { ok: false, reason: 'min', message: MESSAGES.noMoreItems };
  if (args.next <= args.current) return { ok: true };
  if (args.next > maxQuantity(args.stock)) return { ok: false, reason: 'cap', message: MESSAGES.noMoreItems };
  const newTotal = cartTotal(lines) + lineTotal(args.unitPrice, args.next - args.current);
  if (newTotal > CART_TOTAL_LIMIT) return { ok: false, reason: 'total', message: MESSAGES.cartTotalLimit };
  return { ok: true };
}

/** True when the plus button should say 'No more items can be added' (spec §5). */
export function atQuantityCap(line: CartLine): boolean {
  return line.quantity >= maxQuantity(lineStock(line));
}
