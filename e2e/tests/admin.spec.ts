import { expect, test, type Page } from '@playwright/test';
import { E2E_OWNER } from '../global-setup';
import { outbox } from './support/outbox';
import { shopperWithOrder } from './support/shopper';
import { signIn } from './support/signIn';

/**
 * The back office (issue 38) in the composed site: the owner the global setup added signs in with the
 * code e-mailed to them, fulfils a shopper's order and changes the store's look; the shopper sees it.
 */

const API = `http://127.0.0.1:${process.env.E2E_PORT ?? 8180}/api`;
const HEADERS = { 'x-api-key': 'dev-storefront-key' };

/** Signs the owner in at /admin: password, then the newest code the development outbox holds for their e-mail. */
async function staffSignIn(page: Page): Promise<void> {
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Staff sign-in' });
  await form.getByLabel('Email').fill(E2E_OWNER.email);
  await form.getByLabel('Password').fill(E2E_OWNER.password);
  const before = (await outbox(page.request, E2E_OWNER.email)).length;
  await form.getByRole('button', { name: 'Continue' }).click();
  const second = page.getByRole('form', { name: 'E-mailed code' });
  await expect(second.getByLabel('Sign-in code')).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const box = await outbox(page.request, E2E_OWNER.email);
      if (box.length <= before) return '';
      code = /\b(\d{6}) is your\b/.exec(`${box[0]?.subject ?? ''} ${box[0]?.text ?? ''}`)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await second.getByLabel('Sign-in code').fill(code);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
}

