import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ADDRESS,
  addToCart,
  findVariant,
  get,
  makeApp,
  makeSecondApp,
  ok,
  post,
  productionEnv,
  registerCustomer,
  STORE_TOKEN,
  type TestApp,
  type VariantInfo,
} from './helpers';
import { RazorpayGateway } from './gateway/razorpayGateway';
import { configProblems, loadConfig, loadPaymentConfig, type Config } from '../src/config';
import { checkoutSignature, PaymentService, PaymentSweeper, sameSignature, webhookSignature, createProvider } from '../src/domain/payments';
import type { CheckoutResult, Order, PaymentSession } from '@storefront/contract';

const KEYS = { keyId: 'rzp_test_local1', keySecret: 'w2lBtgmeuDUfnJVp43UpcaiT', webhookSecret: 'whsec_local_test' };

describe('signatures, against vectors computed by hand (openssl dgst -sha256 -hmac)', () => {
  // printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'w2lBtgmeuDUfnJVp43UpcaiT'
  const CHECKOUT_VECTOR = '8a86db7e397766e4978d8ab4c4011042141e76b07f93d923418f5739b8f97e55';
  // printf '%s' '<the body below>' | openssl dgst -sha256 -hmac 'whsec_local_test'
  const BODY =
    '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_29QQoUBi66xm2f","amount":24900,"currency":"INR","status":"captured","order_id":"order_DBJOWzybf0sJbb"}}}}';
  const WEBHOOK_VECTOR = '01bea1fc6fe106c6607b71549d22cfb3d548df4d1fd1f962daf2ed7480929e3a';

  it('checkout signature = HMAC-SHA256(order_id|payment_id, key secret)', () => {
    expect(checkoutSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', KEYS.keySecret)).toBe(CHECKOUT_VECTOR);
  });

  it('webhook signature = HMAC-SHA256(raw body, webhook secret)', () => {
    expect(webhookSignature(Buffer.from(BODY), KEYS.webhookSecret)).toBe(WEBHOOK_VECTOR);
    // One byte of whitespace more is another body: the signature is over the raw bytes, not the JSON.
    expect(webhookSignature(Buffer.from(`${BODY} `), KEYS.webhookSecret)).not.toBe(WEBHOOK_VECTOR);
  });

  it('the provider accepts exactly the genuine signatures', () => {
    const provider = createProvider({
      provider: 'razorpay',
      holdMinutes: 15,
      sweepSeconds: 0,
      razorpay: { ...KEYS, apiUrl: 'http://127.0.0.1:9', checkoutUrl: 'x' },
      problems: [],
    });
    if (!provider) throw new Error('razorpay gave no provider');
    expect(provider.verifyCheckout('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', CHECKOUT_VECTOR)).toBe(true);
    expect(provider.verifyCheckout('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1m', CHECKOUT_VECTOR)).toBe(false);
    expect(provider.verifyCheckout('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', CHECKOUT_VECTOR.toUpperCase().replace('8A', '8B'))).toBe(
      false,
    );
    expect(provider.verifyWebhook(Buffer.from(BODY), WEBHOOK_VECTOR)).toBe(true);
    expect(provider.verifyWebhook(Buffer.from(BODY), undefined)).toBe(false);
    expect(sameSignature(WEBHOOK_VECTOR, WEBHOOK_VECTOR.slice(0, 63))).toBe(false);
    expect(sameSignature(WEBHOOK_VECTOR, `${WEBHOOK_VECTOR}00`)).toBe(false);
  });
});

describe('payment configuration', () => {
  it('development defaults to the test provider and a 15-minute hold', () => {
    expect(loadPaymentConfig({}, true)).toMatchObject({ provider: 'test', holdMinutes: 15, razorpay: null });
  });

  it('production refuses the test provider and Razorpay without its keys', () => {
    expect(configProblems(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }))).toContainEqual(
      expect.stringMatching(/refused in production/),
    );
    expect(configProblems(loadConfig({ NODE_ENV: 'production' }))).toContainEqual(
      expect.stringMatching(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/),
    );
    expect(
      configProblems(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' })),
    ).toContainEqual(expect.stringMatching(/needs RAZORPAY_WEBHOOK_SECRET$/));
    expect(() => loadConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_ID/);
    const ok = loadConfig({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });
    expect(ok.payments).toMatchObject({
      provider: 'razorpay',
      razorpay: { apiUrl: 'https://api.razorpay.com', checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' },
    });
  });
});

// ---------- the razorpay adapter against the local gateway ----------

let t: TestApp;
let gw: RazorpayGateway;
let errorSpy: jest.SpyInstance;
let warnSpy: jest.SpyInstance;

beforeAll(async () => {
  gw = new RazorpayGateway({ ...KEYS });
  const url = await gw.start();
  // A production app (fail-closed checks of issue 13 pass: senders this suite never uses, real-format keys).
  const production = loadConfig(productionEnv({ url: 'http://127.0.0.1:9/sms' }, { url: 'smtp://127.0.0.1:9' }));
  t = await makeApp({
    dev: false,
    mode: 'production',
    storeUrl: production.storeUrl,
    messages: production.messages,
    payments: {
      provider: 'razorpay',
      holdMinutes: 15,
      sweepSeconds: 0,
      razorpay: { ...KEYS, apiUrl: url, checkoutUrl: `${url}/v1/checkout.js` },
      problems: [],
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  (gw.opts as { webhookUrl?: string }).webhookUrl = `http://127.0.0.1:${port}/api/payment/razorpay/webhook`;
});
afterAll(async () => {
  await t.close();
  await gw.stop();
});
beforeEach(() => {
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  errorSpy.mockRestore();
  warnSpy.mockRestore();
});

const stockOf = async (variantId: number) =>
  (await t.db.selectFrom('variations').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const ordersOf = async (token: string) => ok(await get<Order[]>(t.app, '/customer/orders', { token }));
const historyOf = (orderId: number) => t.db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

let skip = 0;
/** A fresh customer who checked out `quantity` of one variant prepaid; the payment page started. */
async function prepaid(
  opts: { quantity?: number; coupon?: string; minPrice?: number } = {},
): Promise<{ token: string; v: VariantInfo; data: CheckoutResult; session: PaymentSession; customerId: number }> {
  const c = await registerCustomer(t.app);
  skip += 1;
  const v = await findVariant(t.db, { minPrice: (opts.minPrice ?? 0) * 100, maxPrice: 2500_00, minStock: 10, skip: skip * 3 });
  ok(await addToCart(t.app, c.token, v, opts.quantity ?? 1));
  const data = ok(
    await post<CheckoutResult>(
      t.app,
      '/checkout1',
      { ...ADDRESS, payment_method: 'prepaid', ...(opts.coupon ? { coupon_code: opts.coupon } : {}) },
      { token: c.token },
    ),
    201,
  );
  const session = ok(await post<PaymentSession>(t.app, '/payment/start', { payment_id: data.payment?.payment_id }, { token: c.token }));
  return { token: c.token, v, data, session, customerId: c.customer.id };
}

/** The checkout's handler result sent back, as the browser does after paying. */
const verifyCheckout = (session: PaymentSession, gatewayPaymentId: string, signature: string | null, token: string) =>
  post(
    t.app,
    '/payment/razorpay/verify',
    {
      payment_id: session.payment_id,
      razorpay_order_id: session.gateway?.order_id,
      razorpay_payment_id: gatewayPaymentId,
      razorpay_signature: signature,
    },
    { token },
  );

describe('razorpay: gateway order and checkout', () => {
  it('creates one gateway order for the amount in paise and hands the browser only public values', async () => {
    const { data, session, token } = await prepaid({ quantity: 2 });
    const paise = Math.round(Number(data.payment?.amount) * 100);
    expect(session).toMatchObject({ provider: 'razorpay', status: 'pending', amount_paise: paise, currency: 'INR', seconds_left: 15 * 60 });
    expect(session.gateway).toEqual({
      key_id: KEYS.keyId,
      order_id: expect.stringMatching(/^order_/),
      checkout_url: `${gw.url}/v1/checkout.js`,
    });
    expect(JSON.stringify(session)).not.toContain(KEYS.keySecret);
    const created = gw.requests.filter(
      (r) => r.path === '/v1/orders' && (r.body as { receipt?: string }).receipt === data.payment?.payment_id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ amount: paise, currency: 'INR' });
    // The page loaded again: the same gateway order, no second one.
    const again = ok(await post<PaymentSession>(t.app, '/payment/start', { payment_id: data.payment?.payment_id }, { token }));
    expect(again.gateway?.order_id).toBe(session.gateway?.order_id);
    expect(
      gw.requests.filter((r) => r.path === '/v1/orders' && (r.body as { receipt?: string }).receipt === data.payment?.payment_id),
    ).toHaveLength(1);
  });

  it('a genuine checkout result settles the orders once, with who did it in the history', async () => {
    const { data, session, token } = await prepaid();
    const { payment, signature } = gw.pay(session.gateway?.order_id ?? '');
    const body = {
      payment_id: session.payment_id,
      razorpay_order_id: session.gateway?.order_id,
      razorpay_payment_id: payment.id,
      razorpay_signature: signature,
    };
    const paid = ok(await post<{ orders: Order[] }>(t.app, '/payment/razorpay/verify', body, { token }));
    expect(paid.orders.map((o) => [o.status, o.payment_status])).toEqual([['order_placed', 'paid']]);
    const history = await historyOf(data.order_id[0] ?? 0);
    expect(history.map((h) => [h.status, h.actor])).toEqual([
      ['payment_pending', expect.stringMatching(/^customer:\d+$/)],
      ['order_placed', 'gateway:checkout'],
    ]);
    // The handler result sent twice, then the webhook: nothing more changes.
    ok(await post(t.app, '/payment/razorpay/verify', body, { token }));
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    expect(await historyOf(data.order_id[0] ?? 0)).toHaveLength(2);
  });

  it('captures a payment that is only authorised, for exactly the order amount', async () => {
    (gw.opts as { authorizeOnly?: boolean }).authorizeOnly = true;
    try {
      const { session, token } = await prepaid();
      const { payment, signature } = gw.pay(session.gateway?.order_id ?? '');
      expect(payment.status).toBe('authorized');
      const body = {
        payment_id: session.payment_id,
        razorpay_order_id: session.gateway?.order_id,
        razorpay_payment_id: payment.id,
        razorpay_signature: signature,
      };
      expect(ok(await post<{ orders: Order[] }>(t.app, '/payment/razorpay/verify', body, { token })).orders[0]?.status).toBe(
        'order_placed',
      );
      expect(gw.payments.get(payment.id)?.status).toBe('captured');
      expect(gw.requests.find((r) => r.path === `/v1/payments/${payment.id}/capture`)?.body).toEqual({
        amount: session.amount_paise,
        currency: 'INR',
      });
    } finally {
      (gw.opts as { authorizeOnly?: boolean }).authorizeOnly = false;
    }
  });
});

describe('razorpay: the gateway unreachable', () => {
  it('starting the payment answers 502 with a message to retry; the next try creates the gateway order', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 2500_00, minStock: 10, skip: 7 });
    ok(await addToCart(t.app, c.token, v, 1));
    const data = ok(await post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'prepaid' }, { token: c.token }), 201);
    // A second API process whose gateway address answers nothing (port 9: discard, closed here).
    const cut = await makeSecondApp(t, {
      payments: { ...t.config.payments, razorpay: { ...KEYS, apiUrl: 'http://127.0.0.1:9', checkoutUrl: `${gw.url}/v1/checkout.js` } },
    });
    try {
      const start = await post(cut.app, '/payment/start', { payment_id: data.payment?.payment_id }, { token: c.token });
      expect([start.status, start.body.message]).toEqual([
        502,
        'We could not reach the payment gateway. Nothing was charged: please try again in a moment.',
      ]);
      expect(start.raw).not.toMatch(/127\.0\.0\.1|razorpay|at /);
    } finally {
      await cut.close();
    }
    const session = ok(await post<PaymentSession>(t.app, '/payment/start', { payment_id: data.payment?.payment_id }, { token: c.token }));
    expect(session.gateway?.order_id).toMatch(/^order_/);
  });
});

