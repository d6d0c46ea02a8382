import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { signIn } from './signIn';

/**
 * The shoppers a page-walking spec starts from (layout.spec.ts, layout-shift.spec.ts): made once per
 * worker through the API and the sign-in form, their browser sessions saved for every page after.
 */

const API = '/api';
const HEADERS = { 'x-api-key': 'dev-storefront-key' };
const PASSWORD = 'Secret@123';

export interface World {
  productSlug: string;
  orderNumber: string;
  /** /payment's query for a prepaid order waiting for its payment. */
  paymentQuery: string;
  guestState: Awaited<ReturnType<BrowserContext['storageState']>>;
  customerState: Awaited<ReturnType<BrowserContext['storageState']>>;
}

async function json<T>(
  res: { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> },
  what: string,
): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

interface ProductLite {
  slug: string;
  product_id: number;
  retailer_id: number;
  wholesaler_id: number | null;
  variations: { id: number; stock: number; final_price: string }[];
}

/**
 * One customer per worker with two orders (one paid on delivery, one prepaid and waiting), a cart
 * line and a wishlist item; and a guest with a cart line. Both sessions are saved once and every
 * page of the worker starts from them.
 */
export async function buildWorld(browser: Browser, baseURL: string, request: APIRequestContext): Promise<World> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const mobile = `9${String((Date.now() * 7 + Math.floor(Math.random() * 1e6)) % 1_000_000_000).padStart(9, '0')}`;
  const email = `layout-${tag}@example.test`;
  const reg = await json<{ data: { token: string } }>(
    await request.post(`${API}/customer/register`, {
      headers: HEADERS,
      data: { firstName: 'Lakshmi', lastName: 'Narayanan', email, password: PASSWORD, mobile },
    }),
    'register',
  );
  const auth = { ...HEADERS, authorization: `Bearer ${reg.data.token}` };
  const arrivals = await json<{ data: { data: ProductLite[] } }>(
    await request.get(`${API}/new-arrivals`, { headers: HEADERS }),
    'new arrivals',
  );
  const inStock = arrivals.data.data.filter((p) => p.variations.some((v) => v.stock > 3 && Number(v.final_price) < 2000));
  const product = inStock[0];
  if (!product) throw new Error('no product in stock');
  const variant = product.variations.find((v) => v.stock > 3)!;
  const addToCart = async () =>
    json(
      await request.post(`${API}/customer/add-to-cart`, {
        headers: auth,
        data: {
          retailer_id: product.retailer_id,
          wholesaler_id: product.wholesaler_id,
          id: variant.id,
          quantity: 1,
          product_id: product.product_id,
        },
      }),
      'add to cart',
    );
  const checkout = async (payment_method: 'cod' | 'prepaid') =>
    json<{ data: { order_numbers: string[]; payment: { payment_id: string; amount: string } | null } }>(
      await request.post(`${API}/checkout1`, {
        headers: auth,
        data: {
          email,
          firstname: 'Lakshmi',
          lastname: 'Narayanan',
          address: '4th Cross, Jayanagar 9th Block, near the water tank',
          pincode: '560069',
          city: 'Bengaluru',
          state: 'Karnataka',
          payment_method,
        },
      }),
      'checkout',
    );
  await addToCart();
  const cod = await checkout('cod');
  await addToCart();
  const prepaid = await checkout('prepaid');
  await addToCart();
  await json(
    await request.post(`${API}/customer/add-to-wishlist`, { headers: auth, data: { product_id: product.product_id } }),
    'wishlist',
  );
  const orderNumber = cod.data.order_numbers[0]!;
  const pay = prepaid.data.payment!;
  const paymentQuery = `?orders=${encodeURIComponent(prepaid.data.order_numbers.join(','))}&payment_id=${encodeURIComponent(pay.payment_id)}&amount=${encodeURIComponent(pay.amount)}`;

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The guest: one line in the saved cart.
  await page.goto(`/products/${encodeURIComponent(product.slug)}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const guestState = await context.storageState();
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  // The customer, signed in once through the form.
  await signIn(page, email, PASSWORD);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const customerState = await context.storageState();
  await context.close();
  return { productSlug: product.slug, orderNumber, paymentQuery, guestState, customerState };
}

/** Playwright's `test` with a `world` worker fixture: one World per worker, built before its first test. */
export const test = base.extend<object, { world: World }>({
  world: [
    async ({ browser, playwright }, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const request = await playwright.request.newContext({ baseURL });
      await provide(await buildWorld(browser, baseURL, request));
      await request.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});
