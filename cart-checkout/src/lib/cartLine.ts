import type { CartLine, SelectedVariant } from '@storefront/shared';

/** Spec §9 limits, as the cart panel and page hint them. */
export const MAX_LINE_QUANTITY = 5;
export const CART_TOTAL_LIMIT = 10_000;
export const MSG_NO_MORE = 'No more items can be added';
export const MSG_TOTAL_LIMIT = 'Cart total cannot exceed ₹10,000.';

/** Spec §3: the variant may be named `selected_variant` or `selectedVariant`. */
export function variantOf(line: CartLine): SelectedVariant | undefined {
  return line.selected_variant ?? line.selectedVariant;
}

/** Spec §3: the product id may be `id`, `product_id` or `retailer_product_id`. */
export function productIdOf(line: CartLine): number {
  return line.id ?? line.product_id ?? line.retailer_product_id ?? 0;
}

/** A stable key for a line: product and variant. */
export function lineKey(line: CartLine): string {
  return `${productIdOf(line)}:${variantOf(line)?.id ?? 0}`;
}

/** Unit price in rupees: the variant's price, else the line's. */
export function unitPriceOf(line: CartLine): string {
  return variantOf(line)?.final_price ?? line.final_price;
}

/** The first image of the comma-separated list, or undefined. */
export function imageOf(line: CartLine): string | undefined {
  const first = (line.product_images ?? '').split(',')[0]?.trim();
  return first || undefined;
}

/** Highest quantity this line may reach: 5, and never above the variant's stock (spec §5). */
export function maxQuantityOf(line: CartLine): number {
  const stock = variantOf(line)?.stock ?? line.product_stock;
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, Number.isFinite(stock) ? stock : MAX_LINE_QUANTITY));
}
