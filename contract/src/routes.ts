/**
 * Spec §2's routes, written once: the patterns, which section owns each and the page it exposes, the
 * matching rules, and the link builders. The shell routes with them, the start-up prefetch recognises
 * the first page with them, and components build links with `paths` (never from strings).
 */

/** The remotes and the modules each exposes (`./<name>` in its rspack config): one per page, plus overlays. */
export const EXPOSED_MODULES = {
  catalog: ['Home', 'About', 'Shop', 'Categories', 'Product'],
  cart_checkout: ['Cart', 'Checkout', 'Payment', 'OrderSuccess', 'OrderFailure', 'CartPanel'],
  account: ['SignIn', 'SignUp', 'ForgotPassword', 'ResetPassword', 'MyAccount', 'TrackOrder', 'SignUpModal'],
  // The back office (issue 38): one page owning everything under /admin, with its own staff session.
  admin: ['BackOffice'],
} as const;
export type RemoteName = keyof typeof EXPOSED_MODULES;
export type ExposedModule<R extends RemoteName = RemoteName> = (typeof EXPOSED_MODULES)[R][number];

/** The shell's own pages (spec §2 info pages and not-found). */
export const SHELL_PAGES = ['Faq', 'Terms', 'PrivacyPolicy', 'Support', 'Contacts', 'NotFound'] as const;
export type ShellPage = (typeof SHELL_PAGES)[number];

/** Who may open a route: anybody, only a guest (signed out), only a signed-in customer. */
export type Access = 'public' | 'guest' | 'auth';

/** A route a remote's exposed page shows. */
export type RemoteRoute = {
  [R in RemoteName]: {
    path: string;
    access: Access;
    remote: R;
    module: ExposedModule<R>;
    private?: true;
    /** See `pageQuery`: the query parameters the page reads. */
    query?: readonly string[];
  };
}[RemoteName];

export interface ShellRoute {
  path: string;
  access: Access;
  shell: ShellPage;
  /** See `isPrivateRoute`: a page for everyone that still shows the shopper's own data. */
  private?: true;
  query?: readonly string[];
}

export type RouteEntry = RemoteRoute | ShellRoute;

/** The patterns other code must recognise (the start-up prefetch, the link builders). */
export const ROUTE_PATTERNS = {
  product: '/products/:slug',
  trackOrder: '/track-order/:id',
} as const;

/** The shop's filter state in its URL (catalog's shopQuery reads and writes exactly these). */
export const SHOP_QUERY = [
  'search',
  'categories',
  'min_price',
  'max_price',
  'size',
  'in_stock',
  'out_of_stock',
  'sort_by',
  'page',
] as const;
/** The payment and outcome pages' orders, payment and amount (cart-checkout's orderLinks). */
const ORDER_OUTCOME_QUERY = ['orders', 'payment_id', 'amount'] as const;

/** The route table of spec §2: every path and the section that owns it, first match wins. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'public', remote: 'catalog', module: 'Home' },
  { path: '/about', access: 'public', remote: 'catalog', module: 'About' },
  { path: '/shop', access: 'public', remote: 'catalog', module: 'Shop', query: SHOP_QUERY },
  { path: ROUTE_PATTERNS.product, access: 'public', remote: 'catalog', module: 'Product', query: ['variant'] },
  { path: '/categories', access: 'public', remote: 'catalog', module: 'Categories' },
  { path: '/cart', access: 'public', private: true, remote: 'cart_checkout', module: 'Cart' },
  { path: '/checkout', access: 'public', private: true, remote: 'cart_checkout', module: 'Checkout' },
  { path: '/payment', access: 'auth', remote: 'cart_checkout', module: 'Payment', query: ORDER_OUTCOME_QUERY },
  { path: '/order-success', access: 'auth', remote: 'cart_checkout', module: 'OrderSuccess', query: ORDER_OUTCOME_QUERY },
  { path: '/order-failure', access: 'auth', remote: 'cart_checkout', module: 'OrderFailure', query: ORDER_OUTCOME_QUERY },
  { path: '/track-order', access: 'public', private: true, remote: 'account', module: 'TrackOrder' },
  { path: ROUTE_PATTERNS.trackOrder, access: 'public', private: true, remote: 'account', module: 'TrackOrder' },
  { path: '/signin', access: 'guest', remote: 'account', module: 'SignIn' },
  { path: '/signup', access: 'guest', remote: 'account', module: 'SignUp', query: ['mobile'] },
  { path: '/forgot-password', access: 'guest', remote: 'account', module: 'ForgotPassword' },
  { path: '/reset-password', access: 'guest', remote: 'account', module: 'ResetPassword', query: ['token'] },
  { path: '/my-account/*', access: 'auth', remote: 'account', module: 'MyAccount' },
  // The back office: no customer guard (staff sign in inside it), private (no-store, noindex), and only
  // this route ever loads the admin remote, so a shopper's page carries none of it.
  { path: '/admin/*', access: 'public', private: true, remote: 'admin', module: 'BackOffice' },
  { path: '/faq', access: 'public', shell: 'Faq' },
  { path: '/terms-use', access: 'public', shell: 'Terms' },
  { path: '/privacy-policy', access: 'public', shell: 'PrivacyPolicy' },
  { path: '/support', access: 'public', shell: 'Support' },
  { path: '/contact', access: 'public', shell: 'Contacts' },
  { path: '/not-found', access: 'public', shell: 'NotFound' },
];

/**
 * Whether a route's page is the shopper's own: every page not open to everybody, and the public ones that
 * show a cart, a checkout or an order (`private: true`). The host sends those `Cache-Control: private,
 * no-store` (no cache keeps them) and `X-Robots-Tag: noindex`, and their server render carries
 * `<meta name="robots" content="noindex">`: nothing of a shopper's session is for search engines.
 */
