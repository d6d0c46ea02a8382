import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/signIn';

/**
 * The cart, checkout, sign-in, sign-up, order-tracking and account pages rendered on the server
 * (issue 19): their frame (header, heading, forms, the account tabs) arrives in the HTML, the
 * shopper's own data (cart lines, profile, orders) shows as a sized skeleton until the browser has
 * applied their session, and the browser hydrates that markup without a mismatch — for a guest and
 * for a signed-in shopper — with no layout shift when the data arrives.
 */

const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };
const PASSWORD = 'Secret@123';

/**
 * Each page, the heading its frame carries, whether a skeleton stands in for private data there, and the
 * form whose fields (nobody's own until the session is applied) arrive in the HTML.
 */
const FRAMES: readonly { path: string; heading: string; skeleton: boolean; form?: string }[] = [
  { path: '/cart', heading: 'Cart', skeleton: true },
  { path: '/checkout', heading: 'Checkout', skeleton: true, form: 'Checkout' },
  { path: '/signin', heading: 'Sign In', skeleton: false, form: 'Sign in with email' },
  { path: '/signup', heading: 'Create Account', skeleton: false, form: 'Create account' },
  { path: '/track-order', heading: 'Track Order', skeleton: false, form: 'Track order' },
  { path: '/my-account', heading: 'My Profile', skeleton: true },
  { path: '/my-account/orders', heading: 'My Orders', skeleton: true },
];

/** Collects what would tell of a page that did not hydrate cleanly. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /did not match|hydrat|Minified React error/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  return problems;
}

/** Resolves once the page's scripts have run and the shopper's session is applied. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Stylesheets the page links more than once. The server links the page's own and the federation
 * runtime links a remote's again unless it recognises the server's link: a second copy is parsed again
 * and restyles the whole page after it has painted (issue 19: a long task on every remote page).
 */
async function stylesheetsLinkedTwice(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const l of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) seen.set(l.href, (seen.get(l.href) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([href]) => href);
  });
}

/** Sums the page's layout shifts not caused by input (what CLS counts), from the start of the load. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (e.hadRecentInput) continue;
        const sources = (e.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        w.__shifts.push({ value: e.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ total: number; shifts: { value: number; sources: string[] }[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
  return { total: shifts.reduce((s, x) => s + x.value, 0), shifts };
}

async function aProduct(request: APIRequestContext): Promise<{ slug: string; product_name: string }> {
  const res = await request.post('/api/get-products?page=1', { headers: API_HEADERS, multipart: { in_stock: '1' } });
  const body = (await res.json()) as {
    data: { products: { slug: string; product_name: string; variations: { stock: number; final_price: string }[] }[] };
  };
  const p = body.data.products.find((x) => x.variations.some((v) => v.stock > 0 && Number(v.final_price) < 5000));
  expect(p, 'the seeded catalogue has an affordable product in stock').toBeDefined();
  return p!;
}

/** A new customer, signed in through the sign-in page (the session the browser saves, as a shopper's). */
async function newCustomerSignedIn(page: Page): Promise<{ email: string; firstName: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `frames-${stamp}@example.test`;
  const firstName = 'Kavya';
  const reg = await page.request.post('/api/customer/register', {
    headers: API_HEADERS,
    data: { firstName, lastName: 'Nair', email, password: PASSWORD, mobile: `8${stamp.slice(-9)}` },
  });
  expect(reg.ok()).toBeTruthy();
  await signIn(page, email, PASSWORD);
  return { email, firstName };
}

