import { lineProductId, lineVariant, type CartLine } from '@storefront/shared';

/** React key of a cart line: the product and its variant (spec §4: a line is matched by both). */
export function cartLineKey(line: CartLine): string {
  const v = lineVariant(line);
  return `${lineProductId(line) ?? '?'}:${v?.id ?? v?.product_variation ?? ''}`;
}
