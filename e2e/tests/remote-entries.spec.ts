import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 19: a page loads only what it uses. Each remote's entry (its mf-manifest.json and
 * remoteEntry.js, ~9 KB gzip of federation runtime each) is fetched when a route of that remote is
 * about to show — the current page's at start, another's when the shopper heads for one of its
 * pages — never every remote's on every page.
 */

/** The remotes whose entry the page has asked for so far (manifest or remoteEntry.js). */
function entriesRequested(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (req) => {
    const m = /\/remotes\/([^/]+)\/[^/]+\/(mf-manifest\.json|remoteEntry\.js)(\?|$)/.exec(new URL(req.url()).pathname);
    if (m?.[1]) seen.add(m[1]);
  });
  return seen;
}

async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
}

test("the home loads catalog's entry only; the cart panel and page then load cart_checkout's, not account's", async ({ page }) => {
  const seen = entriesRequested(page);
  await page.goto('/');
  await expect(page.locator('[data-remote="catalog"][data-module="Home"]')).toBeVisible();
  await settled(page);
  expect([...seen].sort()).toEqual(['catalog']);

  // The header's cart button opens cart_checkout's panel: its entry comes now, not before.
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await page.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('[data-remote="cart_checkout"][data-module="Cart"]')).toBeVisible();
  await settled(page);
  expect([...seen].sort()).toEqual(['cart_checkout', 'catalog']);
});

for (const [path, remote] of [
  ['/cart', 'cart_checkout'],
  ['/signin', 'account'],
] as const) {
  test(`${path} loads ${remote}'s entry and no other remote's`, async ({ page }) => {
    const seen = entriesRequested(page);
    await page.goto(path);
    await expect(page.locator(`[data-remote="${remote}"]`).first()).toBeVisible();
    await settled(page);
    expect([...seen]).toEqual([remote]);
  });
}

test('every page names its icon, so the browser does not ask the host for a missing /favicon.ico', async ({ page }) => {
  await page.goto('/');
  const icon = page.locator('head link[rel~="icon"]');
  await expect(icon).toHaveCount(1);
  const href = await icon.getAttribute('href');
  expect(href).toBeTruthy();
  // The icon itself is there: an inline image, or a file the host serves.
  if (!href!.startsWith('data:')) expect((await page.request.get(new URL(href!, page.url()).href)).status()).toBe(200);
});

test('/favicon.ico, asked for by whatever names no icon (a JSON answer in a tab, crawlers), is the shell build’s icon', async ({
  page,
}) => {
  const r = await page.request.get('/favicon.ico');
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toBe('image/x-icon');
  expect(r.headers()['cache-control']).toBe('public, max-age=86400');
  expect((await r.body()).readUInt16LE(2)).toBe(1); // an ICO file: type 1, icon
});
