// The saved state a returning shopper's browser holds (shared/src/stores/persistence.ts), for the bench's
// tools to put into a fresh browser's storage before a page loads: { key, value } as localStorage keeps it,
// and `cookies`, the session cookie the app writes beside it (issue 33; contract/src/sessionCookie.ts),
// which the edge renders the shopper's own pages with.

export const STATE_KEY = 'storefront:state:v1';
const SESSION_COOKIE = 'sf_session';

/** The session cookies the app wrote in `context` (one per path it is sent to). */
async function sessionCookies(context) {
  return (await context.cookies()).filter((c) => c.name === SESSION_COOKIE);
}

/**
 * A saved state made outside a browser (the signed-in shopper, from API calls) with the cookies the app
 * writes for it: one visit with the state in storage, as a returning shopper's first page writes them.
 */
export async function withSessionCookies(browser, origin, state) {
  if (!state || state.cookies) return state;
  const context = await browser.newContext();
  try {
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [state.key, state.value]);
    const page = await context.newPage();
    await page.goto(`${origin}/about`);
    await page.locator('html[data-hydrated="true"]').waitFor();
    // The app writes it once the page is idle.
    for (let i = 0; i < 50; i++) {
      const cookies = await sessionCookies(context);
      if (cookies.length) return { ...state, cookies };
      await page.waitForTimeout(100);
    }
    throw new Error('the app wrote no session cookie for the saved state');
  } finally {
    await context.close();
  }
}

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
    return {
      key: STATE_KEY,
      value: await page.evaluate((k) => localStorage.getItem(k), STATE_KEY),
      cookies: await sessionCookies(context),
    };
  } finally {
    await context.close();
  }
}