test.describe('the frame is in the HTML, before any script runs', () => {
  for (const frame of FRAMES) {
    test(`${frame.path}: its heading is served, the page is private, no-store, not indexed`, async ({ request }) => {
      const res = await request.get(frame.path);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('private, no-store');
      expect(res.headers()['x-robots-tag']).toBe('noindex');
      const html = await res.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toMatch(new RegExp(`<h1[^>]*>${frame.heading}</h1>`));
      expect(root).not.toContain('sf-fullscreen-spinner');
      if (frame.skeleton) expect(root).toContain('sf-session-skeleton');
      if (frame.form) expect(root).toMatch(new RegExp(`<form[^>]*aria-label="${frame.form}"`));
    });
  }

  test.describe('with scripts off', () => {
    test.use({ javaScriptEnabled: false });

    test("each page shows its heading and forms, and skeletons where the shopper's data goes", async ({ page }) => {
      for (const frame of FRAMES) {
        await page.goto(frame.path);
        await expect(page.getByRole('heading', { level: 1, name: frame.heading })).toBeVisible();
        await expect(page.locator('.sf-fullscreen-spinner')).toHaveCount(0);
      }
      await page.goto('/signin');
      await expect(page.getByRole('form', { name: 'Sign in with email' }).getByLabel('Email')).toBeVisible();
      await page.goto('/my-account/orders');
      await expect(page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My Orders' })).toBeVisible();
      await expect(page.locator('.sf-session-skeleton')).toHaveCount(1);
    });
  });
});

test("a guest: every frame hydrates without a mismatch, then shows the guest's page", async ({ page }) => {
  const problems = watchConsole(page);
  await watchLayoutShifts(page);
  for (const frame of FRAMES.filter((f) => !f.path.startsWith('/my-account'))) {
    await page.goto(frame.path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: frame.heading })).toBeVisible();
    await expect(page.locator('.sf-session-skeleton')).toHaveCount(0);
    const cls = await layoutShift(page);
    expect(cls.total, `${frame.path}: ${JSON.stringify(cls.shifts)}`).toBeLessThanOrEqual(0.01);
    expect(await stylesheetsLinkedTwice(page), frame.path).toEqual([]);
  }
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  // The account area is for customers: once the session is known to be a guest's, the guard sends them to sign in.
  await page.goto('/my-account/orders');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a guest with a cart on a phone: the checkout's fields arrive in the HTML and paint first; the mobile step and the lines fill in without a shift", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const product = await aProduct(page.request);
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  await watchLayoutShifts(page);
  // The largest paint (what LCP times): it must be something the server sent, not the guest's own part.
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: string[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { element?: Element | null }[]) {
        const el = e.element;
        // A picture by its address, anything else by its text.
        w.__lcp.push(el?.tagName === 'IMG' ? (el.getAttribute('src') ?? '') : (el?.textContent ?? '').trim());
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const html = await (await page.request.get('/checkout')).text();
  // The guest's cart came with the page (issue 33: their session cookie), no skeleton in its place.
  const servedRoot = html.slice(html.indexOf('<div id="root">')).replaceAll('&amp;', '&');
  expect(servedRoot).toContain(product.product_name);
  expect(servedRoot).not.toContain('sf-session-skeleton');
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(product.product_name);
  await expect(page.locator('.sf-session-skeleton')).toHaveCount(0);

  const cls = await layoutShift(page);
  expect(cls.total, JSON.stringify(cls.shifts)).toBeLessThanOrEqual(0.01);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: string[] }).__lcp);
  const largest = lcp.at(-1) ?? '';
  expect(largest, `largest paints: ${JSON.stringify(lcp)}`).not.toBe('');
  const served = html.slice(html.indexOf('<div id="root">')).replaceAll('&amp;', '&');
  expect(served.includes(largest), `the largest paint was served in the HTML: ${JSON.stringify(lcp)}`).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test('a signed-in shopper: every page arrives with their own data, hydrates without a mismatch and without a shift', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const product = await aProduct(page.request);
  const me = await newCustomerSignedIn(page);
  // Something in the cart, so the cart and checkout show lines rather than the empty state.
  await page.goto(`/products/${product.slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  await watchLayoutShifts(page);
  // The session cookie goes with the shopper's own pages only: never with the API's calls or the files.
  const leaks: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (!/^\/(api|shell|remotes)\//.test(pathname)) return;
    void r.allHeaders().then((h) => {
      if ((h.cookie ?? '').includes('sf_session')) leaks.push(pathname);
    });
  });
  for (const frame of FRAMES.filter((f) => f.path !== '/signin' && f.path !== '/signup')) {
    // Without their session cookie (another browser) the HTML holds nothing of this shopper.
    const others = await (await request.get(frame.path)).text();
    expect(others).not.toContain(me.email);
    expect(others).not.toContain(product.product_name);
    // With it (issue 33), the page's own content is in the HTML, and no skeleton stands in for it.
    const res = await page.request.get(frame.path);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    const root = ((await res.text()).split('<div id="root">')[1] ?? '').replaceAll('&amp;', '&');
    expect(root).not.toContain('sf-session-skeleton');
    if (frame.path === '/cart' || frame.path === '/checkout') expect(root).toContain(product.product_name);
    if (frame.path === '/my-account') expect(root).toContain(`Hello, <strong>${me.firstName} Nair</strong>`);
    if (frame.path === '/my-account/orders') expect(root).toContain('You have not placed any orders yet.');

    await page.goto(frame.path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: frame.heading })).toBeVisible();
    if (frame.path === '/cart') await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(product.product_name);
    if (frame.path === '/checkout') await expect(page.getByRole('form', { name: 'Checkout' })).toBeVisible();
    if (frame.path === '/my-account') {
      await expect(page.getByText(`Hello, ${me.firstName} Nair`)).toBeVisible();
      await expect(page.getByLabel('First name')).toHaveValue(me.firstName);
    }
    if (frame.path === '/my-account/orders') await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
    await expect(page.locator('.sf-session-skeleton')).toHaveCount(0);
    const cls = await layoutShift(page);
    expect(cls.total, `${frame.path}: ${JSON.stringify(cls.shifts)}`).toBeLessThanOrEqual(0.01);
    expect(await stylesheetsLinkedTwice(page), frame.path).toEqual([]);
  }
  // Guest-only pages send a signed-in shopper home once their session is known.
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/$/);
  expect(problems).toEqual([]);
  expect(leaks).toEqual([]);
  // Signing out removes the cookie: the next render of the cart is the shared guest frame.
  await page.goto('/my-account');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect.poll(async () => (await page.context().cookies()).filter((c) => c.name === 'sf_session')).toEqual([]);
  expect(await (await page.request.get('/cart')).text()).toContain('sf-session-skeleton');
});

test('/signup reloaded with the mobile the OTP sign-in handed over (router state): hydrates without a mismatch, then shows it', async ({
  page,
}) => {
  const mobile = `7${String((Date.now() * 13 + Math.floor(Math.random() * 1e6)) % 1_000_000_000).padStart(9, '0')}`;
  await page.goto('/signin');
  await hydrated(page);
  await page.getByRole('button', { name: 'Mobile OTP' }).click();
  const otp = page.getByRole('form', { name: 'Sign in with mobile OTP' });
  await otp.getByLabel('Mobile number').fill(mobile);
  await otp.getByRole('button', { name: 'Send OTP' }).click();
  // A number nobody registered: sign-up, with the number in the router's state (not in the URL).
  await expect(page).toHaveURL(/\/signup$/);
  const handedOver = page.getByRole('status').filter({ hasText: `The number ${mobile} is not registered yet.` });
  const mobileField = page.getByRole('form', { name: 'Create account' }).getByLabel('Mobile number');
  await expect(handedOver).toBeVisible();
  await expect(mobileField).toHaveValue(mobile);

  // The browser keeps that state across a reload; the server, which renders from the URL alone, cannot know it.
  // (Watched from here: the 'not registered' answer before was a 404, which the console reports.)
  const problems = watchConsole(page);
  await page.reload();
  await hydrated(page);
  await expect(handedOver).toBeVisible();
  await expect(mobileField).toHaveValue(mobile);
  expect(problems).toEqual([]);
});
