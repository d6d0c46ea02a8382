import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pdfText } from '../../api/test/support/pdfText';
import { E2E_OWNER } from '../global-setup';
import { addToCart, answer, API, bearer, HEADERS, registerShopper, type ProductLite } from './support/shopper';
import { signIn } from './support/signIn';

/**
 * Issue 39 in the browser, one shopper's journey: the product page already checks the pincode of their
 * default saved address, they check the one they will order to and see the date and cash on delivery;
 * they save that second address in the address book, order a t-shirt to it paying cash, the shop's owner
 * marks it delivered (the staff API), and they download the GST tax invoice from the order drawer. The
 * development seller is in Karnataka and the parcel goes to Maharashtra, so the tax is IGST. Both
 * pincodes are in api/src/db/seed/pincodes-sample.csv.
 */

/** api/src/config.ts DEV_INVOICE_SELLER. */
const DEV_GSTIN = '29AABCS1234C1ZT';
const WINDOW = /^Delivered by [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}( – [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2})?$/;

/** A t-shirt in stock (HSN 6109), priced under ₹2,000 so its rate is 5%. */
async function tShirt(request: APIRequestContext): Promise<ProductLite> {
  const info = await answer<{ data: { sub_category_list: { id: number; slug: string }[] } }>(
    await request.post(`${API}/store-info`, { headers: HEADERS }),
    'store info',
  );
  const tShirts = info.data.sub_category_list.find((c) => c.slug === 't-shirts');
  const listed = await answer<{ data: { products: ProductLite[] } }>(
    await request.post(`${API}/get-products`, {
      headers: HEADERS,
      multipart: { in_stock: '1', sub_category: String(tShirts?.id), max_price: '2000' },
    }),
    'products',
  );
  const product = listed.data.products[0];
  if (!product) throw new Error('the seeded catalogue has no t-shirt in stock');
  return product;
}

/** The owner (added by the global setup) marks a cash order delivered through the staff API: confirmed, shipped, delivered with the cash. */
async function ownerDelivers(request: APIRequestContext, orderNumber: string): Promise<void> {
  const step = await answer<{ data: { challenge: string; code?: string } }>(
    await request.post(`${API}/staff/sign-in`, { headers: HEADERS, data: { email: E2E_OWNER.email, password: E2E_OWNER.password } }),
    'staff sign-in',
  );
  const session = await answer<{ data: { token: string } }>(
    await request.post(`${API}/staff/sign-in/verify`, { headers: HEADERS, data: { challenge: step.data.challenge, code: step.data.code } }),
    'staff code',
  );
  const staff = bearer(session.data);
  const url = `${API}/staff/orders/${encodeURIComponent(orderNumber)}`;
  const { order } = (
    await answer<{ data: { order: { final_amount: string; cod_fee?: string } } }>(await request.get(url, { headers: staff }), 'order')
  ).data;
  const cash = (Number(order.final_amount) + Number(order.cod_fee ?? 0)).toFixed(2);
  const moves = [
    { from: 'order_placed', to: 'order_confirmed' },
    { from: 'order_confirmed', to: 'shipped', courier: 'Delhivery', tracking_number: `AWB${Date.now()}` },
    { from: 'shipped', to: 'delivered', collected_amount: cash },
  ];
  for (const move of moves) await answer(await request.post(`${url}/status`, { headers: staff, data: move }), `move to ${move.to}`);
}

test('a shopper checks a pincode on a product, orders to a second saved address with cash, and downloads the tax invoice once delivered', async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, 'journey', { firstName: 'Meera', lastName: 'Iyer' });
  // Home, the default, saved before.
  await answer(
    await request.post(`${API}/customer/addresses`, {
      headers: bearer(shopper),
      data: { label: 'Home', address: '12 MG Road, Indiranagar', pincode: '560038', city: 'Bengaluru', state: 'Karnataka' },
    }),
    'home address',
  );
  const product = await tShirt(request);
  await signIn(page, shopper.email, shopper.password);

  // On a phone: the product page starts from the default address's pincode, then checks Pune's.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/products/${product.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const box = page.getByRole('region', { name: 'Delivery' });
  const field = box.getByLabel('Check delivery to your pincode');
  await expect(field).toHaveValue('560038');
  await expect(box.getByText(WINDOW)).toBeVisible();
  await field.fill('411004');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box.getByText(WINDOW)).toBeVisible();
  await expect(box.getByText(/^Cash on delivery available/)).toBeVisible();
  await addToCart(request, shopper, product);

  // The second address, saved in the address book: nothing wider than the phone.
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

  // Checkout to Parents, paying cash.
  await page.goto('/checkout');
  await page.getByText(/^Saved addresses \(\d+\)$/).click();
  const deliverTo = page.getByRole('radiogroup', { name: 'Deliver to' });
  await expect(deliverTo.getByRole('radio', { name: /Home \(default\)/ })).toBeChecked();
  await deliverTo.getByRole('radio', { name: /Parents/ }).check();
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await expect(checkout.getByLabel('Pincode')).toHaveValue('411004');
  await checkout.getByLabel(/Cash on delivery/).check();
  await expect(checkout.getByText(WINDOW)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-success\?orders=/);
  const orderNumber = new URL(page.url()).searchParams.get('orders')?.split(',')[0] ?? '';

  // No invoice for cash until it is delivered; the owner marks it delivered.
  await ownerDelivers(request, orderNumber);

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
