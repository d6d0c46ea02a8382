// What becomes of a prepaid checkout: the hold on unpaid ones, refunds on cancel, coupons, the test provider.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADDRESS, addToCart, findVariant, makeApp, ok, post, registerCustomer, STORE_TOKEN, type TestApp } from './helpers';
import { RazorpayGateway } from './gateway/razorpayGateway';
import { configProblems, loadPaymentConfig, type Config } from '../src/config';
import { PaymentService, PaymentSweeper, createProvider } from '../src/domain/payments';
import type { CheckoutResult, Order } from '@storefront/contract';
import { razorpayShop } from './support/razorpayShop';

const { shop, stockOf, ordersOf, prepaid } = razorpayShop();
let t: TestApp;
let gw: RazorpayGateway;
beforeAll(() => {
  ({ t, gw } = shop);
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
