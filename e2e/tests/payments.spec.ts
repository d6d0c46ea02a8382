import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillShippingAddress } from './support/checkout';
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RazorpayGateway } from '../../api/test/gateway/razorpayGateway';
import { signIn } from './support/signIn';

/**
 * Prepaid checkout in the browser (issue 14). Through the `razorpay` adapter: an API process and a static
 * host of this spec's own (ports E2E_PORT+20/+21 and E2E_API_PORT+20/+21) with PAYMENT_PROVIDER=razorpay
 * against a local gateway (E2E_PORT+25) that speaks Razorpay's REST API and serves a small checkout.js;
 * the host lists that gateway's origin in the CSP of /payment (PAYMENT_CSP_ORIGINS). Through the `test`
 * adapter: the config's own development server.
 */

const REPO = path.resolve(__dirname, '..', '..');
const OPS_BIN = path.join(REPO, 'ops', 'bin', 'storefront-ops.cjs');
const TSX = path.join(REPO, 'api', 'node_modules', 'tsx', 'dist', 'cli.mjs');
const DEPLOY_ROOT = path.join(REPO, '.deploy', 'e2e');
const E2E_PORT = Number(process.env.E2E_PORT ?? 8180);
const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 3180);
const GATEWAY_PORT = E2E_PORT + 25;
const KEYS = { keyId: 'rzp_test_browser', keySecret: 'browser-key-secret-0123456789', webhookSecret: 'browser-webhook-secret' };
const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };

interface Site {
  url: string;
  api: string;
  children: ChildProcess[];
  dir: string;
}

let gateway: RazorpayGateway;
const sites: Site[] = [];

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status < 500;
  } catch {
    return false;
  }
}

