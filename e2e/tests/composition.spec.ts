import { expect, test, type Page } from '@playwright/test';

/** The composed site: every remote renders inside the one shell, failures stay inside their section. */

async function expectSection(page: Page, remote: string, module: string) {
  const section = page.locator(`[data-remote="${remote}"][data-module="${module}"]`);
  await expect(section).toBeVisible();
  await expect(section.getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toHaveCount(0);
  await expect(section.locator('h1, h2').first()).toBeVisible();
}

test('a page of each remote renders inside the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('header').first()).toBeVisible();
  await expectSection(page, 'catalog', 'Home');
  await page.goto('/cart');
  await expectSection(page, 'cart_checkout', 'Cart');
  await page.goto('/signin');
  await expectSection(page, 'account', 'SignIn');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('footer').first()).toBeVisible();
});

for (const [remote, down, upPath, upRemote] of [
  ['catalog', '/shop', '/signin', 'account'],
  ['cart_checkout', '/cart', '/shop', 'catalog'],
  ['account', '/signin', '/cart', 'cart_checkout'],
] as const) {
  test(`${remote} unreachable: its fallback shows, header and the other sections still work`, async ({ page }) => {
    // Every file of this remote (live and last-known-good) fails, as when its host is down.
    await page.route(`**/remotes/${remote}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(down);
    const fallback = page.locator(`[data-remote="${remote}"]`).getByRole('alert');
    await expect(fallback).toContainText('This section is temporarily unavailable');
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    // Client-side navigation to another section keeps working.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, upPath);
    await expect(page.locator(`[data-remote="${upRemote}"]`).locator('h1, h2').first()).toBeVisible();
    // Once the remote is back, Retry loads it without a reload.
    await page.unroute(`**/remotes/${remote}/**`);
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, down);
    const retry = page.locator(`[data-remote="${remote}"]`).getByRole('button', { name: 'Retry' });
    if (await retry.isVisible()) await retry.click();
    await expect(page.locator(`[data-remote="${remote}"]`).getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toHaveCount(
      0,
    );
  });
}

test('guards: account pages send guests to /signin; unknown paths show not-found', async ({ page }) => {
  await page.goto('/my-account/orders');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
});
