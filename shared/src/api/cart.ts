import type { Api } from './Api';
import type { ApiClient } from './client';
import { CUSTOMER_URLS } from '../apiUrls';

type CartApi = Pick<
  Api,
  'getCart' | 'addToCart' | 'updateCart' | 'removeFromCart' | 'syncGuestCart' | 'getWishlist' | 'addToWishlist' | 'removeFromWishlist'
>;

/** Cart and wishlist calls of spec §7 (customer calls: the client adds the bearer token). */
export function cartApi(c: ApiClient): CartApi {
  return {
    getCart: (o) => c.get(CUSTOMER_URLS.cart, o),
    addToCart: (payload, o) => c.post('/customer/add-to-cart', payload, o),
    updateCart: (payload, o) => c.post('/customer/update-cart', payload, o),
    removeFromCart: (payload, o) => c.post('/customer/remove-to-cart', payload, o),
    syncGuestCart: (items, o) => c.post('/customer/add-to-cart-guest', { cart_items: items }, o),
    getWishlist: (o) => c.get(CUSTOMER_URLS.wishlist, o),
    addToWishlist: (productId, o) => c.post('/customer/add-to-wishlist', { product_id: productId }, o),
    removeFromWishlist: (productId, o) => c.post('/customer/remove-to-wishlist', { product_id: productId }, o),
  };
}