/** Every script URL a page asked for. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) urls.push(r.url());
  });
  return urls;
}

test('staff sign in with the e-mailed code, confirm and dispatch an order; the shopper sees the courier and the link, and gets the SMS', async ({
  browser,
  page,
  request,
}) => {
  const shopper = await shopperWithOrder(request, 'adm');
  const staffContext = await browser.newContext();
  const admin = await staffContext.newPage();
  await staffSignIn(admin);

  await admin.goto(`/admin/orders/${shopper.orderNumber}`);
  const actions = admin.getByRole('region', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Confirm order' })).toBeVisible();
  // A placed order cannot be dispatched yet.
  await expect(actions.getByRole('form', { name: 'Dispatch' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Confirm order' }).click();
  const dispatch = admin.getByRole('form', { name: 'Dispatch' });
  await dispatch.getByLabel('Courier').fill('Delhivery');
  await dispatch.getByLabel('Tracking number (AWB)').fill('DLV4455667788');
  const link = `https://www.delhivery.com/track/package/DLV4455667788`;
  await dispatch.getByLabel('Tracking link').fill(link);
  await dispatch.getByRole('button', { name: 'Dispatch' }).click();
  await expect(admin.getByRole('link', { name: 'tracking link' })).toHaveAttribute('href', link);
  await staffContext.close();

  // The shopper, on the public tracking page and in My Orders.
  await page.goto(`/track-order/${shopper.orderNumber}`);
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await expect(shipment).toContainText('DLV4455667788');
  await expect(shipment.getByRole('link', { name: 'Track with Delhivery' })).toHaveAttribute('href', link);
  await signIn(page, shopper.email, shopper.password);
  await page.goto('/my-account/orders');
  await page.getByRole('button', { name: new RegExp(`Order ${shopper.orderNumber}`) }).click();
  const drawer = page.getByRole('dialog', { name: 'Order Details' });
  await expect(drawer.getByRole('link', { name: 'Track with Delhivery' })).toHaveAttribute('href', link);
  await expect(drawer.getByRole('region', { name: 'Order history' })).toContainText('Shipped');

  // The SMS gateway (the development outbox) got the dispatch notice, sent from the queue.
  await expect
    .poll(
      async () =>
        (await outbox(request, shopper.mobile)).some(
          (m) => m.channel === 'sms' && /shipped/.test(m.text) && m.text.includes('DLV4455667788'),
        ),
      {
        timeout: 40_000,
      },
    )
    .toBe(true);
});

test('the owner changes the offer text and a theme colour; the shop shows them on its next load; shoppers load no back-office script', async ({
  browser,
  page,
}) => {
  const shopperScripts = scriptsOf(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.goto('/shop');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.goto('/track-order');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  const staffContext = await browser.newContext();
  const admin = await staffContext.newPage();
  const adminScripts = scriptsOf(admin);
  await staffSignIn(admin);
  // The back office's own scripts are where its pages are, and only there.
  expect(adminScripts.some((u) => u.includes('/remotes/admin/'))).toBe(true);
  expect(shopperScripts.length).toBeGreaterThan(0);
  expect(shopperScripts.filter((u) => u.includes('/remotes/admin/'))).toEqual([]);

  const offer = `Festive offer ${Date.now().toString(36)}: free delivery`;
  await admin.goto('/admin/settings');
  const saved = {
    offer: await admin.getByLabel('Offer text (top bar)').inputValue(),
    colour: await admin.getByLabel('Top bar colour').inputValue(),
  };
  try {
    // The shop's home rendered (and kept by the host's render cache) just before the change.
    await page.goto('/');
    await admin.getByLabel('Offer text (top bar)').fill(offer);
    await admin.getByLabel('Top bar colour').fill('#7b1fa2');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Store settings saved: the shop shows them on its next page load')).toBeVisible();

    // The next load after the host has read the catalogue's version (at most a second old), well inside
    // the render cache's 5 s: the render cache follows the change log.
    await expect
      .poll(
        async () => {
          await page.goto('/');
          return page.locator('.sh-topbar__offer').first().textContent();
        },
        { timeout: 3000, intervals: [250] },
      )
      .toBe(offer);
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sf-topbar-bg').trim().toLowerCase()))
      .toBe('#7b1fa2');
  } finally {
    // Other specs run on the same shop: its look goes back as it was.
    const token = await admin.evaluate(() => (JSON.parse(sessionStorage.getItem('storefront.staff') ?? '{}') as { token?: string }).token);
    await admin.request.post(`${API}/staff/store-info`, {
      headers: { ...HEADERS, authorization: `Bearer ${token}` },
      data: { offer_text: saved.offer, topHeaderBackgroundColor: saved.colour },
    });
    await staffContext.close();
  }
});

test('the back office works on a phone: every page fits 375 px without sideways scrolling', async ({ browser, request }) => {
  const shopper = await shopperWithOrder(request, 'phone');
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await staffSignIn(page);
  for (const [path, heading] of [
    ['/admin/orders', 'Orders'],
    [`/admin/orders/${shopper.orderNumber}`, `Order ${shopper.orderNumber}`],
    ['/admin/products', 'Products'],
    ['/admin/settings', 'Store settings'],
    ['/admin/staff', 'Staff'],
    ['/admin/activity', 'Activity'],
    ['/admin/delivery', 'Delivery, COD and GST'],
    ['/admin/search-synonyms', 'Search synonyms'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Loading…');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  await phone.close();
});

test('the owner adds a search synonym in the back office; the shop finds by it on the next search, and not once it is removed', async ({
  browser,
  page,
}) => {
  // A word of this run's own: it finds nothing until the owner says it means sunglasses.
  const word = `chashma${Date.now().toString(36)}`;
  const shop = page.locator('[data-remote="catalog"][data-module="Shop"]');
  const names = async (text = word) => {
    await page.goto(`/shop?search=${text}`);
    await expect(shop.getByText(/^(Showing \d+–\d+ of \d+ products?|No products found for .*)$/)).toBeVisible();
    return shop.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 2 }).allTextContents();
  };
  expect(await names()).toEqual([]);

  const staffContext = await browser.newContext();
  const admin = await staffContext.newPage();
  await staffSignIn(admin);
  await admin.goto('/admin/search-synonyms');
  const form = admin.getByRole('form', { name: 'Add synonyms' });
  // The form's own check first: one word is not an entry; what was typed stays.
  await form.getByRole('textbox', { name: 'Words' }).fill(word);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Write at least two words, separated by commas')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Words' })).toHaveValue(word);
  await form.getByRole('textbox', { name: 'Words' }).fill(`sunglasses, ${word}`);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  const entry = admin.getByRole('listitem', { name: `sunglasses, ${word}` });
  await expect(entry).toBeVisible();
  try {
    // Every API process reads the change within its poll; the host's rendered page follows the change log.
    await expect.poll(async () => (await names()).length, { timeout: 5000, intervals: [250] }).toBeGreaterThan(0);
    // The same meaning: the very products a search for sunglasses lists, in the same order.
    expect(await names()).toEqual(await names('sunglasses'));
  } finally {
    await entry.getByRole('button', { name: 'Remove' }).click();
    await entry.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(entry).toHaveCount(0);
    await staffContext.close();
  }
  await expect.poll(async () => (await names()).length, { timeout: 5000, intervals: [250] }).toBe(0);
});
