/**
 * The first screen's data, requested before any framework code has loaded: the shell's start-up calls
 * `startFirstScreenPrefetch` as soon as it knows the API's address, so the store information, the
 * page's public catalogue calls and a signed-in shopper's cart, wishlist and order list run in parallel with the scripts
 * instead of after them; the API client then adopts these responses (`takePrefetched`) instead of asking
 * again.
 *
 * This entry (`@storefront/shared/prefetch`) is deliberately tiny and dependency-free — no client, no
 * React — because it runs before the shared singletons exist. It is not a Module Federation shared
 * module: the shell bundles it; the hand-over happens through one property of `window`.
 */
import { ROUTE_PATTERNS, matches, routeParams } from '@storefront/contract/routes';
import { CATALOG_URLS, CUSTOMER_URLS } from './apiUrls';
import { STATE_KEY } from './stores/persistence';
import { BANNER_SIZES, pictureFallbackSrc, pictureInfo, pictureSrcSet } from './format/images';

/** A call the first screen makes: public catalogue reads, and a signed-in shopper's own list (no body). */
export interface PrefetchCall {
  method: 'GET' | 'POST';
  url: string;
  /** Sent with the saved session's bearer token. */
  customer?: boolean;
}

/** What a prefetched call settles to: the parsed body and status, or a network failure. */
export interface Prefetched {
  status: number;
  data: unknown;
  startedAt: number;
  /** The bearer token it was asked with: handed over only to a client asking with the same one. */
  token: string | null;
}

/** Every page's header and theme read the store information. */
const ALWAYS: PrefetchCall[] = [{ method: 'POST', url: CATALOG_URLS.storeInfo }];

/**
 * The public calls each first page makes (catalog's home and product pages), with the methods
 * `api/catalog.ts` uses; the cart, checkout and account pages read customer data, which waits for the
 * session.
 */
export function firstScreenCalls(pathname: string): PrefetchCall[] {
  const calls = [...ALWAYS];
  if (pathname === '/') {
    calls.push(
      { method: 'GET', url: CATALOG_URLS.homeSections },
      { method: 'GET', url: CATALOG_URLS.newArrivals },
      { method: 'POST', url: CATALOG_URLS.featuredProducts },
    );
  }
  // The router hands the page the decoded slug; the client encodes it again: so does this. A slug that
  // is not valid percent-encoding is left to the page.
  const product = matches(ROUTE_PATTERNS.product, pathname) ? routeParams(ROUTE_PATTERNS.product, pathname, { strict: true }) : null;
  if (product?.slug) calls.push({ method: 'GET', url: CATALOG_URLS.productDetails(product.slug) });
  return calls;
}

/**
 * Public reads a page makes in the browser even when it was rendered on the server: the checkout's list of
 * states, which its address form asks for once the shopper's cart is applied. Asked for with the scripts,
 * a guest's checkout sends no request of its own as it loads (and so needs no HTTP library yet).
 */
export function browserOnlyCalls(pathname: string): PrefetchCall[] {
  return pathname.replace(/\/+$/, '') === '/checkout' ? [{ method: 'GET', url: CATALOG_URLS.states }] : [];
}

/**
 * A signed-in shopper's own reads as a page starts: the session's cart and wishlist on every page (the
 * shell's bootstrap asks for them), and My Orders' list. Asked for with the saved session's token while the
 * scripts load (a second or more under slow 4G) instead of after them, and with them the page needs no
 * HTTP library as it loads. A copy is handed only to a client asking with the same token, once, within
 * PREFETCH_MAX_AGE_MS; the shopper cannot change the cart on this page before the session takes it.
 */
export function customerFirstScreenCalls(pathname: string, ownContentRendered = false): PrefetchCall[] {
  const calls: PrefetchCall[] = [
    { method: 'GET', url: CUSTOMER_URLS.cart, customer: true },
    { method: 'GET', url: CUSTOMER_URLS.wishlist, customer: true },
  ];
  // A page rendered with the shopper's session (issue 33) brought their order list: asking again
  // would only spend a request while the scripts load.
  if (!ownContentRendered && pathname.replace(/\/+$/, '') === '/my-account/orders')
    calls.push({ method: 'GET', url: CUSTOMER_URLS.orders, customer: true });
  return calls;
}

