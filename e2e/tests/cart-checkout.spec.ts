import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutForm, fillShippingAddress } from './support/checkout';
import { signIn } from './support/signIn';

/**
 * Cart and checkout journeys on the composed site against the real API server (development mode:
 * OTP codes come back in the answer and the send toast). Each test makes its own customer and cart.
 */

const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };

interface Pick {
  slug: string;
  name: string;
  productId: number;
  variantId: number;
  price: number;
  stock: number;
  retailerId: number;
  wholesalerId: number | null;
}

interface WireVariation {
  id: number;
  final_price: string;
  stock: number;
}
interface WireProduct {
  slug: string;
  product_name: string;
  product_id: number;
  retailer_id: number;
  wholesaler_id: number | null;
  variations: WireVariation[];
}

let seq = 0;
/** A mobile number no other test (or run) is likely to use: 10 digits, starting with 9. */
function uniqueMobile(): string {
  seq += 1;
  const n = (Date.now() * 7 + process.pid * 131 + seq * 7919 + Math.floor(Math.random() * 1e6)) % 1e9;
  return `9${String(n).padStart(9, '0')}`;
}
function uniqueEmail(tag: string): string {
  return `cc-${tag}-${Date.now()}-${process.pid}-${++seq}@example.test`;
}

/** In-stock product variants from the catalogue, filtered by `keep`. */
async function findVariants(request: APIRequestContext, keep: (p: Pick) => boolean, count: number): Promise<Pick[]> {
  const out: Pick[] = [];
  const seen = new Set<number>();
  for (let pageNo = 1; pageNo <= 10 && out.length < count; pageNo++) {
    const res = await request.post(`/api/get-products?page=${pageNo}`, { headers: API_HEADERS, multipart: { in_stock: '1' } });
    expect(res.ok()).toBeTruthy();
    const body = (await res.json()) as { data: { products: WireProduct[]; last_page: number } };
    for (const p of body.data.products) {
      for (const v of p.variations) {
        const pick: Pick = {
          slug: p.slug,
          name: p.product_name,
          productId: p.product_id,
          variantId: v.id,
          price: Number(v.final_price),
          stock: v.stock,
          retailerId: p.retailer_id,
          wholesalerId: p.wholesaler_id,
        };
        if (!seen.has(p.product_id) && v.stock > 0 && keep(pick)) {
          seen.add(p.product_id);
          out.push(pick);
          break;
        }
      }
      if (out.length >= count) break;
    }
    if (pageNo >= body.data.last_page) break;
  }
  expect(out.length, 'the seeded catalogue has the products this test needs').toBeGreaterThanOrEqual(count);
  return out;
}

/** Registers a fresh customer through the API; returns its credentials and bearer token. */
async function registerCustomer(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const password = 'Secret@123';
  const mobile = uniqueMobile();
  const res = await request.post('/api/customer/register', {
    headers: API_HEADERS,
    data: { firstName: 'Asha', lastName: 'Verma', email, password, mobile },
  });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { data: { token: string } };
  return { email, password, mobile, token: body.data.token };
}

/** Adds a variant to the cart from its product page (the catalog section's own button). */
async function addFromProductPage(page: Page, item: Pick) {
  await page.goto(`/products/${item.slug}?variant=${item.variantId}`);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByText(/added|updated/i).first()).toBeVisible();
}

test('a guest adds two items, verifies the mobile by OTP, pays on delivery and sees the order', async ({ page, request }) => {
  const items = await findVariants(request, (p) => p.price < 3000, 2);
  for (const item of items) await addFromProductPage(page, item);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(items[0]!.name).first()).toBeVisible();

  // Field-level messages of spec §5 before anything is filled.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Address is required')).toBeVisible();

  await page.getByLabel('Mobile number').fill(uniqueMobile());
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/otp/send') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  // Development mode: the answer carries the code, and the send toast shows it.
  const code = ((await (await sent).json()) as { data?: { otp?: string } }).data?.otp ?? '';
  expect(code, 'the development API returns the code').not.toBe('');
  await expect(page.getByText(code).first()).toBeVisible();
  await page.getByLabel('OTP', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Invalid OTP').first()).toBeVisible();
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully').first()).toBeVisible();

  const form = checkoutForm(page);
  await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('guest'));
  await form.getByLabel('First name').fill('Ravi');
  await form.getByLabel('Last name').fill('Kumar');
  await fillShippingAddress(page);
  await expect(form.getByLabel('Cash on delivery')).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-success\?orders=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('your order has been placed');
  await expect(page.getByText('Order placed successfully').first()).toBeVisible();
  const numbers = page.getByRole('list', { name: 'Order numbers' }).getByRole('listitem');
  await expect(numbers).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Items ordered' })).toContainText(items[1]!.name);
  await expect(page.getByRole('link', { name: 'View my orders' })).toBeVisible();
  // History was replaced: Back does not return to the checkout form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/checkout$/);
});