export function isPrivateRoute(route: RouteEntry): boolean {
  return route.access !== 'public' || route.private === true;
}

/** `isPrivateRoute` for the route owning a pathname (an unknown path is the public not-found page). */
export function isPrivatePath(pathname: string): boolean {
  const route = findRoute(pathname);
  return route !== undefined && isPrivateRoute(route);
}

export function isRemoteRoute(route: RouteEntry): route is RemoteRoute {
  return 'remote' in route;
}

/** Matches a pathname against a route pattern ('/products/:slug', '/my-account/*'). */
export function matches(pattern: string, pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return clean === base || clean.startsWith(`${base}/`);
  }
  const p = pattern.split('/');
  const s = clean.split('/');
  if (p.length !== s.length) return false;
  return p.every((seg, i) => (seg.startsWith(':') ? (s[i] ?? '') !== '' : seg === s[i]));
}

/**
 * The `:name` segments of a route pattern, decoded ('/products/:slug' on '/products/a%20b' → { slug: 'a b' }).
 * A segment that is not valid percent-encoding stays as it came, or, with `strict`, gives null.
 */
export function routeParams(pattern: string, pathname: string): Record<string, string>;
export function routeParams(pattern: string, pathname: string, opts: { strict: true }): Record<string, string> | null;
export function routeParams(pattern: string, pathname: string, opts?: { strict: true }): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (pattern.endsWith('/*')) return out;
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const s = clean.split('/');
  let malformed = false;
  pattern.split('/').forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    const raw = s[i] ?? '';
    try {
      out[seg.slice(1)] = decodeURIComponent(raw);
    } catch {
      malformed = true;
      out[seg.slice(1)] = raw;
    }
  });
  return malformed && opts?.strict ? null : out;
}

/** The route owning a pathname, or undefined (→ not-found). */
export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => matches(r.path, pathname));
}

/**
 * A page's URL as far as its page reads it: the path, then only the query parameters its route lists
 * (`query`), each once (its first value, the one `URLSearchParams.get` gives) and in the route's order.
 * Anything else (a campaign tag, a cache-buster, junk) cannot change what renders, so the server render
 * and its cache see this URL: thirty junk query strings are one page, not thirty renders.
 */
export function pageQuery(pathname: string, search: string): string {
  const names = findRoute(pathname)?.query ?? [];
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const q = kept.toString();
  return q ? `?${q}` : '';
}

// ---------- link builders ----------

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

/** A pattern's path with its `:name` segments filled in, URL-encoded. */
function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
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
    return withQuery(fill(ROUTE_PATTERNS.product, { slug }), { variant });
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
    return orderNumber ? fill(ROUTE_PATTERNS.trackOrder, { id: orderNumber }) : '/track-order';
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
  /** The back office (issue 38): `admin.orders`, `admin.order(number)`, … */
  admin: {
    home: '/admin',
    orders: '/admin/orders',
    order(orderNumber: string): string {
      return `/admin/orders/${encodeURIComponent(orderNumber)}`;
    },
    products: '/admin/products',
    settings: '/admin/settings',
    /** The owner's delivery, COD and GST settings (issue 39). */
    delivery: '/admin/delivery',
    /** The owner's search synonyms (issue 36). */
    synonyms: '/admin/search-synonyms',
    staff: '/admin/staff',
    activity: '/admin/activity',
  },
} as const;
