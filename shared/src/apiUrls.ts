/**
 * Paths of the public catalogue reads that both the API client (`api/catalog.ts`) and the start-up
 * prefetch (`prefetch.ts`) send, written once so a prefetched answer is always found under the
 * key the client asks for. Dependency-free: the prefetch runs before any shared singleton exists.
 */
export const CATALOG_URLS = {
  storeInfo: '/store-info',
  homeSections: '/home-page-sections',
  newArrivals: '/new-arrivals',
  featuredProducts: '/get-featured-products',
  productDetails: (slug: string) => `/single-product-details/${encodeURIComponent(slug)}`,
  states: '/states',
} as const;

/**
 * The signed-in shopper's reads a personal page makes as it starts (the session's cart and wishlist, My
 * Orders' list): sent by the client and, with the saved bearer token, by the start-up prefetch.
 */
export const CUSTOMER_URLS = {
  cart: '/customer/cart',
  wishlist: '/customer/wishlist',
  orders: '/customer/orders',
} as const;