describe('razorpay: webhooks alone', () => {
  it('a payment.authorized snapshot of a payment already captured settles it without capturing again', async () => {
    const { data, session, token } = await prepaid();
    const { payment } = gw.pay(session.gateway?.order_id ?? '');
    const snapshot = { ...payment, status: 'authorized' as const, captured: false };
    expect(await gw.sendWebhook(gw.eventBody('payment.authorized', snapshot))).toBe(200);
    expect(gw.requests.some((r) => r.path === `/v1/payments/${payment.id}/capture`)).toBe(false);
    expect((await ordersOf(token)).find((o) => o.order_id === data.order_id[0])).toMatchObject({
      status: 'order_placed',
      payment_status: 'paid',
    });
  });

  it('the gateway unreachable while verifying: 502 with a plain message, the order still waiting', async () => {
    const { data, session, token } = await prepaid();
    const { payment, signature } = gw.pay(session.gateway?.order_id ?? '');
    await gw.stop();
    try {
      const res = await verifyCheckout(session, payment.id, signature, token);
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/could not reach the payment gateway/);
    } finally {
      await gw.start();
    }
    expect((await ordersOf(token)).find((o) => o.order_id === data.order_id[0])?.status).toBe('payment_pending');
  });
});

describe('razorpay: forged and replayed callbacks', () => {
  it('refuses a forged checkout signature and leaves the order unpaid', async () => {
    const { data, session, token } = await prepaid();
    const { payment } = gw.pay(session.gateway?.order_id ?? '', { outcome: 'failure' });
    const forged = await post(
      t.app,
      '/payment/razorpay/verify',
      {
        payment_id: session.payment_id,
        razorpay_order_id: session.gateway?.order_id,
        razorpay_payment_id: payment.id,
        razorpay_signature: 'f'.repeat(64),
      },
      { token },
    );
    expect(forged.status).toBe(400);
    // A genuine signature for another gateway order does not fit this one either.
    const other = await prepaid();
    const theirs = gw.pay(other.session.gateway?.order_id ?? '');
    const swapped = await post(
      t.app,
      '/payment/razorpay/verify',
      {
        payment_id: session.payment_id,
        razorpay_order_id: other.session.gateway?.order_id,
        razorpay_payment_id: theirs.payment.id,
        razorpay_signature: theirs.signature,
      },
      { token },
    );
    expect(swapped.status).toBe(400);
    const [order] = (await ordersOf(token)).filter((o) => o.order_id === data.order_id[0]);
    expect(order).toMatchObject({ status: 'payment_pending', payment_status: 'pending' });
    expect(order?.history.at(-1)?.note).toMatch(/refused: the signature did not match/);
  });

  it('refuses a webhook signed with another secret, or unsigned, and changes nothing', async () => {
    const { data, session, token } = await prepaid();
    const { payment } = gw.pay(session.gateway?.order_id ?? '');
    const body = gw.eventBody('payment.captured', payment);
    expect(await gw.sendWebhook(body, { secret: 'not-the-secret' })).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment/razorpay/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    // Re-serialised JSON (same data, other bytes) is not the signed body.
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(Buffer.from(body), KEYS.webhookSecret) },
      payload: reserialised,
    });
    expect(res.statusCode).toBe(400);
    expect((await ordersOf(token)).find((o) => o.order_id === data.order_id[0])?.status).toBe('payment_pending');
  });

  it('a replayed webhook changes nothing', async () => {
    const { data, session, token, v } = await prepaid();
    const { payment } = gw.pay(session.gateway?.order_id ?? '');
    const body = gw.eventBody('order.paid', payment);
    expect(await gw.sendWebhook(body, { eventId: 'evt_replay_1' })).toBe(200);
    const after = await historyOf(data.order_id[0] ?? 0);
    const stock = await stockOf(v.variantId);
    expect(after.at(-1)).toMatchObject({ status: 'order_placed', actor: 'gateway:webhook' });
    // The same delivery again, and the same body under a new event id (someone resending what they saw).
    expect(await gw.sendWebhook(body, { eventId: 'evt_replay_1' })).toBe(200);
    expect(await gw.sendWebhook(body, { eventId: 'evt_replay_2' })).toBe(200);
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    expect(await historyOf(data.order_id[0] ?? 0)).toEqual(after);
    expect(await stockOf(v.variantId)).toBe(stock);
    expect((await ordersOf(token)).find((o) => o.order_id === data.order_id[0])).toMatchObject({
      status: 'order_placed',
      payment_status: 'paid',
    });
    expect(gw.refunds.size === 0 || [...gw.refunds.values()].every((r) => r.payment_id !== payment.id)).toBe(true);
  });
});

