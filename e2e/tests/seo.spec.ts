import { expect, test, type APIRequestContext } from '@playwright/test';
import { ROUTES, isPrivateRoute } from '../../shell/src/routeTable';

/**
 * What search engines read, on the server-rendered HTML the host sends (no script runs): an unknown
 * product answers 404 with the not-found page; every public page has an absolute canonical link on
 * the runtime config's storeUrl (the product page without ?variant=, the shop with its category
 * filter only); product pages carry Open Graph and Twitter card tags and Product JSON-LD with a price
 * in INR and an availability per variant; the sitemap lists the live catalogue.
 */

const HEADERS = { 'x-api-key': 'dev-storefront-key' };

interface ProductLite {
  slug: string;
  product_name: string;
  variations: { product_variation: string; final_price: string; stock: number }[];
}

async function storeUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/storefront.config.json')).json()) as { storeUrl: string };
  return config.storeUrl.replace(/\/+$/, '');
}

async function aProduct(request: APIRequestContext): Promise<ProductLite> {
  const res = await request.get('/api/new-arrivals', { headers: HEADERS });
  const list = ((await res.json()) as { data: { data: ProductLite[] } }).data.data;
  const product = list.find((p) => p.variations.length > 1);
  if (!product) throw new Error('no product with sizes');
  return product;
}

/** The value of the first tag matching `re`'s one group, decoded as an HTML attribute. */
function attr(html: string, re: RegExp): string | undefined {
  return re
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)">/);
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

test('an unknown product answers 404 with the not-found page, on the server and in the browser', async ({ request, page }) => {
  const res = await request.get('/products/no-such-kurta-anywhere');
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toContain('Page not found');
  expect(canonicalOf(html)).toBeUndefined();

  const shown = await page.goto('/products/no-such-kurta-anywhere');
  expect(shown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // Spec §2: the shopper is at /not-found.
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});

test('a product page: canonical without ?variant=, Open Graph and Twitter tags, JSON-LD offers per size in INR', async ({ request }) => {
  const origin = await storeUrl(request);
  const product = await aProduct(request);
  const size = product.variations[1]!.product_variation;
  const res = await request.get(`/products/${encodeURIComponent(product.slug)}?variant=${encodeURIComponent(size)}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const top = head(html);
  expect(canonicalOf(top)).toBe(`${origin}/products/${encodeURIComponent(product.slug)}`);
  expect(attr(top, /<meta property="og:type" content="([^"]*)">/)).toBe('product');
  expect(attr(top, /<meta property="og:title" content="([^"]*)">/)).toContain(product.product_name);
  expect(attr(top, /<meta property="og:url" content="([^"]*)">/)).toBe(`${origin}/products/${encodeURIComponent(product.slug)}`);
  expect(attr(top, /<meta property="og:image" content="([^"]*)">/)).toMatch(
    new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`),
  );
  expect(attr(top, /<meta property="product:price:currency" content="([^"]*)">/)).toBe('INR');
  expect(attr(top, /<meta name="twitter:card" content="([^"]*)">/)).toBe('summary_large_image');
  expect(attr(top, /<meta name="twitter:title" content="([^"]*)">/)).toContain(product.product_name);

  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(ld).toBeDefined();
  const data = JSON.parse(ld!) as {
    '@type': string;
    offers: { name: string; price: string; priceCurrency: string; availability: string }[];
  };
  expect(data['@type']).toBe('Product');
  expect(data.offers.map((o) => o.name)).toEqual(product.variations.map((v) => v.product_variation));
  for (const [i, v] of product.variations.entries()) {
    expect(data.offers[i]).toMatchObject({
      priceCurrency: 'INR',
      price: Number(v.final_price).toFixed(2),
      availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    });
  }
});

test('the shop list is canonical with its category filter only', async ({ request }) => {
  const origin = await storeUrl(request);
  const html = await (await request.get('/shop?categories=shirts&sort_by=price_low_high&page=2&in_stock=1')).text();
  expect(canonicalOf(head(html))).toBe(`${origin}/shop?categories=shirts`);
  const search = await (await request.get('/shop?search=wallet')).text();
  expect(canonicalOf(head(search))).toBe(`${origin}/shop`);
});

test('every public page of the route table (not a private one) has an absolute canonical link on storeUrl', async ({ request }) => {
  const origin = await storeUrl(request);
  const product = await aProduct(request);
  const problems: string[] = [];
  const browserOnly: string[] = [];
  for (const route of ROUTES.filter((r) => !isPrivateRoute(r) && !('shell' in r && r.shell === 'NotFound'))) {
    const path = route.path.replace(':slug', encodeURIComponent(product.slug)).replace(':id', 'SF-NO-SUCH-ORDER');
    const html = await (await request.get(path)).text();
    // A page without a server render comes as the frame the browser fills: the outlet is still
    // empty, and there is nothing there for a crawler.
    if (html.includes('<!--ssr-outlet-->')) {
      browserOnly.push(path);
      continue;
    }
    const canonical = canonicalOf(head(html));
    if (canonical !== `${origin}${path}`) problems.push(`${path}: ${canonical ?? 'no canonical link'}`);
  }
  expect(problems).toEqual([]);
  // The catalogue and the information pages are what search engines index: all rendered.
  for (const path of ['/', '/about', '/shop', '/categories', '/faq', '/contact']) expect(browserOnly).not.toContain(path);
});

test('every private page of the route table asks not to be indexed (header and meta) and has no canonical link', async ({ request }) => {
  const problems: string[] = [];
  for (const route of ROUTES.filter(isPrivateRoute)) {
    const path = route.path.replace(/\/\*$/, '/orders').replace(':id', 'SF-NO-SUCH-ORDER');
    const res = await request.get(path);
    const html = await res.text();
    if (res.headers()['x-robots-tag'] !== 'noindex') problems.push(`${path}: X-Robots-Tag ${res.headers()['x-robots-tag'] ?? 'missing'}`);
    if (res.headers()['cache-control'] !== 'private, no-store') problems.push(`${path}: Cache-Control ${res.headers()['cache-control']}`);
    // A page rendered in the browser only has no head tags of its own; the header covers it.
    if (!html.includes('<!--ssr-outlet-->') && !head(html).includes('<meta name="robots" content="noindex">')) {
      problems.push(`${path}: no robots meta`);
    }
    if (canonicalOf(head(html)) !== undefined) problems.push(`${path}: canonical ${canonicalOf(head(html))}`);
  }
  expect(problems).toEqual([]);
});

test('the sitemap lists the live catalogue as absolute URLs, without an API key', async ({ request }) => {
  const origin = await storeUrl(request);
  const product = await aProduct(request);
  const res = await request.get('/api/seo/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  const xml = await res.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toContain(`<loc>${origin}/products/${encodeURIComponent(product.slug)}</loc>`);
  expect(xml).toContain(`<loc>${origin}/faq</loc>`);
  expect(xml).toMatch(new RegExp(`<loc>${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/shop\\?categories=[^<]+</loc>`));
});
