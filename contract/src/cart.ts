// Wire shapes of the cart, the wishlist and coupons (spec §3/§7).
import type { Product } from './products';
import type { Money } from './store';

/** The selected variant of a cart line; older payloads name it `selectedVariant`. */
export interface SelectedVariant {
  id: number;
  product_variation: string;
  final_price: Money;
  stock: number;
}

/**
 * A cart line as the API server sends it (spec §3 cart item): `id`, `product_id` and
 * `retailer_product_id` (all the product id), the line's status and message, and `selected_variant`.
 */
export interface ServerCartLine {
  id: number;
  product_id: number;
  retailer_product_id: number;
  quantity: number;
  product_stock: number;
  product_name: string;
  product_images: string;
  product_slug: string;
  status: boolean;
  message: string;
  wishlist_id: number | null;
  final_price: Money;
  retailer_id: number;
  wholesaler_id: number | null;
  selected_variant: SelectedVariant;
}

/**
 * A cart line as the browser holds it: a {@link ServerCartLine}, or a line saved by an older client, which
 * may carry only one of the ids, no status or message, or the variant as `selectedVariant` (spec §3).
 */
export interface CartLine {
  id?: number;
  product_id?: number;
  retailer_product_id?: number;
  quantity: number;
  product_stock: number;
  product_name: string;
  product_images: string;
  product_slug: string;
  status?: boolean;
  message?: string;
  wishlist_id?: number | null;
  final_price: Money;
  retailer_id: number;
  wholesaler_id: number | null;
  selected_variant?: SelectedVariant;
  selectedVariant?: SelectedVariant;
}

export interface WishlistItem {
  wishlist_id: number;
  product_id: number;
  created_at: string;
  product: Product;
}

export interface Coupon {
  code: string;
  type: 'percent' | 'flat';
  value: number;
  discount_amount: Money;
  min_amount: Money;
}

export interface AddToCartPayload {
  retailer_id: number;
  wholesaler_id: number | null;
  /** Variant id. */
  id: number;
  quantity: number;
  product_id: number;
}

export interface GuestCartItemPayload {
  product_id: number;
  quantity: number;
  retailer_id: number;
  wholesaler_id: number | null;
  selected_variant: SelectedVariant;
  id: number;
}
