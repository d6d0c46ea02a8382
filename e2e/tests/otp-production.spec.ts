import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillShippingAddress } from './support/checkout';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';

/**
 * Production mode in a real browser (issue 13): an API and an edge host started here with
 * NODE_ENV=production and real-format settings (own keys, the public origin, an SMS gateway with an auth
 * header and a DLT-style body template, SMTP with credentials). The SMS gateway is a local HTTP receiver
 * and the mailbox a real SMTP server (smtp-server), both started by this file: the shopper's code is read
 * from what the gateway received, never from the page or an API answer.
 *
 * Ports: E2E_PORT+10 (host) and E2E_API_PORT+10 (API); the receivers listen on any free port.
 */

const REPO = path.resolve(__dirname, '..', '..');
const OPS_BIN = path.join(REPO, 'ops', 'bin', 'storefront-ops.cjs');
const HOST_PORT = Number(process.env.E2E_PORT ?? 8180) + 10;
const API_PORT = Number(process.env.E2E_API_PORT ?? 3180) + 10;
const SITE = `http://127.0.0.1:${HOST_PORT}`;
const API_KEY = 'sk_live_e2e_5f1c2a9d7b3e4f60';
const STORE_TOKEN = 'st_live_e2e_0b8e7d6c5a4f3e21';
const HEADERS = { 'x-api-key': API_KEY };
const PASSWORD = 'Secret@123';

const run = promisify(execFile);

interface Sms {
  headers: http.IncomingHttpHeaders;
  body: { recipients?: { mobiles?: string; otp?: string }[] };
}
const smsReceived: Sms[] = [];
let smsServer: http.Server;
let smtpServer: SMTPServer;
let smsUrl = '';
let smtpUrl = '';
let tmp = '';
const children: ChildProcess[] = [];

/** The newest code the SMS gateway received for this mobile (the template puts it in `recipients[0].otp`). */
async function smsCode(mobile: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const hit = smsReceived
          .slice(after)
          .reverse()
          .find((m) => m.body.recipients?.[0]?.mobiles === `91${mobile}`);
        code = hit?.body.recipients?.[0]?.otp ?? '';
        return code;
      },
      { message: `an SMS to ${mobile} at the gateway` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status < 500;
  } catch {
    return false;
  }
}

