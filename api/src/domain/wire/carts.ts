import type { ServerCartLine } from '@storefront/contract';
import { productImages } from '../../db/repositories/catalog';
import type { CartRow } from '../../db/repositories/carts';
import { money } from '../../lib/money';

export function toCartLine(r: CartRow): ServerCartLine {
  const available = r.stock >= r.quantity;
  return {
    id: r.product_id,
    product_id: r.product_id,
    retailer_product_id: r.product_id,
    quantity: r.quantity,
    product_stock: r.stock,
    product_name: r.name,
    product_images: productImages(r.slug, r.image_count, r.images).join(','),
    product_slug: r.slug,
    status: available,
    message: r.stock === 0 ? 'Out of stock' : available ? '' : `Only ${r.stock} left in stock`,
    wishlist_id: r.wishlist_id,
    final_price: money(r.price),
    retailer_id: r.retailer_id,
    wholesaler_id: r.wholesaler_id,
    selected_variant: { id: r.variation_id, product_variation: r.label, final_price: money(r.price), stock: r.stock },
  };
}
