import {
  ADDRESS,
  addToCart,
  findVariant,
  get,
  makeApp,
  ok,
  post,
  productionEnv,
  registerCustomer,
  type TestApp,
  type VariantInfo,
} from '../helpers';
import { RazorpayGateway } from '../gateway/razorpayGateway';
import { loadConfig } from '../../src/config';
import type { CheckoutResult, Order, PaymentSession } from '@storefront/contract';

/** The local gateway's keys (test/gateway/razorpayGateway.ts checks what the adapter signs with them). */
export const KEYS = { keyId: 'rzp_test_local1', keySecret: 'w2lBtgmeuDUfnJVp43UpcaiT', webhookSecret: 'whsec_local_test' };

/**
 * A production shop paid through the local Razorpay gateway, for the payment test files: registers the
 * file's hooks (call it at the top level) and returns the app, the gateway, the console spies and helpers.
 */
export function razorpayShop() {
  const shop = {} as { t: TestApp; gw: RazorpayGateway; errorSpy: jest.SpyInstance; warnSpy: jest.SpyInstance };
  let t: TestApp;
  let gw: RazorpayGateway;

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
    shop.t = t;
    shop.gw = gw;
  });
  afterAll(async () => {
    await t.close();
    await gw.stop();
  });
  beforeEach(() => {
    shop.errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    shop.warnSpy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    shop.errorSpy.mockRestore();
    shop.warnSpy.mockRestore();
  });

  const stockOf = async (variantId: number) =>
    (await t.db.selectFrom('variations').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
  const ordersOf = async (token: string) => ok(await get<Order[]>(t.app, '/customer/orders', { token }));
  const historyOf = (orderId: number) =>
    t.db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

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

  return { shop, stockOf, ordersOf, historyOf, prepaid, verifyCheckout };
}