function start(name: string, command: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, command, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  children.push(child);
  return Object.assign(child, { output: () => `${name}: ${output}` });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.describe('production mode: codes only by SMS', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-prod-e2e-'));
    const root = path.join(tmp, 'deploy');

    smsServer = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        // A gateway checks its key; the API must send it.
        if (req.headers.authkey !== 'msg91-e2e-key') {
          res.writeHead(401).end();
          return;
        }
        smsReceived.push({ headers: req.headers, body: JSON.parse(data) as Sms['body'] });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"success"}');
      });
    });
    await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
    smsUrl = `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/api/v5/flow`;
    smtpServer = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (auth, _s, cb) =>
        auth.username === 'shop' && auth.password === 'smtp-e2e' ? cb(null, { user: 'shop' }) : cb(new Error('bad login')),
      onData: (stream, _s, cb) => {
        stream.resume();
        stream.on('end', () => cb());
      },
    });
    await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://shop:smtp-e2e@127.0.0.1:${(smtpServer.server.address() as AddressInfo).port}`;

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      API_KEY,
      STORE_TOKEN,
      STORE_URL: SITE,
      SMS_WEBHOOK_URL: smsUrl,
      SMS_WEBHOOK_AUTH: 'authkey: msg91-e2e-key',
      SMS_WEBHOOK_BODY: '{"template_id":"otp-login","short_url":"0","recipients":[{"mobiles":"91{{mobile}}","otp":"{{code}}"}]}',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Storefront <orders@shop.example.in>',
      // A parallel branch makes production refuse to start without a real payment provider.
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_e2e',
      RAZORPAY_KEY_SECRET: 'e2e-secret',
      RAZORPAY_WEBHOOK_SECRET: 'e2e-webhook',
      INVOICE_LEGAL_NAME: 'Shop Example Retail LLP',
      INVOICE_ADDRESS: '21 Linking Road, Mumbai 400050',
      INVOICE_STATE: 'Maharashtra',
      INVOICE_GSTIN: '27AAACB5678D1ZP',
    };
    await run(process.execPath, [OPS_BIN, 'deploy-all', '--root', root], { cwd: REPO, env });
    const api = start(
      'api',
      ['--import', 'tsx', path.join('src', 'server.ts')],
      {
        ...env,
        API_PORT: String(API_PORT),
        API_HOST: '127.0.0.1',
        DB_FILE: path.join(tmp, 'shop.sqlite'),
      },
      path.join(REPO, 'api'),
    );
    await expect
      .poll(async () => (api.exitCode === null ? answers(`http://127.0.0.1:${API_PORT}/api/openapi.json`) : api.output()), {
        timeout: 90_000,
      })
      .toBe(true);
    const host = start(
      'host',
      [OPS_BIN, 'serve', '--port', String(HOST_PORT), '--api', `http://127.0.0.1:${API_PORT}`, '--root', root],
      env,
      REPO,
    );
    await expect
      .poll(async () => (host.exitCode === null ? answers(`${SITE}/storefront.config.json`) : host.output()), { timeout: 60_000 })
      .toBe(true);
  });

  test.afterAll(async () => {
    for (const child of children.splice(0)) await stop(child);
    await new Promise<void>((resolve) => smsServer?.close(() => resolve()));
    await new Promise<void>((resolve) => (smtpServer ? smtpServer.close(() => resolve()) : resolve()));
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  let seq = 0;
  const unique = () => {
    seq += 1;
    const n = (Date.now() * 31 + seq * 7919 + Math.floor(Math.random() * 997)) % 1_000_000_000;
    return { email: `prod-${Date.now().toString(36)}${seq}@example.test`, mobile: `6${String(n).padStart(9, '0')}` };
  };

  /** A shopper with an account whose mobile was proved by an OTP (read at the gateway). */
  async function shopperWithVerifiedMobile(request: APIRequestContext) {
    const { email, mobile } = unique();
    const reg = await request.post(`${SITE}/api/customer/register`, {
      headers: HEADERS,
      data: { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD, mobile },
    });
    expect(reg.status()).toBe(201);
    const token = ((await reg.json()) as { data: { token: string } }).data.token;
    const auth = { ...HEADERS, authorization: `Bearer ${token}` };
    const before = smsReceived.length;
    const sent = await request.post(`${SITE}/api/customer/mobile/send-otp`, { headers: auth, data: { mobile } });
    expect(await sent.json()).toEqual({ success: true, message: 'OTP sent successfully', data: {} });
    const verified = await request.post(`${SITE}/api/customer/mobile/verify`, {
      headers: auth,
      data: { mobile, otp: await smsCode(mobile, before) },
    });
    expect(verified.status()).toBe(200);
    return { email, mobile };
  }

  /** Fails the test if the code shows up in the page's text. */
  async function expectNotOnPage(page: Page, code: string): Promise<void> {
    expect(await page.locator('body').innerText()).not.toContain(code);
  }

  test('the development outbox does not exist and development keys are refused', async ({ request }) => {
    expect((await request.get(`${SITE}/api/dev/outbox`, { headers: HEADERS })).status()).toBe(404);
    expect((await request.post(`${SITE}/api/store-info`, { headers: { 'x-api-key': 'dev-storefront-key' } })).status()).toBe(401);
  });

  test('a shopper signs in by OTP; the code comes only by SMS', async ({ page, request }) => {
    const shopper = await shopperWithVerifiedMobile(request);
    await page.goto(`${SITE}/signin`);
    await page.getByRole('button', { name: 'Mobile OTP' }).click();
    const form = page.getByRole('form', { name: 'Sign in with mobile OTP' });
    await form.getByLabel('Mobile number').fill(shopper.mobile);
    const before = smsReceived.length;
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login/otp') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send OTP' }).click();
    const sent = await answer;
    expect(sent.status()).toBe(200);
    const code = await smsCode(shopper.mobile, before);
    expect(await sent.text()).not.toContain(code);
    await expect(page.getByText('OTP sent successfully').first()).toBeVisible();
    await expectNotOnPage(page, code);

    const verify = page.getByRole('form', { name: 'Verify OTP' });
    await verify.getByLabel('OTP').fill(code);
    await verify.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(`${SITE}/`);
    await page.goto(`${SITE}/my-account`);
    await expect(page.getByText(shopper.email)).toBeVisible();
    await expect(page.getByText(`${shopper.mobile} (verified)`)).toBeVisible();
  });

  test('a guest verifies the mobile at checkout with the SMS code and places a cash-on-delivery order', async ({ page, request }) => {
    const arrivals = await request.get(`${SITE}/api/new-arrivals`, { headers: HEADERS });
    const list = (
      (await arrivals.json()) as { data: { data: { slug: string; variations: { id: number; stock: number; final_price: string }[] }[] } }
    ).data.data;
    const product = list.find((p) => p.variations.some((v) => v.stock > 2 && Number(v.final_price) < 3000));
    const variant = product?.variations.find((v) => v.stock > 2 && Number(v.final_price) < 3000);
    if (!product || !variant) throw new Error('no product in stock under ₹3,000');
    await page.goto(`${SITE}/products/${product.slug}?variant=${variant.id}`);
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    await expect(page.getByText(/added|updated/i).first()).toBeVisible();

    await page.goto(`${SITE}/checkout`);
    const { email, mobile } = unique();
    await page.getByLabel('Mobile number').fill(mobile);
    const before = smsReceived.length;
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/otp/send') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const sent = await answer;
    const code = await smsCode(mobile, before);
    expect(await sent.text()).not.toContain(code);
    await expectNotOnPage(page, code);
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('OTP verified successfully').first()).toBeVisible();

    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('First name').fill('Ravi');
    await form.getByLabel('Last name').fill('Kumar');
    await fillShippingAddress(page);
    await form.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order-success\?orders=/);
    await expect(page.getByText('Order placed successfully').first()).toBeVisible();

    // Tracking by number shows no personal data to a stranger (a fresh browser context, signed out).
    const number =
      /SF[A-Z0-9]+/.exec(await page.getByRole('list', { name: 'Order numbers' }).getByRole('listitem').first().innerText())?.[0] ?? '';
    const tracked = await request.post(`${SITE}/api/customer/track-order`, { headers: HEADERS, data: { track_no: number } });
    const text = await tracked.text();
    expect(tracked.status()).toBe(200);
    for (const secret of ['12 MG Road', '560038', mobile, email, 'Ravi']) expect(text).not.toContain(secret);
  });
});