function start(cmd: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, cmd, { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

/** An API process with the razorpay adapter and a host in front of it, on ports base+offset. */
async function startSite(offset: number, extra: NodeJS.ProcessEnv = {}): Promise<Site> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sf-pay-e2e-'));
  const apiPort = E2E_API_PORT + offset;
  const port = E2E_PORT + offset;
  const api = start([TSX, 'api/src/server.ts'], {
    NODE_ENV: 'development',
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    DB_FILE: path.join(dir, 'shop.sqlite'),
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_URL: gateway.url,
    RAZORPAY_CHECKOUT_URL: `${gateway.url}/v1/checkout.js`,
    PAYMENT_SWEEP_SECONDS: '1',
    ...extra,
  });
  const site: Site = { url: `http://127.0.0.1:${port}`, api: `http://127.0.0.1:${apiPort}`, children: [api.child], dir };
  sites.push(site);
  await expect
    .poll(async () => (api.child.exitCode === null ? answers(`${site.api}/api/openapi.json`) : `exited: ${api.output()}`), {
      timeout: 60_000,
      message: 'payment API',
    })
    .toBe(true);
  const host = start([OPS_BIN, 'serve', '--port', String(port), '--api', site.api, '--root', DEPLOY_ROOT, '--no-ssr'], {
    PAYMENT_CSP_ORIGINS: gateway.url,
  });
  site.children.push(host.child);
  await expect
    .poll(async () => (host.child.exitCode === null ? answers(`${site.url}/storefront.config.json`) : `exited: ${host.output()}`), {
      timeout: 30_000,
      message: 'payment host',
    })
    .toBe(true);
  return site;
}

async function stopSite(site: Site): Promise<void> {
  for (const child of site.children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await fs.rm(site.dir, { recursive: true, force: true });
}

interface WireProduct {
  slug: string;
  product_name: string;
  product_id: number;
  retailer_id: number;
  wholesaler_id: number | null;
  variations: { id: number; final_price: string; stock: number }[];
}
interface Item {
  name: string;
  slug: string;
  productId: number;
  variantId: number;
  retailerId: number;
  wholesalerId: number | null;
}

let seq = 0;
/** A registered customer with one item (priced under ₹3,000, in stock) in the server cart. */
async function shopperWithItem(
  request: APIRequestContext,
  api: string,
  skip: number,
): Promise<{ email: string; password: string; token: string; item: Item }> {
  seq += 1;
  const email = `pay-${Date.now()}-${process.pid}-${seq}@example.test`;
  const password = 'Secret@123';
  const mobile = `9${String((Date.now() * 7 + process.pid * 131 + seq * 7919) % 1e9).padStart(9, '0')}`;
  const reg = await request.post(`${api}/api/customer/register`, {
    headers: API_HEADERS,
    data: { firstName: 'Asha', lastName: 'Verma', email, password, mobile },
  });
  expect(reg.ok()).toBeTruthy();
  const token = ((await reg.json()) as { data: { token: string } }).data.token;
  const list = await request.post(`${api}/api/get-products?page=1`, { headers: API_HEADERS, multipart: { in_stock: '1' } });
  const products = ((await list.json()) as { data: { products: WireProduct[] } }).data.products;
  const picks = products.flatMap((p) =>
    p.variations
      .filter((v) => v.stock >= 3 && Number(v.final_price) < 3000)
      .slice(0, 1)
      .map((v) => ({ p, v })),
  );
  const pick = picks[skip % picks.length];
  expect(pick, 'the seeded catalogue has cheap items in stock').toBeTruthy();
  const item: Item = {
    name: pick!.p.product_name,
    slug: pick!.p.slug,
    productId: pick!.p.product_id,
    variantId: pick!.v.id,
    retailerId: pick!.p.retailer_id,
    wholesalerId: pick!.p.wholesaler_id,
  };
  const add = await request.post(`${api}/api/customer/add-to-cart`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    data: { retailer_id: item.retailerId, wholesaler_id: item.wholesalerId, id: item.variantId, quantity: 1, product_id: item.productId },
  });
  expect(add.ok()).toBeTruthy();
  return { email, password, token, item };
}

async function stockOf(request: APIRequestContext, api: string, item: Item): Promise<number> {
  const res = await request.get(`${api}/api/single-product-details/${item.slug}`, { headers: API_HEADERS });
  const product = ((await res.json()) as { data: WireProduct }).data;
  return product.variations.find((v) => v.id === item.variantId)?.stock ?? -1;
}

interface WireOrder {
  order_number: string;
  status: string;
  payment_status: string;
  history: { status: string; by?: string; note?: string | null }[];
}
async function ordersOf(request: APIRequestContext, api: string, token: string): Promise<WireOrder[]> {
  const res = await request.get(`${api}/api/customer/orders`, { headers: { ...API_HEADERS, authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: WireOrder[] }).data;
}

/** Signs in on `site`, fills the checkout form and places a prepaid order; ends on the payment page. */
async function checkoutPrepaid(page: Page, site: string, shopper: { email: string; password: string; item: Item }): Promise<void> {
  await signIn(page, shopper.email, shopper.password, { site });
  await page.goto(`${site}/checkout`);
  await expect(page.getByText(shopper.item.name).first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Checkout' });
  await fillShippingAddress(page);
  await form.getByLabel('Pay online').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payment\?orders=.+&payment_id=/);
  await expect(page.getByRole('timer', { name: 'Time left to pay' })).toBeVisible();
}

const gatewayWindow = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout' });

test.describe('prepaid checkout through the razorpay adapter and a local gateway', () => {
  test.describe.configure({ mode: 'serial' });
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    gateway = new RazorpayGateway({ ...KEYS, port: GATEWAY_PORT });
    await gateway.start();
    site = await startSite(20);
    (gateway.opts as { webhookUrl?: string }).webhookUrl = `${site.api}/api/payment/razorpay/webhook`;
  });

  test.afterAll(async () => {
    for (const s of sites.splice(0)) await stopSite(s);
    await gateway?.stop();
  });

  test('success: the gateway window pays, the order is placed and the history says the gateway did it', async ({ page, request }) => {
    const shopper = await shopperWithItem(request, site.api, 0);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && r.url().startsWith(gateway.url)) scripts.push(new URL(page.url()).pathname);
    });
    const cspOfPayment = page.waitForResponse((r) => new URL(r.url()).pathname === '/payment' && r.request().resourceType() === 'document');
    await checkoutPrepaid(page, site.url, shopper);
    expect((await cspOfPayment).headers()['content-security-policy']).toContain(`script-src 'self' ${gateway.url}`);
    await expect(page.getByTestId('payment-time-left')).toHaveText(/^1[45]:\d\d$/);
    await expect(page.getByRole('note')).toHaveCount(0);

    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await gatewayWindow(page).getByRole('button', { name: 'Pay with UPI (local gateway)' }).click();
    await expect(page).toHaveURL(/\/order-success\?orders=/);
    await expect(page.getByRole('list', { name: 'Items ordered' })).toContainText(shopper.item.name);
    expect(scripts, 'the gateway script is loaded on /payment only').toEqual(['/payment']);

    const [order] = await ordersOf(request, site.api, shopper.token);
    expect(order).toMatchObject({ status: 'order_placed', payment_status: 'paid' });
    expect(order?.history.find((h) => h.status === 'order_placed')?.by).toBe('gateway');
  });

  test('failure, then the shopper closes the window, tries again and pays', async ({ page, request }) => {
    const shopper = await shopperWithItem(request, site.api, 1);
    await checkoutPrepaid(page, site.url, shopper);
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await gatewayWindow(page).getByRole('button', { name: 'Fail this payment' }).click();
    await expect(page.getByText(/^Payment failed: Payment declined by the bank\. No money was taken/)).toBeVisible();
    await gatewayWindow(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expect(page.getByText('You closed the payment window. Nothing was charged.')).toBeVisible();
    const [waiting] = await ordersOf(request, site.api, shopper.token);
    expect(waiting).toMatchObject({ status: 'payment_pending', payment_status: 'pending' });

    await page.getByRole('button', { name: /^Try again: pay ₹/ }).click();
    await gatewayWindow(page).getByRole('button', { name: 'Pay with UPI (local gateway)' }).click();
    await expect(page).toHaveURL(/\/order-success\?orders=/);
    const [order] = await ordersOf(request, site.api, shopper.token);
    expect(order).toMatchObject({ status: 'order_placed', payment_status: 'paid' });
    expect(order?.history.some((h) => /attempt .* failed/.test(h.note ?? ''))).toBe(true);
  });

  test('the shopper closes the gateway window and cancels: nothing charged, the stock is back at once', async ({ page, request }) => {
    const shopper = await shopperWithItem(request, site.api, 2);
    const before = await stockOf(request, site.api, shopper.item);
    await checkoutPrepaid(page, site.url, shopper);
    expect(await stockOf(request, site.api, shopper.item)).toBe(before - 1);
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await gatewayWindow(page).getByRole('button', { name: 'Close the payment window' }).click();
    await expect(page.getByText('You closed the payment window. Nothing was charged.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText('Order cancelled. Nothing was charged.')).toBeVisible();
    expect(await stockOf(request, site.api, shopper.item)).toBe(before);
    const [order] = await ordersOf(request, site.api, shopper.token);
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
  });

  test('hold expiry: the page shows it, and the stock goes back', async ({ page, request }) => {
    // A site of its own whose hold is 15 seconds, swept every second.
    const short = await startSite(21, { PAYMENT_HOLD_MINUTES: '0.25' });
    const shopper = await shopperWithItem(request, short.api, 3);
    const before = await stockOf(request, short.api, shopper.item);
    await checkoutPrepaid(page, short.url, shopper);
    await expect(page.getByText(/^The time to pay has run out/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
    await expect
      .poll(async () => (await ordersOf(request, short.api, shopper.token))[0]?.status, { timeout: 15_000 })
      .toBe('payment_expired');
    expect(await stockOf(request, short.api, shopper.item)).toBe(before);
  });
});

test('prepaid checkout through the test adapter in development: the hold shown, cancel gives the stock back', async ({
  page,
  request,
  baseURL,
}) => {
  const api = baseURL ?? '';
  const shopper = await shopperWithItem(request, api, 4);
  const before = await stockOf(request, api, shopper.item);
  await checkoutPrepaid(page, api, shopper);
  await expect(page.getByRole('note')).toContainText('Test mode');
  await expect(page.getByTestId('payment-time-left')).toHaveText(/^1[45]:\d\d$/);
  expect(await stockOf(request, api, shopper.item)).toBe(before - 1);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled. Nothing was charged.')).toBeVisible();
  expect(await stockOf(request, api, shopper.item)).toBe(before);
});
