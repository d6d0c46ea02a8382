import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn';

/**
 * Pages rendered on the server (issue 8): the static host renders public pages with the live shell
 * and remote builds, and the browser hydrates them. What a shopper must get: the content without
 * waiting for any script, the same page once the scripts run (no mismatch, no second round of API
 * calls), their own session (cart, sign-in) applied on top, and no tap lost while the page hydrates.
 */

const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };
const FIRST_SCREEN_READS =
  /\/api\/(store-info|home-page-sections|new-arrivals|get-featured-products|get-products|subcategory-variations|single-product-details)/;

interface WireProduct {
  slug: string;
  product_name: string;
  variations: { id: number; stock: number; final_price: string }[];
}

async function aProduct(page: Page): Promise<WireProduct> {
  const res = await page.request.post('/api/get-products?page=1', { headers: API_HEADERS, multipart: { in_stock: '1' } });
  const body = (await res.json()) as { data: { products: WireProduct[] } };
  const p = body.data.products.find((x) => x.variations.some((v) => v.stock > 0 && Number(v.final_price) < 5000));
  expect(p, 'the seeded catalogue has an affordable product in stock').toBeDefined();
  return p!;
}

/** Collects what would tell of a page that did not hydrate cleanly. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/did not match|hydrat|Minified React error/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** Resolves once the page's scripts have run and the shopper's session is applied. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home shows its banner, categories and product rows', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    const main = page.getByRole('main');
    // The banner carousel is all in the HTML, its first banner shown, and it swipes with no script at
    // all (the browser's scroll snapping).
    const banners = main.getByRole('region', { name: 'Banners' });
    await expect(banners.getByRole('group', { name: /^1 of \d+$/ }).getByRole('img')).toBeInViewport({ ratio: 0.9 });
    const second = banners.getByRole('group', { name: /^2 of \d+$/ }).getByRole('img');
    await expect(second).not.toBeInViewport();
    await banners.hover();
    // Most of a banner's width: mandatory snapping settles on the nearer slide start.
    await page.mouse.wheel(((await banners.boundingBox())?.width ?? 0) * 0.8, 0);
    await expect(second).toBeInViewport({ ratio: 0.9 });
    await expect(main.getByRole('heading', { name: 'New arrivals' })).toBeVisible();
    await expect(main.getByRole('list', { name: 'New arrivals' }).getByRole('listitem')).toHaveCount(8);
    await expect(main.getByRole('link', { name: 'Shirts' }).first()).toBeVisible();
    // The store's header and footer too.
    await expect(page.getByRole('banner').getByRole('link', { name: /home$/ })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('SUBSCRIBE');
  });

  test('the shop lists a page of products with prices, filtered by the URL', async ({ page }) => {
    await page.goto('/shop?categories=shirts');
    await expect(page.getByRole('heading', { level: 1, name: 'Shirts' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Products' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect(list.getByText('₹').first()).toBeVisible();
  });

  test('a product page shows the product; an unknown path answers 404 with the not-found page', async ({ page }) => {
    const product = await aProduct(page);
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.product_name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${product.product_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));

    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('pages without a server render come as the empty frame the scripts fill', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.locator('#root .sh-boot')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(0);
  });
});

test('the page hydrates without a mismatch and without asking the API again for its first screen', async ({ page }) => {
  const problems = watchConsole(page);
  const product = await aProduct(page);
  for (const path of ['/', '/shop', `/products/${product.slug}`, '/faq', '/about']) {
    const reads: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (FIRST_SCREEN_READS.test(r.url())) reads.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(reads, `${path}: the first screen's data came with the page`).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test("the shopper's saved cart and sign-in are applied after hydration, and kept", async ({ page }) => {
  const problems = watchConsole(page);
  const product = await aProduct(page);
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  // The server renders a guest's empty cart; the saved one replaces it once the page has hydrated.
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  const saved = await page.evaluate(() => localStorage.getItem('storefront:state:v1') ?? '');
  expect(saved).toContain(product.slug);

  // Signed in: the header follows once hydrated.
  const email = `ssr-${Date.now()}-${process.pid}@example.test`;
  const reg = await page.request.post('/api/customer/register', {
    headers: API_HEADERS,
    data: { firstName: 'Meera', lastName: 'Iyer', email, password: 'Secret@123', mobile: `9${String(Date.now()).slice(-9)}` },
  });
  expect(reg.ok()).toBeTruthy();
  await signIn(page, email, 'Secret@123');
  await page.goto('/shop');
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('storefront:state:v1') ?? '{}').auth?.isAuthenticated)).toBe(true);
  expect(problems).toEqual([]);
});

test('a tap on "Add to cart" before any script has run is not lost', async ({ page }) => {
  const product = await aProduct(page);
  // Hold back every script, main.js included, as a slow phone network would: the page is on screen
  // and only its inlined loader runs.
  await page.route(/\/(shell|remotes)\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/products/${product.slug}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('a tap made while the start-up loads its libraries, before hydration, is not lost', async ({ page }) => {
  const product = await aProduct(page);
  // The start-up (main.js) runs at once; the shell's bootstrap chunk, asked for once React's renderer
  // and the shared module have been requested in tasks of their own, waits until the tap is made.
  let releaseBootstrap = () => {};
  const tapped = new Promise<void>((r) => (releaseBootstrap = r));
  await page.route(/\/shell\/[^/]+\/bootstrap\.[0-9a-f]+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  const bootstrapAsked = page.waitForRequest(/\/shell\/[^/]+\/bootstrap\.[0-9a-f]+\.js$/);
  await page.goto(`/products/${product.slug}`);
  await bootstrapAsked;
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  releaseBootstrap();
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('text typed and a submit made before any script has run reach the form', async ({ page }) => {
  await page.route(/\/(shell|remotes)\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByRole('button', { name: /send|submit/i }).click();
  await hydrated(page);
  // The form validated what was on screen: the typed names pass, the empty fields do not.
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue('Meera');
});

test('a rendered page runs no inline script but its loader, which the policy names', async ({ page }) => {
  const res = await page.request.get('/');
  const html = await res.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    (m) => !/application\/(ld\+)?json/.test(m[1] ?? ''),
  );
  expect(inline).toHaveLength(1);
  expect(inline[0]![1]).toContain('data-main=');
  const hash = createHash('sha256')
    .update(inline[0]![2] ?? '')
    .digest('base64');
  expect(res.headers()['content-security-policy']).toContain(`'sha256-${hash}'`);
});
