/**
 * The route table of spec §2: every path and the section that owns it. Plain data with no React import,
 * so `index.ts` can match the first route and start loading its remote before React is evaluated.
 */
import type { PageLocation } from '@storefront/shared';

export type RemoteName = 'catalog' | 'cart_checkout' | 'account';
export type Access = 'public' | 'guest' | 'auth';

export interface RemoteRoute {
  path: string;
  access: Access;
  remote: RemoteName;
  /** Exposed module name (`./<module>` in the remote's config). */
  module: string;
}

export interface ShellRoute {
  path: string;
  access: Access;
  shell: 'Faq' | 'Terms' | 'PrivacyPolicy' | 'Support' | 'Contacts' | 'NotFound';
}

export type RouteEntry = RemoteRoute | ShellRoute;

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'public', remote: 'catalog', module: 'Home' },
  { path: '/about', access: 'public', remote: 'catalog', module: 'About' },
  { path: '/shop', access: 'public', remote: 'catalog', module: 'Shop' },
  { path: '/products/:slug', access: 'public', remote: 'catalog', module: 'Product' },
  { path: '/categories', access: 'public', remote: 'catalog', module: 'Categories' },
  { path: '/cart', access: 'public', remote: 'cart_checkout', module: 'Cart' },
  { path: '/checkout', access: 'public', remote: 'cart_checkout', module: 'Checkout' },
  { path: '/payment', access: 'auth', remote: 'cart_checkout', module: 'Payment' },
  { path: '/order-success', access: 'auth', remote: 'cart_checkout', module: 'OrderSuccess' },
  { path: '/order-failure', access: 'auth', remote: 'cart_checkout', module: 'OrderFailure' },
  { path: '/track-order', access: 'public', remote: 'account', module: 'TrackOrder' },
  { path: '/track-order/:id', access: 'public', remote: 'account', module: 'TrackOrder' },
  { path: '/signin', access: 'guest', remote: 'account', module: 'SignIn' },
  { path: '/signup', access: 'guest', remote: 'account', module: 'SignUp' },
  { path: '/forgot-password', access: 'guest', remote: 'account', module: 'ForgotPassword' },
  { path: '/reset-password', access: 'guest', remote: 'account', module: 'ResetPassword' },
  { path: '/my-account/*', access: 'auth', remote: 'account', module: 'MyAccount' },
  { path: '/faq', access: 'public', shell: 'Faq' },
  { path: '/terms-use', access: 'public', shell: 'Terms' },
  { path: '/privacy-policy', access: 'public', shell: 'PrivacyPolicy' },
  { path: '/support', access: 'public', shell: 'Support' },
  { path: '/contact', access: 'public', shell: 'Contacts' },
  { path: '/not-found', access: 'public', shell: 'NotFound' },
];

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
  return p.every((seg, i) => seg.startsWith(':') ? (s[i] ?? '') !== '' : seg === s[i]);
}

/** The `:name` segments of a route pattern, decoded ('/products/:slug' on '/products/a%20b' → { slug: 'a b' }). */
export function routeParams(pattern: string, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (pattern.endsWith('/*')) return out;
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const s = clean.split('/');
  pattern.split('/').forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    const raw = s[i] ?? '';
    try {
      out[seg.slice(1)] = decodeURIComponent(raw);
    } catch {
      out[seg.slice(1)] = raw;
    }
  });
  return out;
}

/** The route owning a pathname, or undefined (→ not-found). */
export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => matches(r.path, pathname));
}

/** The route a URL shows (the not-found page when none owns it) and where, as a page's loader takes it. */
export function pageLocation(pathname: string, search: string): { route: RouteEntry; at: PageLocation } {
  const route: RouteEntry = findRoute(pathname) ?? { path: '*', access: 'public', shell: 'NotFound' };
  return { route, at: { pathname, search, params: routeParams(route.path, pathname) } };
}
