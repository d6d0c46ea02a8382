import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { checkoutForm, fillShippingAddress } from './support/checkout';
import { signIn } from './support/signIn';

/**
 * Issue 39 on the composed site (development mode: the demo database serves the sample pincode list,
 * api/src/db/seed/pincodes-sample.csv): the pincode check on a product page on a phone, checkout's refusal
 * of a pincode the shop does not serve, and a cash-on-delivery order with the owner's COD fee.
 */

const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };
const UNSERVED = 'Sorry, we do not deliver to this pincode yet. Please choose another delivery address.';
const WINDOW = /Delivered by [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}( – [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2})?/;

let seq = 0;
const unique = () => `${Date.now()}${process.pid}${++seq}`;

/** The owner's CLI on the e2e database (playwright.config.ts shares its path with the workers). */
function codRules(...args: string[]): void {
  const api = path.resolve(__dirname, '..', '..', 'api');
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/delivery.ts', 'cod', ...args], {
    cwd: api,
    env: { ...process.env, NODE_ENV: 'development', DB_FILE: process.env.E2E_DB_FILE ?? '' },
    stdio: 'pipe',
  });
}

interface WireProduct {
  slug: string;
  product_id: number;
  retailer_id: number;
  wholesaler_id: number | null;
  variations: { id: number; final_price: string; stock: number }[];
}

/** A product in stock under ₹3,000 and a customer with it in the server cart. */
async function customerWithCart(request: APIRequestContext) {
  const list = await request.post('/api/get-products?page=1', { headers: API_HEADERS, multipart: { in_stock: '1' } });
  const products = ((await list.json()) as { data: { products: WireProduct[] } }).data.products;
  const product = products.find((p) => p.variations.some((v) => v.stock >= 3 && Number(v.final_price) < 3000));
  const variant = product?.variations.find((v) => v.stock >= 3 && Number(v.final_price) < 3000);
  if (!product || !variant) throw new Error('no product in stock under ₹3,000');
  const id = unique();
  const email = `pin-${id}@example.test`;
  const password = 'Secret@123';
  const mobile = `9${id.slice(-9).padStart(9, '0')}`;
  const reg = await request.post('/api/customer/register', {
    headers: API_HEADERS,
    data: { firstName: 'Meera', lastName: 'Iyer', email, password, mobile },
  });
  expect(reg.ok()).toBeTruthy();
  const token = ((await reg.json()) as { data: { token: string } }).data.token;
  const add = await request.post('/api/customer/add-to-cart', {
    headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    data: {
      id: variant.id,
      product_id: product.product_id,
      quantity: 1,
      retailer_id: product.retailer_id,
      wholesaler_id: product.wholesaler_id,
    },
  });
  expect(add.ok()).toBeTruthy();
  return { email, password, slug: product.slug };
}

test('on a phone, a shopper checks a pincode on a product and sees the delivery date and cash on delivery', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const list = await request.post('/api/get-products?page=1', { headers: API_HEADERS, multipart: {} });
  const slug = ((await list.json()) as { data: { products: WireProduct[] } }).data.products[0]?.slug;
  await page.goto(`/products/${slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const box = page.getByRole('region', { name: 'Delivery' });
  const field = box.getByLabel('Check delivery to your pincode');
  await field.fill('560038');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText(WINDOW)).toBeVisible();
  await expect(box.getByText('Cash on delivery available')).toBeVisible();

  await field.fill('795001');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText('Cash on delivery is not available for this pincode. Please pay online (prepaid).')).toBeVisible();

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The pincode is remembered: the next product page answers without typing.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('region', { name: 'Delivery' }).getByText(WINDOW)).toBeVisible();
});

test('checkout refuses a pincode the shop does not deliver to, before any payment', async ({ page, request }) => {
  const c = await customerWithCart(request);
  await signIn(page, c.email, c.password);
  await page.goto('/checkout');
  await fillShippingAddress(page, { pincode: '194101' });
  const form = checkoutForm(page);
  await expect(form.getByText(UNSERVED)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(form.getByLabel('Pincode')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkout$/);
});

test("a cash-on-delivery order shows the owner's COD fee as its own line and is placed", async ({ page, request }) => {
  const c = await customerWithCart(request);
  codRules('set', '--fee', '49');
  try {
    await signIn(page, c.email, c.password);
    await page.goto('/checkout');
    await fillShippingAddress(page, { pincode: '560025' });
    await expect(checkoutForm(page).getByText(WINDOW)).toBeVisible();
    await expect(page.getByLabel(/Cash on delivery/)).toBeChecked();
    await expect(page.getByText(/Cash on delivery available \(fee ₹49\)/)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Cash on delivery fee')).toBeVisible();
    await expect(summary.getByTestId('summary-cod-fee')).toHaveText('₹49.00');
    await expect(summary.getByTestId('summary-shipping')).toHaveText('Free');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-success\?orders=SF/);
  } finally {
    codRules('set', '--fee', '0');
  }
});