describe('razorpay: amount and currency must match', () => {
  it('a captured amount below the order is refused and logged, by webhook and by checkout', async () => {
    const { data, session, token } = await prepaid();
    const { payment, signature } = gw.pay(session.gateway?.order_id ?? '', { amount: session.amount_paise - 100 });
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    expect(errorSpy).toHaveBeenCalledWith(
      '[payments] payment: amount or currency mismatch, not settled',
      expect.objectContaining({
        payment_id: session.payment_id,
        gateway_payment_id: payment.id,
        amount: session.amount_paise - 100,
        expected_amount: session.amount_paise,
      }),
    );
    const verify = await verifyCheckout(session, payment.id, signature, token);
    expect(verify.status).toBe(422);
    const order = (await ordersOf(token)).find((o) => o.order_id === data.order_id[0]);
    expect(order).toMatchObject({ status: 'payment_pending', payment_status: 'pending' });
    expect(order?.history.some((h) => /refused: .* received, .* due/.test(h.note ?? ''))).toBe(true);
  });

  it('money taken for a wrong amount is given back in full, once, by whichever reports it', async () => {
    const { data, session, token } = await prepaid();
    const { payment, signature } = gw.pay(session.gateway?.order_id ?? '', { amount: session.amount_paise + 5000 });
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    const verify = await verifyCheckout(session, payment.id, signature, token);
    expect([verify.status, verify.body.message]).toEqual([
      422,
      'The amount paid does not match the order. The money taken is being refunded.',
    ]);
    const refunds = [...gw.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(refunds.map((r) => r.amount)).toEqual([session.amount_paise + 5000]);
    const order = (await ordersOf(token)).find((o) => o.order_id === data.order_id[0]);
    expect(order).toMatchObject({ status: 'payment_pending', payment_status: 'pending' });
    expect(order?.history.some((h) => /full refund of .* requested/.test(h.note ?? ''))).toBe(true);
  });

  it('another currency for the same number is refused too', async () => {
    const { data, session, token } = await prepaid();
    const { payment } = gw.pay(session.gateway?.order_id ?? '', { currency: 'USD' });
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    expect(errorSpy).toHaveBeenCalledWith(
      '[payments] payment: amount or currency mismatch, not settled',
      expect.objectContaining({ currency: 'USD', expected_currency: 'INR' }),
    );
    expect((await ordersOf(token)).find((o) => o.order_id === data.order_id[0])?.status).toBe('payment_pending');
  });
});

describe('unpaid orders: the hold', () => {
  it('expiry releases the stock exactly once with two sweepers running at once', async () => {
    const { data, token, v } = await prepaid({ quantity: 3 });
    const held = await stockOf(v.variantId);
    // A second sweeper, as a second API process would run it, over the same database.
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const other = new PaymentService({
      repos: t.app.repos,
      tx: t.app.tx,
      clock: t.clock,
      provider: createProvider(t.config.payments),
      config: t.config.payments,
      log,
      invoices: t.app.invoices,
    });
    const sweepers = [t.app.paymentSweeper, new PaymentSweeper(other, log, 0)];

    t.clock.advance(15 * 60_000 - 1_000);
    await Promise.all(sweepers.map((s) => s.pass()));
    expect(await stockOf(v.variantId)).toBe(held);

    t.clock.advance(2_000);
    const counts = await Promise.all([t.app.payments.expireDue(), other.expireDue(), t.app.payments.expireDue(), other.expireDue()]);
    await Promise.all(sweepers.map((s) => s.pass()));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(v.variantId)).toBe(held + 3);
    const order = (await ordersOf(token)).find((o) => o.order_id === data.order_id[0]);
    expect(order).toMatchObject({ status: 'payment_expired', payment_status: 'expired' });
    expect(order?.history.filter((h) => h.status === 'payment_expired')).toEqual([expect.objectContaining({ by: 'system' })]);
    // A payment arriving now is money without an order: refunded in full.
    t.clock.advance(-16 * 60_000);
  });

  it('two API processes sweeping one database at once expire each checkout exactly once', async () => {
    const checkouts = await Promise.all(Array.from({ length: 12 }, () => prepaid({ quantity: 1 })));
    const held = new Map<number, number>();
    for (const c of checkouts) held.set(c.v.variantId, await stockOf(c.v.variantId));
    const returnsDue = new Map<number, number>();
    for (const c of checkouts) returnsDue.set(c.v.variantId, (returnsDue.get(c.v.variantId) ?? 0) + 1);
    const run = promisify(execFile);
    const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const script = path.join(__dirname, 'support', 'sweepProcess.ts');
    const at = String(t.clock.now() + 16 * 60_000);
    // Each process sweeps in batches of 5 until nothing is due, both at the same time.
    const startAt = String(Date.now() + 5_000);
    const outputs = await Promise.all(
      [1, 2].map(() =>
        run(process.execPath, [tsx, script, t.config.databaseUrl ?? t.config.dbFile, at, '6', startAt], {
          cwd: path.join(__dirname, '..'),
        }),
      ),
    );
    const counts = outputs.map((o) => (JSON.parse(o.stdout.trim()) as { expired: number }).expired);
    process.stdout.write(`two sweeper processes: expired ${counts.join(' + ')} = ${counts[0]! + counts[1]!} of 12+ due checkouts\n`);
    for (const [variantId, n] of returnsDue) expect(await stockOf(variantId)).toBe((held.get(variantId) ?? 0) + n);
    for (const c of checkouts) {
      const order = (await ordersOf(c.token))[0];
      expect(order).toMatchObject({ status: 'payment_expired', payment_status: 'expired' });
      expect(order?.history.filter((h) => h.status === 'payment_expired')).toHaveLength(1);
    }
  }, 60_000);

  it('money captured after the hold ended is refunded, not turned into an order', async () => {
    const { data, session, token, v } = await prepaid();
    t.clock.advance(16 * 60_000);
    await t.app.paymentSweeper.pass();
    const stock = await stockOf(v.variantId);
    const { payment } = gw.pay(session.gateway?.order_id ?? '');
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    const refund = [...gw.refunds.values()].find((r) => r.payment_id === payment.id);
    expect(refund).toMatchObject({ amount: session.amount_paise, status: 'processed' });
    expect((await ordersOf(token)).find((o) => o.order_id === data.order_id[0])?.status).toBe('payment_expired');
    expect(await stockOf(v.variantId)).toBe(stock);
    // Replayed: still one refund.
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    expect([...gw.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    t.clock.advance(-16 * 60_000);
  });

  it('the shopper cancels an unpaid order at any time: the stock returns at once', async () => {
    const { data, token, v } = await prepaid({ quantity: 2 });
    const held = await stockOf(v.variantId);
    const res = await post<Order>(
      t.app,
      '/customer/cancel-order',
      { order_id: data.order_id[0], reject_reason_select: 'Payment Issue' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
    expect(await stockOf(v.variantId)).toBe(held + 2);
    // Cancelled is final: the sweeper and a late payment page change nothing.
    t.clock.advance(16 * 60_000);
    await t.app.paymentSweeper.pass();
    expect(await stockOf(v.variantId)).toBe(held + 2);
    t.clock.advance(-16 * 60_000);
    expect((await post(t.app, '/payment/cancel', { payment_id: data.payment?.payment_id }, { token })).status).toBe(409);
  });
});

describe('refunds on cancel', () => {
  async function paidOrder(): Promise<{ token: string; order: Order; paymentId: string }> {
    const p = await prepaid();
    const { payment } = gw.pay(p.session.gateway?.order_id ?? '');
    expect(await gw.sendWebhook(gw.eventBody('payment.captured', payment))).toBe(200);
    const order = (await ordersOf(p.token)).find((o) => o.order_id === p.data.order_id[0]) as Order;
    expect(order.payment_status).toBe('paid');
    return { token: p.token, order, paymentId: payment.id };
  }

  it('a pending refund shows refund_pending, then refunded when the gateway says processed (once)', async () => {
    (gw.opts as { refundStatus?: string }).refundStatus = 'pending';
    try {
      const { token, order, paymentId } = await paidOrder();
      const res = await post<Order>(
        t.app,
        '/customer/cancel-order',
        { order_id: order.order_id, reject_reason_select: 'Changed My Mind' },
        { token },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(`Order cancelled successfully. A refund of ₹${order.final_amount} has been requested.`);
      expect(res.body.data).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' });
      const refunds = [...gw.refunds.values()].filter((r) => r.payment_id === paymentId);
      expect(refunds).toEqual([
        expect.objectContaining({
          amount: Math.round(Number(order.final_amount) * 100),
          receipt: `order:${order.order_id}`,
          status: 'pending',
        }),
      ]);
      const refund = gw.processRefund(refunds[0]?.id ?? '');
      const body = gw.eventBody('refund.processed', refund);
      expect(await gw.sendWebhook(body)).toBe(200);
      const done = (await ordersOf(token)).find((o) => o.order_id === order.order_id);
      expect(done).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
      const entries = done?.history.length;
      expect(await gw.sendWebhook(body)).toBe(200);
      expect((await ordersOf(token)).find((o) => o.order_id === order.order_id)?.history).toHaveLength(entries ?? 0);
    } finally {
      (gw.opts as { refundStatus?: string }).refundStatus = 'processed';
    }
  });

  it('a gateway outage leaves the refund requested; the sweeper asks again, and only once', async () => {
    const { token, order, paymentId } = await paidOrder();
    gw.failRefunds = 1;
    const res = await post<Order>(
      t.app,
      '/customer/cancel-order',
      { order_id: order.order_id, reject_reason_select: 'Changed My Mind' },
      { token },
    );
    expect(res.body.data).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' });
    expect(gw.refunds.size === 0 || ![...gw.refunds.values()].some((r) => r.payment_id === paymentId)).toBe(true);
    t.clock.advance(61_000);
    await Promise.all([t.app.paymentSweeper.pass(), t.app.payments.retryRefunds()]);
    expect([...gw.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    expect((await ordersOf(token)).find((o) => o.order_id === order.order_id)?.payment_status).toBe('refunded');
  });

  it('cash on delivery needs no refund', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 2000_00, minStock: 5, skip: 40 });
    ok(await addToCart(t.app, c.token, v, 1));
    const data = ok(await post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod' }, { token: c.token }), 201);
    const before = gw.requests.length;
    const res = await post<Order>(
      t.app,
      '/customer/cancel-order',
      { order_id: data.order_id[0], reject_reason_select: 'Changed My Mind' },
      { token: c.token },
    );
    expect(res.body).toMatchObject({ message: 'Order cancelled successfully', data: { status: 'cancelled', payment_status: 'cod' } });
    expect(gw.requests.length).toBe(before);
  });
});

describe('coupons: per customer', () => {
  it('WELCOME10 is once per customer; an unpaid checkout that expires gives the use back', async () => {
    const first = await prepaid({ coupon: 'WELCOME10', minPrice: 600 });
    expect(Number(first.data.payment?.amount)).toBeGreaterThan(0);
    const v = await findVariant(t.db, { minPrice: 600_00, maxPrice: 2500_00, minStock: 5, skip: 50 });
    ok(await addToCart(t.app, first.token, v, 1));
    const again = await post(t.app, '/apply-coupon', { coupon_code: 'WELCOME10' }, { token: first.token });
    expect(again).toMatchObject({ status: 409, body: { message: 'You have already used this coupon' } });
    t.clock.advance(16 * 60_000);
    await t.app.paymentSweeper.pass();
    t.clock.advance(-16 * 60_000);
    expect((await post(t.app, '/apply-coupon', { coupon_code: 'WELCOME10' }, { token: first.token })).status).toBe(200);
  });

  it('parallel checkouts by one customer with a once-only coupon: exactly one gets the discount', async () => {
    const c = await registerCustomer(t.app);
    const login = async () => ok(await post<{ token: string }>(t.app, '/customer/login', { email: c.email, password: c.password })).token;
    // Ten devices of one customer, each adding an item and checking out with WELCOME10, all sent at once
    // (add, checkout, add, checkout, … without waiting), so most checkouts find a cart to check out.
    const tokens = [c.token, ...(await Promise.all(Array.from({ length: 9 }, login)))];
    const v = await findVariant(t.db, { minPrice: 600_00, maxPrice: 1500_00, minStock: 5, skip: 20 });
    await t.db.updateTable('variations').set({ stock: 50 }).where('id', '=', v.variantId).execute();
    const sent = tokens.flatMap((token) => [
      addToCart(t.app, token, v, 1),
      post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod', coupon_code: 'WELCOME10' }, { token }),
    ]);
    const answers = (await Promise.all(sent)).filter((_, i) => i % 2 === 1) as Awaited<ReturnType<typeof post<CheckoutResult>>>[];
    const placed = answers.filter((a) => a.status === 201);
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'discount_amount', 'coupon_code'])
      .where('customer_id', '=', c.customer.id)
      .execute();
    const discounted = orders.filter((o) => o.coupon_code === 'WELCOME10' && o.discount_amount > 0);
    const checkoutsWithDiscount = new Set(
      placed
        .flatMap((a) => a.body.data?.order_id ?? [])
        .filter((id) => discounted.some((o) => o.id === id))
        .map(() => 1),
    );
    expect(placed).toHaveLength(1);
    expect(discounted.length).toBeGreaterThanOrEqual(1);
    expect(checkoutsWithDiscount.size).toBe(1);
    expect(orders.every((o) => o.coupon_code === 'WELCOME10')).toBe(true);
    const refusedForCoupon = answers.filter((a) => a.status === 409 && a.body.message === 'You have already used this coupon');
    process.stdout.write(
      `parallel once-only coupon: ${answers.length} checkouts → ${placed.length} placed with the discount, ${refusedForCoupon.length} refused for the coupon, ${answers.length - placed.length - refusedForCoupon.length} other (empty cart)\n`,
    );
    const uses = await t.db
      .selectFrom('coupon_uses')
      .innerJoin('coupons', 'coupons.id', 'coupon_uses.coupon_id')
      .select('coupon_uses.used_count')
      .where('coupons.code', '=', 'WELCOME10')
      .where('coupon_uses.customer_id', '=', c.customer.id)
      .executeTakeFirst();
    expect(uses?.used_count).toBe(1);
  });
});

describe('coupons: a guest OTP checkout', () => {
  it('counts against the account the verified mobile lands in', async () => {
    const dev = await makeApp();
    try {
      const owner = await registerCustomer(dev.app);
      // The mobile is the account's sign-in identity only once verified (issue 13): the owner verifies it.
      const sent = ok(await post<{ otp: string }>(dev.app, '/customer/mobile/send-otp', { mobile: owner.mobile }, { token: owner.token }));
      ok(await post(dev.app, '/customer/mobile/verify', { mobile: owner.mobile, otp: sent.otp }, { token: owner.token }));
      const v = await findVariant(dev.db, { minPrice: 600_00, maxPrice: 2000_00, minStock: 5, skip: 5 });
      ok(await addToCart(dev.app, owner.token, v, 1));
      ok(await post(dev.app, '/checkout1', { ...ADDRESS, payment_method: 'cod', coupon_code: 'WELCOME10' }, { token: owner.token }), 201);
      // Later, as a guest on another device, the same mobile verified by OTP at checkout.
      const code = ok(await post<{ otp?: string }>(dev.app, '/otp/send', { user_token: STORE_TOKEN, mobile: owner.mobile })).otp ?? '';
      const guest = ok(
        await post<{ token: string; customer: { id: number } }>(dev.app, '/otp/verify/checkout', { mobile: owner.mobile, otp: code }),
      );
      expect(guest.customer.id).toBe(owner.customer.id);
      ok(await addToCart(dev.app, guest.token, v, 1));
      const res = await post(
        dev.app,
        '/checkout1',
        { ...ADDRESS, payment_method: 'cod', coupon_code: 'WELCOME10' },
        { token: guest.token },
      );
      expect(res).toMatchObject({ status: 409, body: { message: 'You have already used this coupon' } });
    } finally {
      await dev.close();
    }
  });
});

describe('the test provider', () => {
  it('is 404 in production (and with razorpay configured)', async () => {
    const { session, token } = await prepaid();
    const res = await post(t.app, '/payment/test/confirm', { payment_id: session.payment_id, outcome: 'success' }, { token });
    expect(res.status).toBe(404);
  });

  it('is refused by the configuration in production, whatever the app is handed', () => {
    expect(loadPaymentConfig({ PAYMENT_PROVIDER: 'test' }, false).problems).toEqual([expect.stringMatching(/refused in production/)]);
    const handed: Config = { ...t.config, payments: { ...t.config.payments, provider: 'test', razorpay: null, problems: [] } };
    expect(configProblems(handed)).toEqual([]);
    expect(() => configProblems({ ...handed, payments: loadPaymentConfig({ PAYMENT_PROVIDER: 'test' }, false) })).not.toThrow();
    expect(configProblems({ ...handed, payments: loadPaymentConfig({ PAYMENT_PROVIDER: 'test' }, false) })).toHaveLength(1);
  });
});
