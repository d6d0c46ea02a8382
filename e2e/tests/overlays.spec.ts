import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { signIn } from './support/signIn';

/**
 * Found by a new shopper (issue 22): while a drawer or dialog is open the page behind it is out of
 * reach (not found by role, not reached by Tab), focus comes back to the opener on close, axe finds
 * nothing with it open; and on a 375 px phone the home banner's button does not cover the banner.
 */

const HEADERS = { 'x-api-key': 'dev-storefront-key' };
const PASSWORD = 'Secret@123';
const PHONE = { width: 375, height: 812 };

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Whether a control behind the overlay is out of reach: it refuses focus, and it sits in an inert
 * subtree, which takes it out of the accessibility tree (Playwright's role queries do not model
 * `inert`, so the tree is checked through the attribute that removes it).
 */
async function outOfReach(behind: Locator): Promise<string[]> {
  return behind.evaluateAll((els) =>
    els
      .filter((el) => {
        (el as HTMLElement).focus();
        return document.activeElement === el || !el.closest('[inert]');
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`),
  );
}

/** Tab through `count` stops and report every focused element outside the open dialog. */
async function focusEscapes(page: Page, count: number): Promise<string[]> {
  const outside: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || el.closest('[role="dialog"]')) return null;
      return `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    });
    if (where) outside.push(where);
  }
  return outside;
}

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('the mobile menu drawer leaves the page behind out of reach; focus returns to the menu button', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const carouselControls = page.getByRole('button', { name: /^(Previous|Next) categories$/ });
    await expect(carouselControls.first()).toBeAttached();
    const open = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    // The category carousel's Previous/Next, the footer's links: reachable behind the drawer before.
    expect(await outOfReach(carouselControls.or(page.locator('footer a, header button')))).toEqual([]);
    expect(await focusEscapes(page, 25)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(await outOfReach(page.locator('footer a'))).toHaveLength(await page.locator('footer a').count());
  });

  test('the banner button sits below the picture, whose text it covered', async ({ page }) => {
    await page.goto('/');
    // Measured once the page has hydrated: hydration may replace the server's elements, and a box read
    // from a replaced one is null.
    await hydrated(page);
    const hero = page.locator('.cat-hero').first();
    const picture = hero.getByRole('img').first();
    const button = hero.getByRole('link', { name: /^Shop festive/ }).first();
    await expect(button).toBeVisible();
    await expect(picture).toBeVisible();
    // The banner is a carousel: the first matching slide may be moved or replaced between two reads, so
    // both boxes are read together and read again until they are both there.
    await expect(async () => {
      const img = await picture.boundingBox();
      const btn = await button.boundingBox();
      expect(img).not.toBeNull();
      expect(btn).not.toBeNull();
      if (!img || !btn) return;
      // The banner's title and subtitle are in the picture: the button must not overlap it at all.
      expect(btn.y).toBeGreaterThanOrEqual(img.y + img.height - 0.5);
      expect(btn.x + btn.width).toBeLessThanOrEqual(img.x + img.width);
    }).toPass({ timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test('the cart panel and the search leave the page behind out of reach; focus returns to their buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/faq');
  await hydrated(page);
  const header = page.getByRole('banner');
  const faqHeading = page.getByRole('heading', { level: 1 });
  await expect(faqHeading).toBeVisible();

  const cartButton = header.getByRole('button', { name: /^Cart, / });
  await cartButton.click();
  const panel = page.getByRole('dialog', { name: /^Cart/ });
  await expect(panel).toBeVisible();
  expect(await outOfReach(page.locator('main a, main button, footer a, header a, header button'))).toEqual([]);
  expect(await focusEscapes(page, 12)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(cartButton).toBeFocused();

  const searchButton = header.getByRole('button', { name: 'Search products' });
  await searchButton.click();
  await expect(page.getByRole('heading', { name: 'Suggested Search Terms' })).toBeVisible();
  // Everything but the search and its toggle.
  expect(await outOfReach(page.locator('main a, main button, footer a, header nav a, header a[aria-label="Wishlist"]'))).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Suggested Search Terms' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Search products' })).toBeFocused();
  await expect(faqHeading).toBeVisible();
  expect(await outOfReach(page.locator('footer a'))).toHaveLength(await page.locator('footer a').count());
});

async function customerWithOrder(request: APIRequestContext): Promise<{ email: string; orderNumber: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `overlay-${tag}@example.test`;
  const mobile = `6${String((Date.now() * 3 + Math.floor(Math.random() * 1e6)) % 1_000_000_000).padStart(9, '0')}`;
  const reg = await request.post('/api/customer/register', {
    headers: HEADERS,
    data: { firstName: 'Kavya', lastName: 'Rao', email, password: PASSWORD, mobile },
  });
  expect(reg.ok()).toBeTruthy();
  const auth = { ...HEADERS, authorization: `Bearer ${((await reg.json()) as { data: { token: string } }).data.token}` };
  const arrivals = (await (await request.get('/api/new-arrivals', { headers: HEADERS })).json()) as {
    data: {
      data: { product_id: number; retailer_id: number; wholesaler_id: number | null; variations: { id: number; stock: number }[] }[];
    };
  };
  const product = arrivals.data.data.find((p) => p.variations.some((v) => v.stock > 1))!;
  const variant = product.variations.find((v) => v.stock > 1)!;
  expect(
    (
      await request.post('/api/customer/add-to-cart', {
        headers: auth,
        data: {
          retailer_id: product.retailer_id,
          wholesaler_id: product.wholesaler_id,
          id: variant.id,
          quantity: 1,
          product_id: product.product_id,
        },
      })
    ).ok(),
  ).toBeTruthy();
  const placed = await request.post('/api/checkout1', {
    headers: auth,
    data: {
      email,
      firstname: 'Kavya',
      lastname: 'Rao',
      address: '221 Anna Salai, Teynampet',
      pincode: '600018',
      city: 'Chennai',
      state: 'Tamil Nadu',
      payment_method: 'cod',
    },
  });
  expect(placed.ok()).toBeTruthy();
  return { email, orderNumber: ((await placed.json()) as { data: { order_numbers: string[] } }).data.order_numbers[0]! };
}

test('the order drawer and the cancel dialog leave the page behind out of reach; focus returns to the order', async ({ page, request }) => {
  const { email, orderNumber } = await customerWithOrder(request);
  await signIn(page, email, PASSWORD);
  await page.goto('/my-account/orders');
  const tabs = page.getByRole('navigation', { name: 'My account' });
  await expect(tabs).toBeVisible();
  const card = page.getByRole('button', { name: new RegExp(`Order ${orderNumber}`) });
  await card.click();
  const drawer = page.getByRole('dialog', { name: 'Order Details' });
  await expect(drawer).toContainText(orderNumber);
  expect(await outOfReach(page.locator('main a, main button, header button'))).toEqual([]);
  expect(await focusEscapes(page, 10)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(card).toBeFocused();

  const cancelButton = page.getByRole('listitem').filter({ has: card }).getByRole('button', { name: 'Cancel Order' });
  await cancelButton.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(dialog).toBeVisible();
  expect(await outOfReach(page.locator('main a, main button, header button'))).toEqual([]);
  expect(await focusEscapes(page, 10)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cancelButton).toBeFocused();
});
