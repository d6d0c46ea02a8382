// The saved state a returning shopper's browser holds (shared/src/stores/persistence.ts), for the bench's
// tools to put into a fresh browser's storage before a page loads: { key, value } as localStorage keeps it.

export const STATE_KEY = 'storefront:state:v1';

/** A guest's saved state with `n` cart lines, made as a shopper makes it: "Add to cart" on product pages. */
export async function cartState(browser, origin, n) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/shop`);
    const links = [...new Set(await page.locator('main a[href^="/products/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))];
    for (let i = 0; i < n; i++) {
      await page.goto(`${origin}${links[i]}`);
      await page.locator('html[data-hydrated="true"]').waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await page
        .locator('header [data-testid="cart-count"]')
        .first()
        .filter({ hasText: String(i + 1) })
        .waitFor();
    }
    return { key: STATE_KEY, value: await page.evaluate((k) => localStorage.getItem(k), STATE_KEY) };
  } finally {
    await context.close();
  }
}
