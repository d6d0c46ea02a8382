import { expect, type Browser, type Page } from '@playwright/test';
import { checkoutForm } from './support/checkout';
import { test, type World } from './support/world';

/**
 * The design card's stack at run time (issue 33): every page is rendered by React 19's react-dom (in
 * the browser, as React DevTools sees it, and on the server), React and react-dom are one shared copy
 * each, and nothing stands in for them. A build that aliased React to another renderer, or loaded a
 * second copy, fails here.
 */

/** What React DevTools installs before any script: react-dom registers its renderer with it. */
function installDevToolsHook(): void {
  const seen: { version: string; name: string }[] = [];
  const w = window as unknown as Record<string, unknown>;
  w.__seenRenderers = seen;
  const renderers = new Map<number, unknown>();
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    isDisabled: false,
    inject(renderer: { version?: string; rendererPackageName?: string }) {
      seen.push({ version: String(renderer.version), name: String(renderer.rendererPackageName) });
      renderers.set(renderers.size + 1, renderer);
      return renderers.size;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
}

interface Shared {
  package: string;
  version: string;
  loaded: boolean;
}

async function stackOf(page: Page): Promise<{ renderers: { version: string; name: string }[]; shared: Shared[] }> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return page.evaluate(() => {
    const w = window as unknown as {
      __seenRenderers: { version: string; name: string }[];
      storefront: { diagnostics(): { shared: Shared[] } };
    };
    return { renderers: w.__seenRenderers, shared: w.storefront.diagnostics().shared };
  });
}

const PAGES: { name: string; url: (w: World) => string; signedIn?: boolean }[] = [
  { name: 'home', url: () => '/' },
  { name: 'shop', url: () => '/shop' },
  { name: 'product', url: (w) => `/products/${encodeURIComponent(w.productSlug)}` },
  { name: 'cart', url: () => '/cart' },
  { name: 'checkout', url: () => '/checkout' },
  { name: 'sign-in', url: () => '/signin' },
  { name: 'sign-up', url: () => '/signup' },
  { name: 'track order', url: () => '/track-order' },
  { name: 'faq', url: () => '/faq' },
  { name: 'my account', url: () => '/my-account', signedIn: true },
  { name: 'my orders', url: () => '/my-account/orders', signedIn: true },
];

async function open(browser: Browser, world: World, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ storageState: signedIn ? world.customerState : world.guestState });
  await context.addInitScript(installDevToolsHook);
  return context.newPage();
}

for (const p of PAGES) {
  test(`${p.name}: rendered by react-dom 19, one shared copy of react and react-dom`, async ({ browser, world }) => {
    const page = await open(browser, world, !!p.signedIn);
    const res = await page.goto(p.url(world));
    expect(res?.status()).toBe(200);
    const { renderers, shared } = await stackOf(page);
    expect(renderers, 'React DevTools sees exactly one renderer').toHaveLength(1);
    expect(renderers[0]).toEqual({ version: expect.stringMatching(/^19\./), name: 'react-dom' });
    for (const pkg of ['react', 'react-dom']) {
      const copies = shared.filter((r) => r.package === pkg && r.loaded);
      expect(copies, `${pkg} in the shared scope`).toHaveLength(1);
      expect(copies[0]!.version).toMatch(/^19\./);
      expect(copies[0]!.version).toBe(renderers[0]!.version);
    }
    await page.context().close();
  });
}

test("the server's markup is react-dom's: its Suspense boundaries, hydrated without a mismatch", async ({ browser, world }) => {
  const page = await open(browser, world, false);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /did not match|hydrat/i.test(m.text())) problems.push(m.text());
  });
  const res = await page.goto('/');
  const html = (await res?.text()) ?? '';
  // React's server renderer marks each Suspense boundary it wrote in place with these comments.
  expect(html).toContain('<!--$-->');
  expect(html).toContain('<!--/$-->');
  await stackOf(page);
  expect(problems).toEqual([]);
  await page.context().close();
});

test("the page's API calls go through axios, and the home's carousels run on Swiper", async ({ browser, world }) => {
  const page = await open(browser, world, true);
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
  });
  await page.goto('/');
  await stackOf(page);
  // A call the page sends itself (the start-up's prefetch brought the session's cart and wishlist): the
  // footer's newsletter sign-up, through the shared client.
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email address').fill(`stack-${Date.now()}@example.com`);
  const call = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter/subscribe');
  await form.getByRole('button', { name: 'SUBSCRIBE' }).click();
  await call;
  // The page loaded axios itself for it (its AxiosHeaders class), not a client of its own on fetch.
  const bodies = await Promise.all(scripts);
  expect(bodies.filter((b) => b.includes('AxiosHeaders') && b.includes('axios/1.')).length, 'axios among the scripts').toBe(1);
  // Swiper starts on the server's slides once the page has loaded and the carousel is in view.
  await page.locator('.sf-carousel__frame').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.sf-carousel__frame.swiper-initialized').first()).toBeAttached();
  await page.context().close();
});

test("a guest's catalogue page that sends no request loads no axios; the first tap starts it", async ({ browser, world }) => {
  const page = await open(browser, world, false);
  const axiosLoads: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && /\/axios\.[0-9a-f]+\.js$/.test(r.url())) axiosLoads.push(r.url());
  });
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/') && !r.url().includes('/api/images/')) apiCalls.push(r.url());
  });
  await page.goto(`/products/${encodeURIComponent(world.productSlug)}`);
  await stackOf(page);
  await page.waitForLoadState('networkidle');
  // Its data came with the server render: no call, so no client library either.
  expect(apiCalls).toEqual([]);
  expect(axiosLoads).toEqual([]);
  // A shopper's first tap (here on the page's heading, which sends nothing) starts it, ahead of any call.
  await page.getByRole('heading', { level: 1 }).click();
  await expect.poll(() => axiosLoads.length).toBe(1);
  await page.context().close();
});

test('what a signed-in shopper types into the checkout before the session applies is kept as typed (4× CPU)', async ({
  browser,
  world,
}) => {
  const page = await open(browser, world, true);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The page's scripts wait until the shopper has typed: the session (which prefills the e-mail) comes after.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/shell\/[^/]+\/main\.[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  // Without the session cookie (a browser that has not written it yet, or blocks it) the server renders the
  // guest's frame, with empty fields; with it, the fields arrive filled (ssr-frames.spec).
  await page.context().clearCookies({ name: 'sf_session' });
  // Not until `load`: the personal page starts its scripts at once, so `load` waits for the held ones.
  await page.goto('/checkout', { waitUntil: 'domcontentloaded' });
  const email = checkoutForm(page).getByLabel('Email');
  await email.click();
  await email.pressSequentially('typed.before@example.test');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The saved address fills the other fields; the e-mail stays exactly as typed, never appended to.
  await expect(checkoutForm(page).getByLabel('First name')).toHaveValue('Lakshmi');
  await expect(email).toHaveValue('typed.before@example.test');
  await page.context().close();
});