/** The saved session's bearer token (spec §4's one storage key), when the shopper is signed in. */
export function savedToken(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string | null {
  try {
    const auth = (JSON.parse(storage?.getItem(STATE_KEY) ?? 'null') as { auth?: { token?: unknown; isAuthenticated?: unknown } } | null)
      ?.auth;
    return auth?.isAuthenticated === true && typeof auth.token === 'string' && auth.token ? auth.token : null;
  } catch {
    return null;
  }
}

/** A prefetched answer older than this is not used: the page asks again. */
export const PREFETCH_MAX_AGE_MS = 30_000;

const GLOBAL_KEY = '__storefrontPrefetch';

type PrefetchMap = Map<string, Promise<Prefetched | null>>;

function store(): PrefetchMap | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, PrefetchMap | undefined>)[GLOBAL_KEY];
}

export function prefetchKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/**
 * The home page's largest paint is its first banner (catalog's HomeBanners): as soon as the sections
 * arrive its image is requested at high priority, so it is in the cache when React renders the slide.
 */
function preloadFirstBanner(answer: Prefetched | null): void {
  const result = (answer?.data as { result?: { banners?: { image?: unknown }[] } } | null)?.result;
  const image = result?.banners?.[0]?.image;
  if (typeof image !== 'string' || !image || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  // The same srcset and sizes as the banner's <img> (shared/src/ui/Picture.tsx), or the browser
  // would fetch a second, differently sized file when the slide renders.
  const info = pictureInfo(image);
  if (info) {
    link.setAttribute('imagesrcset', pictureSrcSet(image, info));
    link.setAttribute('imagesizes', BANNER_SIZES);
  }
  link.href = info ? pictureFallbackSrc(image, info) : image;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/**
 * Starts the first screen's calls with plain `fetch`; failures settle to `null` (the page asks again).
 * `publicCalls: false` for a page rendered on the server, whose public answers came with it; `token` is the
 * saved session's, for the shopper's own first list; `ownContentRendered` when the server rendered the
 * page with that session (its own lists came with it too).
 */
export function startFirstScreenPrefetch(
  apiBaseUrl: string,
  apiKey: string,
  pathname: string,
  {
    publicCalls = true,
    token = null,
    ownContentRendered = false,
  }: { publicCalls?: boolean; token?: string | null; ownContentRendered?: boolean } = {},
): void {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return;
  const map: PrefetchMap = store() ?? new Map();
  (window as unknown as Record<string, PrefetchMap>)[GLOBAL_KEY] = map;
  const base = apiBaseUrl.replace(/\/$/, '');
  const calls = [
    ...(publicCalls ? firstScreenCalls(pathname) : []),
    ...browserOnlyCalls(pathname),
    ...(token ? customerFirstScreenCalls(pathname, ownContentRendered) : []),
  ];
  for (const call of calls) {
    const startedAt = Date.now();
    const bearer = call.customer ? token : null;
    const headers: Record<string, string> = { 'x-api-key': apiKey, Accept: 'application/json' };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const p = fetch(`${base}${call.url}`, { method: call.method, headers, credentials: 'same-origin' })
      .then(async (res) => ({ status: res.status, data: await res.json().catch(() => null), startedAt, token: bearer }))
      .catch(() => null);
    if (call.url === CATALOG_URLS.homeSections) void p.then(preloadFirstBanner);
    map.set(prefetchKey(call.method, call.url), p);
  }
}

/**
 * Hands over a prefetched answer once (the next call asks the server). Only successful, fresh answers
 * are used; anything else makes the caller send its own request, so errors are handled in one place.
 */
export async function takePrefetched(method: string, url: string, token: string | null = null): Promise<{ data: unknown } | null> {
  const map = store();
  const key = prefetchKey(method, url);
  const p = map?.get(key);
  if (!p) return null;
  map?.delete(key);
  const got = await p;
  if (!got || got.status < 200 || got.status >= 300) return null;
  if (Date.now() - got.startedAt > PREFETCH_MAX_AGE_MS) return null;
  // Asked as somebody else (signed out or in as another shopper since): not this caller's answer.
  if (got.token !== null && got.token !== token) return null;
  return { data: got.data };
}

/**
 * Forgets a prefetched copy of a call the page answered otherwise (a server render brought it): left
 * waiting, it would be adopted by a later read of the same call, after a change, and show data older
 * than the page's.
 */
export function dropPrefetched(method: string, url: string): void {
  store()?.delete(prefetchKey(method, url));
}

/** Whether a prefetch for this call is waiting (so the client does not start a second request). */
export function hasPrefetched(method: string, url: string): boolean {
  return store()?.has(prefetchKey(method, url)) ?? false;
}
