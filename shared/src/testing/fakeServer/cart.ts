import type { Api } from '../../api/Api';
import { ApiError } from '../../api/errors';
import type { CartLine, Product, WishlistItem } from '../../api/types';
import { CART_TOTAL_LIMIT, MAX_LINE_QUANTITY } from '../../constants';
import { ok, rupees, type FakeServer, type FakeState } from './server';

const findVariant = (state: FakeState, productId: number, variantId: number) => {
  const p = state.products.find((x) => x.id === productId);
  const v = p?.variations.find((x) => x.id === variantId);
  if (!p || !v) throw new ApiError(404, ['Product not found']);
  return { p, v };
};
/** A cart line of `quantity` of a product's variation, shaped as the server sends it. */
export const toLine = (p: Product, vId: number, quantity: number): CartLine => {
  const v = p.variations.find((x) => x.id === vId)!;
  return {
    id: p.id,
    product_id: p.id,
    retailer_product_id: p.id,
    quantity,
    product_stock: v.stock,
    product_name: p.product_name,
    product_images: p.product_images,
    product_slug: p.slug,
    status: true,
    message: '',
    wishlist_id: null,
    final_price: v.final_price,
    retailer_id: p.retailer_id,
    wholesaler_id: p.wholesaler_id,
    selected_variant: { id: v.id, product_variation: v.product_variation, final_price: v.final_price, stock: v.stock },
  };
};
export const cartTotal = (lines: CartLine[]) => lines.reduce((s, l) => s + rupees(l.final_price) * l.quantity, 0);
/** Sets a line's quantity within the per-line cap, the stock and the ₹10,000 total, as the server does. */
const setLine = (state: FakeState, productId: number, variantId: number, quantity: number): CartLine => {
  const { p, v } = findVariant(state, productId, variantId);
  if (quantity > MAX_LINE_QUANTITY || quantity > v.stock) throw new ApiError(409, ['No more items can be added']);
  const others = state.cart.filter((l) => !(l.product_id === productId && l.selected_variant?.id === variantId));
  if (cartTotal(others) + rupees(v.final_price) * quantity > CART_TOTAL_LIMIT)
    throw new ApiError(422, ['Cart total cannot exceed ₹10,000.']);
  const line = toLine(p, variantId, quantity);
  const i = state.cart.findIndex((l) => l.product_id === productId && l.selected_variant?.id === variantId);
  if (i >= 0) state.cart[i] = line;
  else state.cart.push(line);
  return line;
};

type CartCalls =
  'getCart' | 'addToCart' | 'updateCart' | 'removeFromCart' | 'syncGuestCart' | 'getWishlist' | 'addToWishlist' | 'removeFromWishlist';

/** The signed-in customer's server cart and wishlist. */
export function cartCalls({ state, customer }: FakeServer): Pick<Api, CartCalls> {
  return {
    getCart: async () => {
      customer();
      return ok({ cart: state.cart.map((l) => ({ ...l })) });
    },
    addToCart: async (p) => {
      customer();
      const existing = state.cart.find((l) => l.product_id === p.product_id && l.selected_variant?.id === p.id);
      return ok({ results: setLine(state, p.product_id, p.id, (existing?.quantity ?? 0) + p.quantity) }, 'Item added to cart.');
    },
    updateCart: async (p) => {
      customer();
      return ok({ results: setLine(state, p.product_id, p.variant_id, Math.max(1, p.quantity)) }, 'Cart updated successfully');
    },
    removeFromCart: async (p) => {
      customer();
      state.cart = state.cart.filter((l) => !(l.product_id === p.product_id && l.selected_variant?.id === p.variant_id));
      return ok(undefined, 'Item removed from cart');
    },
    syncGuestCart: async (items) => {
      customer();
      for (const i of items) {
        const existing = state.cart.find((l) => l.product_id === i.product_id && l.selected_variant?.id === i.id);
        setLine(state, i.product_id, i.id, (existing?.quantity ?? 0) + i.quantity);
      }
      return ok({ cart: state.cart.map((l) => ({ ...l })) }, 'Cart synced');
    },
    getWishlist: async () => {
      customer();
      return ok(
        state.wishlist.map<WishlistItem>((id, i) => ({
          wishlist_id: i + 1,
          product_id: id,
          created_at: '2026-11-01T00:00:00.000Z',
          product: state.products.find((p) => p.id === id)!,
        })),
      );
    },
    addToWishlist: async (id) => {
      customer();
      if (!state.wishlist.includes(id)) state.wishlist.push(id);
      return ok(undefined, 'Product added to wishlist');
    },
    removeFromWishlist: async (id) => {
      customer();
      state.wishlist = state.wishlist.filter((x) => x !== id);
      return ok(undefined, 'Product removed from wishlist');
    },
  };
}
