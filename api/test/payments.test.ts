// Prepaid checkouts through the Razorpay adapter against the local gateway: orders, checkout, webhooks, forgeries, amounts.
import { ADDRESS, addToCart, findVariant, makeSecondApp, ok, post, registerCustomer, type TestApp } from './helpers';
import { RazorpayGateway } from './gateway/razorpayGateway';
import { webhookSignature } from '../src/domain/payments';
import type { CheckoutResult, Order, PaymentSession } from '@storefront/contract';
import { KEYS, razorpayShop } from './support/razorpayShop';

const { shop, stockOf, ordersOf, historyOf, prepaid, verifyCheckout } = razorpayShop();
let t: TestApp;
let gw: RazorpayGateway;
let errorSpy: jest.SpyInstance;
beforeAll(() => {
  ({ t, gw } = shop);
});
beforeEach(() => {
  ({ errorSpy } = shop);
});

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
