/**
 * Routes of spec §2 and their link builders, in one place: components never build paths from strings.
 */
export interface ShopQuery {
  search?: string;
  /** Lower-cased category names (spec §2). */
  categories?: string[];
  [key: string]: string | string[] | undefined;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const paths = {
  home: '/',
  about: '/about',
  categories: '/categories',
  /** `/shop`, `/shop?search=<term>` (URL-encoded), `/shop?categories=<lower-cased name>`. */
  shop(query: ShopQuery = {}): string {
    const flat: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(query)) flat[k] = Array.isArray(v) ? (v.length ? v.join(',') : undefined) : v;
    return withQuery('/shop', flat);
  },
  /** Spec §2: category links carry the lower-cased category name. */
  category(name: string): string {
    return withQuery('/shop', { categories: name.toLowerCase() });
  },
  search(term: string): string {
    return withQuery('/shop', { search: term.trim() });
  },
  product(slug: string, variant?: string): string {
    return withQuery(`/products/${encodeURIComponent(slug)}`, { variant });
  },
  cart: '/cart',
  checkout: '/checkout',
  payment: '/payment',
  orderSuccess: '/order-success',
  orderFailure: '/order-failure',
  faq: '/faq',
  terms: '/terms-use',
  privacy: '/privacy-policy',
  support: '/support',
  contact: '/contact',
  trackOrder(orderNumber?: string): string {
    return orderNumber ? `/track-order/${encodeURIComponent(orderNumber)}` : '/track-order';
  },
  signin: '/signin',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword(token?: string): string {
    return withQuery('/reset-password', { token });
  },
  myAccount: {
    profile: '/my-account',
    orders: '/my-account/orders',
    wishlist: '/my-account/wishlist',
    address: '/my-account/address',
    password: '/my-account/password',
  },
  notFound: '/not-found',
} as const;
