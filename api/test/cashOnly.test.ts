// PAYMENT_PROVIDER=none (issue 41): a shop that takes cash on delivery only starts in production without
// gateway keys, tells checkout to offer cash on delivery alone, refuses a prepaid checkout with a field
// error, and has no payment routes at all.
import type { CheckoutResult, Order, StoreInfoData } from '@storefront/contract';
import {
  ADDRESS,
  addToCart,
  findVariant,
  get,
  makeApp,
  makeProductionApp,
  makeSecondApp,
  ok,
  post,
  productionEnv,
  registerCustomer,
  type TestApp,
} from './helpers';
import { configProblems, loadConfig, loadPaymentConfig } from '../src/config';
import { PREPAID_UNAVAILABLE } from '../src/domain/payments';

/** Production settings of a cash-only shop: no Razorpay key anywhere. */
function cashOnlyEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = productionEnv({ url: 'http://127.0.0.1:9/sms' }, { url: 'smtp://127.0.0.1:9' }, { PAYMENT_PROVIDER: 'none', ...extra });
  delete env.RAZORPAY_KEY_ID;
  delete env.RAZORPAY_KEY_SECRET;
  delete env.RAZORPAY_WEBHOOK_SECRET;
  return env;
}

describe('PAYMENT_PROVIDER=none: the configuration', () => {
  it('production accepts it without any gateway key', () => {
    const config = loadConfig(cashOnlyEnv());
    expect(config.payments).toMatchObject({ provider: 'none', razorpay: null });
    expect(configProblems(config)).toEqual([]);
  });

  it('a misspelt provider is a problem in production, not a shop that starts with some other payments', () => {
    expect(configProblems(loadConfig(cashOnlyEnv({ PAYMENT_PROVIDER: 'nonе' })))).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER must be razorpay, none \(cash on delivery only\) or test/),
    ]);
    expect(() => loadConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'cod' })).toThrow(/PAYMENT_PROVIDER must be/);
  });
});

describe('PAYMENT_PROVIDER=none: the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeProductionApp(cashOnlyEnv());
  });
  afterAll(async () => t.close());

  const stockOf = async (id: number) =>
    (await t.db.selectFrom('variations').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  it('store information offers cash on delivery alone', async () => {
    const info = ok(await post<StoreInfoData>(t.app, '/store-info'));
    expect(info.payment_methods).toEqual(['cod']);
  });

  it('refuses a prepaid checkout with a field error and changes nothing; cash on delivery is placed', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { minStock: 5 });
    ok(await addToCart(t.app, c.token, v, 2));
    const before = await stockOf(v.variantId);

    const refused = await post(t.app, '/checkout1', { ...ADDRESS, payment_method: 'prepaid' }, { token: c.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ payment_method: PREPAID_UNAVAILABLE });
    expect(await stockOf(v.variantId)).toBe(before);
    expect(await t.db.selectFrom('orders').select('id').where('customer_id', '=', c.customer.id).execute()).toEqual([]);

    const placed = ok(await post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod' }, { token: c.token }), 201);
    expect(placed.payment).toBeNull();
    expect(await stockOf(v.variantId)).toBe(before - 2);
  });

  it.each(['/payment/start', '/payment/cancel', '/payment/razorpay/verify', '/payment/razorpay/webhook', '/payment/test/confirm'])(
    '%s does not exist',
    async (url) => {
      const c = await registerCustomer(t.app);
      const res = await post(t.app, url, { payment_id: 'pay_x' }, { token: c.token });
      expect(res.status).toBe(404);
    },
  );
});

describe('a shop with online payments', () => {
  it('offers both methods in store information', async () => {
    const t = await makeApp();
    try {
      expect(ok(await post<StoreInfoData>(t.app, '/store-info')).payment_methods).toEqual(['cod', 'prepaid']);
    } finally {
      await t.close();
    }
  });
});

describe('a shop that turns online payments off', () => {
  it('still cancels an order paid earlier: the refund stays requested until a gateway is configured again', async () => {
    // Paid through the test provider, then the same database served by a cash-only process.
    const t = await makeApp();
    const cashOnly = await makeSecondApp(t, { payments: loadPaymentConfig({ PAYMENT_PROVIDER: 'none' }, true) });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const c = await registerCustomer(t.app);
      ok(await addToCart(t.app, c.token, await findVariant(t.db, { maxPrice: 2000_00, skip: 5 })));
      const placed = ok(
        await post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'prepaid' }, { token: c.token }),
        201,
      );
      ok(await post(t.app, '/payment/test/confirm', { payment_id: placed.payment?.payment_id, outcome: 'success' }, { token: c.token }));
      const orderId = placed.order_id[0];

      const cancelled = ok(
        await post<Order>(
          cashOnly.app,
          '/customer/cancel-order',
          { order_id: orderId, reject_reason_select: 'Changed My Mind' },
          { token: c.token },
        ),
      );
      expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' });
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/refund request failed, will retry/),
        expect.objectContaining({ err: expect.stringMatching(/PAYMENT_PROVIDER=none/) }),
      );

      // The gateway is back (here the test provider of the first process): the retry refunds it, once.
      t.clock.advance(61_000);
      await t.app.payments.retryRefunds();
      const orders = ok(await get<Order[]>(t.app, '/customer/orders', { token: c.token }));
      expect(orders.find((o) => o.order_id === orderId)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    } finally {
      errors.mockRestore();
      await cashOnly.close();
      await t.close();
    }
  });
});
