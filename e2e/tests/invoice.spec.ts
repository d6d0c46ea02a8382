import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../api/test/support/pdfText';
import { signIn } from './support/signIn';

/**
 * Issue 39 in the browser: a shopper saves a second address in the address book, orders a t-shirt to it
 * and pays (the development test provider), then downloads the order's GST tax invoice from the order
 * drawer. The PDF's text holds the seller's GSTIN, the HSN code and the tax lines: the development seller
 * is in Karnataka and the parcel goes to Maharashtra, so the tax is IGST.
 */

const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };
/** api/src/config.ts DEV_INVOICE_SELLER. */
const DEV_GSTIN = '29AABCS1234C1ZT';

interface WireProduct {
  product_id: number;
  retailer_id: number;
  wholesaler_id: number | null;
  variations: { id: number; stock: number; final_price: string }[];
}

test('a shopper orders to a second saved address and downloads the tax invoice', async ({ page, request }) => {
  const email = `invoice-${Date.now()}-${process.pid}@example.test`;
  const mobile = `9${String((Date.now() * 7 + process.pid) % 1e9).padStart(9, '0')}`;
  const registered = await request.post('/api/customer/register', {
    headers: API_HEADERS,
    data: { firstName: 'Meera', lastName: 'Iyer', email, password: 'Secret@123', mobile },
  });
  expect(registered.ok()).toBeTruthy();
  const { token } = ((await registered.json()) as { data: { token: string } }).data;
  const auth = { ...API_HEADERS, authorization: `Bearer ${token}` };
  // Home, the default, saved before; the second address is added in the page.
  const home = await request.post('/api/customer/addresses', {
    headers: auth,
    data: { label: 'Home', address: '12 MG Road, Indiranagar', pincode: '560038', city: 'Bengaluru', state: 'Karnataka' },
  });
  expect(home.ok()).toBeTruthy();

  // A t-shirt in stock (HSN 6109), priced under ₹2,500 so its rate is 5%.
  const info = (await (await request.post('/api/store-info', { headers: API_HEADERS })).json()) as {
    data: { sub_category_list: { id: number; slug: string }[] };
  };
  const tShirts = info.data.sub_category_list.find((c) => c.slug === 't-shirts');
  const listed = await request.post('/api/get-products', {
    headers: API_HEADERS,
    multipart: { in_stock: '1', sub_category: String(tShirts?.id), max_price: '2000' },
  });
  const product = ((await listed.json()) as { data: { products: WireProduct[] } }).data.products[0];
  const variant = product?.variations.find((v) => v.stock > 0);
  expect(variant, 'the seeded catalogue has a t-shirt in stock').toBeTruthy();
  const added = await request.post('/api/customer/add-to-cart', {
    headers: auth,
    data: {
      retailer_id: product?.retailer_id,
      wholesaler_id: product?.wholesaler_id,
      id: variant?.id,
      quantity: 1,
      product_id: product?.product_id,
    },
  });
  expect(added.ok()).toBeTruthy();

  await signIn(page, email, 'Secret@123');
  // The address book on a phone: nothing wider than its 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/my-account/address');
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Label (Home, Office…)').fill('Parents');
  await form.getByLabel('Address', { exact: true }).fill('7 FC Road, Shivajinagar');
  await form.getByLabel('Pincode').fill('411004');
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('State').fill('Maharashtra');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('listitem', { name: 'Parents' })).toContainText('7 FC Road, Shivajinagar, Pune, Maharashtra 411004');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/checkout');
  const deliverTo = page.getByRole('radiogroup', { name: 'Deliver to' });
  await expect(deliverTo.getByRole('radio', { name: /Home \(default\)/ })).toBeChecked();
  await deliverTo.getByRole('radio', { name: /Parents/ }).check();
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await expect(checkout.getByLabel('Pincode')).toHaveValue('411004');
  await expect(checkout.getByLabel('City', { exact: true })).toHaveValue('Pune');
  await checkout.getByLabel('Pay online').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payment\?/);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order-success\?orders=/);
  const orderNumber = new URL(page.url()).searchParams.get('orders')?.split(',')[0] ?? '';

  await page.goto('/my-account/orders');
  await page.getByRole('button', { name: new RegExp(`Order ${orderNumber}`) }).click();
  const drawer = page.getByRole('dialog', { name: 'Order Details' });
  await expect(drawer).toContainText('Pune, Maharashtra 411004');
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: /^Download invoice INV\/\d\d-\d\d\/\d{6}$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d\d-\d\d-\d{6}\.pdf$/);
  const text = pdfText(await fs.readFile(await download.path()));
  expect(text).toContain('TAX INVOICE');
  expect(text).toContain(`GSTIN: ${DEV_GSTIN}`);
  expect(text).toContain('HSN: 6109');
  expect(text).toContain('Place of supply: Maharashtra (27)');
  expect(text).toMatch(/IGST @ 5%: Rs\. [\d,]+\.\d\d/);
  expect(text).not.toContain('CGST');
  expect(text).toMatch(/Taxable value: Rs\. [\d,]+\.\d\d/);
});
