/**
 * The `<head>` tags a server-rendered page carries for search engines and link previews (issue 22):
 * a canonical link on every public page, Open Graph and Twitter card tags. Built from the route table
 * and what the page recorded with `useDocumentMeta`; every value is escaped here, so the host writes
 * the string as it is.
 */
import type { DocumentMeta, ImagePreload, PageLocation } from '@storefront/shared';
import { isPrivateRoute, type RouteEntry } from '../routeTable';

/**
 * The query parameters that make a different page of a route; every other one (a product's
 * `?variant=`, the shop's search, sort, page and price filters) shows a view of the canonical page.
 */
const CANONICAL_QUERY: Readonly<Record<string, readonly string[]>> = {
  '/shop': ['categories'],
};

export interface HeadTagsInput {
  route: RouteEntry;
  at: PageLocation;
  notFound: boolean;
  meta: DocumentMeta;
  /** The shop's public origin (runtime config `storeUrl`). */
  storeUrl: string;
  storeName: string;
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The absolute canonical URL of a page: its path on the store's origin, with only the query that names a different page. */
export function canonicalUrl(route: RouteEntry, at: PageLocation, storeUrl: string): string {
  const origin = storeUrl.replace(/\/+$/, '');
  const path = at.pathname.length > 1 ? at.pathname.replace(/\/+$/, '') : at.pathname;
  const keep = CANONICAL_QUERY[route.path] ?? [];
  const params = new URLSearchParams(at.search);
  const query = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const q = query.toString();
  return `${origin}${path}${q ? `?${q}` : ''}`;
}

/**
 * The tags, as HTML. The not-found page gets none: it is nobody's canonical page. A private page (the
 * cart, checkout, order tracking, sign-in, the account) only asks not to be indexed: it has no canonical
 * URL nor anything to preview.
 */
export function headTags({ route, at, notFound, meta, storeUrl, storeName }: HeadTagsInput): string {
  if (notFound) return '';
  if (isPrivateRoute(route)) return '<meta name="robots" content="noindex">';
  const url = canonicalUrl(route, at, storeUrl);
  const tags: string[] = [`<link rel="canonical" href="${escapeAttr(url)}">`];
  const property = (name: string, content: string | undefined) => {
    if (content) tags.push(`<meta property="${name}" content="${escapeAttr(content)}">`);
  };
  const named = (name: string, content: string | undefined) => {
    if (content) tags.push(`<meta name="${name}" content="${escapeAttr(content)}">`);
  };
  const social = meta.social;
  property('og:type', social?.type === 'product' ? 'product' : 'website');
  property('og:site_name', storeName);
  property('og:title', meta.title);
  property('og:description', meta.description);
  property('og:url', url);
  property('og:image', social?.image);
  if (social?.price) {
    property('product:price:amount', social.price);
    property('product:price:currency', 'INR');
  }
  if (social?.inStock !== undefined) property('product:availability', social.inStock ? 'in stock' : 'out of stock');
  named('twitter:card', social?.image ? 'summary_large_image' : 'summary');
  named('twitter:title', meta.title);
  named('twitter:description', meta.description);
  named('twitter:image', social?.image);
  return tags.join('');
}

/**
 * The page's LCP pictures as preload links, written before the render's markup: the host moves a
 * render's leading links into `<head>` (ops/src/host/render/).
 */
export function imagePreloadLinks(preloads: readonly ImagePreload[] | undefined): string {
  return (preloads ?? [])
    .map(
      (p) =>
        `<link rel="preload" as="image" href="${escapeAttr(p.href)}"` +
        (p.srcSet ? ` imagesrcset="${escapeAttr(p.srcSet)}"` : '') +
        (p.sizes ? ` imagesizes="${escapeAttr(p.sizes)}"` : '') +
        ' fetchpriority="high">',
    )
    .join('');
}
