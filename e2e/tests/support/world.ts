import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { addToCart, answer, API, bearer, checkout, productInStock, registerShopper } from './shopper';
import { signIn } from './signIn';

/**
 * The shoppers a page-walking spec starts from (layout.spec.ts, layout-shift.spec.ts): made once per
 * worker through the API and the sign-in form, their browser sessions saved for every page after.
 */

export interface World {
  productSlug: string;
  orderNumber: string;
  /** /payment's query for a prepaid order waiting for its payment. */
  paymentQuery: string;
  guestState: Awaited<ReturnType<BrowserContext['storageState']>>;
  customerState: Awaited<ReturnType<BrowserContext['storageState']>>;
}

const JAYANAGAR = {
  address: '4th Cross, Jayanagar 9th Block, near the water tank',
  pincode: '560069',
  city: 'Bengaluru',
  state: 'Karnataka',
};

/**
 * One customer per worker with two orders (one paid on delivery, one prepaid and waiting), a cart
 * line and a wishlist item; and a guest with a cart line. Both sessions are saved once and every
 * page of the worker starts from them.
 */
export async function buildWorld(browser: Browser, baseURL: string, request: APIRequestContext): Promise<World> {
  const shopper = await registerShopper(request, 'layout', { firstName: 'Lakshmi', lastName: 'Narayanan' });
  const product = await productInStock(request, 3, 2000);
  await addToCart(request, shopper, product);
  const cod = await checkout(request, shopper, 'cod', JAYANAGAR);
  await addToCart(request, shopper, product);
  const prepaid = await checkout(request, shopper, 'prepaid', JAYANAGAR);
  await addToCart(request, shopper, product);
  await answer(
    await request.post(`${API}/customer/add-to-wishlist`, { headers: bearer(shopper), data: { product_id: product.product_id } }),
    'wishlist',
  );
  const orderNumber = cod.order_numbers[0]!;
  const pay = prepaid.payment!;
  const paymentQuery = `?orders=${encodeURIComponent(prepaid.order_numbers.join(','))}&payment_id=${encodeURIComponent(pay.payment_id)}&amount=${encodeURIComponent(pay.amount)}`;

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
  await signIn(page, shopper.email, shopper.password);
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