test('a signed-in customer applies a valid and an invalid coupon', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'coupon');
  const [item] = await findVariants(request, (p) => p.price >= 600 && p.price < 5000, 1);
  const add = await request.post('/api/customer/add-to-cart', {
    headers: { ...API_HEADERS, authorization: `Bearer ${customer.token}` },
    data: {
      retailer_id: item!.retailerId,
      wholesaler_id: item!.wholesalerId,
      id: item!.variantId,
      quantity: 1,
      product_id: item!.productId,
    },
  });
  expect(add.ok()).toBeTruthy();
  await signIn(page, customer.email, customer.password);

  await page.goto('/checkout');
  const code = page.getByLabel('Coupon code');
  await code.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid Code')).toBeVisible();

  await code.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Coupon WELCOME10 applied/)).toBeVisible();
  const expected = (Math.round(item!.price * 10) / 100).toFixed(2);
  await expect(page.getByTestId('summary-discount')).toContainText(Number(expected).toLocaleString('en-IN', { minimumFractionDigits: 2 }));

  await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).click();
  await expect(page.getByLabel('Coupon code')).toBeVisible();
});

test('a prepaid order whose test payment fails is tried again and paid', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'prepaid');
  const [item] = await findVariants(request, (p) => p.price < 5000 && p.stock >= 2, 1);
  const add = await request.post('/api/customer/add-to-cart', {
    headers: { ...API_HEADERS, authorization: `Bearer ${customer.token}` },
    data: {
      retailer_id: item!.retailerId,
      wholesaler_id: item!.wholesalerId,
      id: item!.variantId,
      quantity: 1,
      product_id: item!.productId,
    },
  });
  expect(add.ok()).toBeTruthy();
  await signIn(page, customer.email, customer.password);

  await page.goto('/checkout');
  await expect(page.getByText(item!.name).first()).toBeVisible();
  await fillShippingAddress(page);
  await checkoutForm(page).getByLabel('Pay online').check();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/payment\?orders=.+&payment_id=/);
  await expect(page.getByRole('note')).toContainText('Test mode');
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page).toHaveURL(/\/order-failure\?orders=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items ordered' })).toContainText(item!.name);

  // A settled payment is final: trying again puts the item back for a new order.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(item!.name).first()).toBeVisible();
  await fillShippingAddress(page);
  await checkoutForm(page).getByLabel('Pay online').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payment\?/);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order-success\?orders=/);
  await expect(page.getByText('Amount paid')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items ordered' })).toContainText(item!.name);
});

test('the quantity cap and the ₹10,000 limit show their messages', async ({ page, request }) => {
  const [cheap] = await findVariants(request, (p) => p.price * 5 <= 9000 && p.stock >= 5, 1);
  const [dear] = await findVariants(
    request,
    (p) => p.price > 2600 && p.price <= 4900 && p.stock >= 4 && p.productId !== cheap!.productId,
    1,
  );

  await addFromProductPage(page, cheap!);
  await page.goto('/cart');
  const plus = page.getByRole('button', { name: `Increase quantity of ${cheap!.name}` });
  for (let q = 2; q <= 5; q++) {
    await plus.click();
    await expect(page.getByRole('group', { name: `Quantity of ${cheap!.name}` })).toContainText(String(q));
  }
  await expect(page.getByText('No more items can be added').first()).toBeVisible();

  // Remove it and fill the cart with the dearer item until the next one would pass ₹10,000.
  await page.getByRole('button', { name: `Remove ${cheap!.name}` }).click();
  await addFromProductPage(page, dear!);
  await page.goto('/cart');
  const dearPlus = page.getByRole('button', { name: `Increase quantity of ${dear!.name}` });
  const fits = Math.floor(10000 / dear!.price);
  for (let q = 2; q <= fits; q++) {
    await dearPlus.click();
    await expect(page.getByRole('group', { name: `Quantity of ${dear!.name}` })).toContainText(String(q));
  }
  await dearPlus.click();
  await expect(page.getByText('Cart total cannot exceed ₹10,000.').first()).toBeVisible();
  await expect(page.getByRole('group', { name: `Quantity of ${dear!.name}` })).toContainText(String(fits));
});

test('the cart survives a reload', async ({ page, request }) => {
  const [item] = await findVariants(request, (p) => p.price < 5000, 1);
  await addFromProductPage(page, item!);
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(item!.name);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(item!.name);
});

test('a guest cart is merged into the customer cart at sign-in', async ({ page, request }) => {
  const customer = await registerCustomer(request, 'merge');
  const [item] = await findVariants(request, (p) => p.price < 5000, 1);
  await addFromProductPage(page, item!);
  await signIn(page, customer.email, customer.password);

  await expect
    .poll(async () => {
      const res = await request.get('/api/customer/cart', { headers: { ...API_HEADERS, authorization: `Bearer ${customer.token}` } });
      const body = (await res.json()) as { data?: { cart?: { product_id: number }[] } };
      return (body.data?.cart ?? []).map((l) => l.product_id);
    })
    .toContain(item!.productId);
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(item!.name);
});
