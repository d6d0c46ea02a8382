import {
  ADDRESS,
  addToCart,
  findVariant,
  get,
  loginDemo,
  makeApp,
  ok,
  post,
  registerCustomer,
  type TestApp,
  type VariantInfo,
} from './helpers';
import type { CartLine, CheckoutResult, Coupon, Customer, Order, Product, TrackedOrder } from '@storefront/contract';
import { splitDiscount } from '../src/domain/checkout';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const stockOf = async (variantId: number) =>
  (await t.db.selectFrom('variations').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
const checkout = (token: string, extra: Record<string, unknown> = {}) =>
  post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod', ...extra }, { token });
const ordersOf = async (token: string) => ok(await get<Order[]>(t.app, '/customer/orders', { token }));

/** A fresh customer with `quantity` of a variant priced within [min, max] rupees in the cart. */
async function shopperWith(
  opts: { min?: number; max?: number; quantity?: number; skip?: number } = {},
): Promise<{ token: string; v: VariantInfo; customer: Customer }> {
  const c = await registerCustomer(t.app);
  const v = await findVariant(t.db, {
    minPrice: (opts.min ?? 0) * 100,
    maxPrice: (opts.max ?? 2000) * 100,
    minStock: 5,
    skip: opts.skip ?? 0,
  });
  ok(await addToCart(t.app, c.token, v, opts.quantity ?? 1));
  return { token: c.token, v, customer: c.customer as Customer };
}

describe('checkout', () => {
  it('places one order per cart line, takes the stock, clears the cart, saves the address', async () => {
    const c = await registerCustomer(t.app);
    const a = await findVariant(t.db, { maxPrice: 1500_00, skip: 2 });
    const b = await findVariant(t.db, { maxPrice: 1500_00, skip: 30 });
    const before = [await stockOf(a.variantId), await stockOf(b.variantId)];
    const shown = async () =>
      ok(await get<Product>(t.app, `/single-product-details/${a.slug}`)).variations.find((x) => x.id === a.variantId)?.stock;
    expect(await shown()).toBe(before[0]);
    ok(await addToCart(t.app, c.token, a, 2));
    ok(await addToCart(t.app, c.token, b, 1));
    const res = await checkout(c.token, { alt_phone_number: '9000000002' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Order placed successfully');
    const data = ok(res, 201);
    expect(data.order_id).toHaveLength(2);
    expect(data.order_numbers.every((n) => /^SF[0-9A-Z]{10}$/.test(n))).toBe(true);
    expect(data.payment).toBeNull();
    expect(data.customer.shipping_address).toMatchObject({
      address: ADDRESS.address,
      pincode: ADDRESS.pincode,
      city: ADDRESS.city,
      state: ADDRESS.state,
    });
    expect(await stockOf(a.variantId)).toBe((before[0] ?? 0) - 2);
    // The catalogue cache let go of the old stock when the checkout took it.
    expect(await shown()).toBe((before[0] ?? 0) - 2);
    expect(await stockOf(b.variantId)).toBe((before[1] ?? 0) - 1);
    expect(ok(await get<{ cart: CartLine[] }>(t.app, '/customer/cart', { token: c.token })).cart).toEqual([]);

    const orders = await ordersOf(c.token);
    expect(orders).toHaveLength(2);
    const first = orders.find((o) => o.product_id === a.productId) as Order;
    expect(first).toMatchObject({
      status: 'order_placed',
      payment_method: 'cod',
      payment_status: 'cod',
      quantity: 2,
      discount_amount: '0.00',
      coupon_code: null,
    });
    expect(Number(first.price)).toBeCloseTo((a.price * 2) / 100, 2);
    expect(first.final_amount).toBe(first.price);
    expect(first.customer_data).toMatchObject({ fullName: 'Asha Verma', email: ADDRESS.email });
    expect(first.history.map((h) => h.status)).toEqual(['order_placed']);
    expect((await checkout(c.token)).status).toBe(400);
  });

  it('validates the address with the spec §5 messages', async () => {
    const { token } = await shopperWith();
    const bad = await post(
      t.app,
      '/checkout1',
      {
        email: 'x',
        firstname: 'A',
        lastname: '',
        address: ' ',
        pincode: '12345',
        city: '',
        state: '',
        alt_phone_number: '123',
        payment_method: 'card',
      },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      email: 'Must be a valid email address',
      firstname: 'Must be at least 2 characters',
      lastname: 'This field is required',
      address: 'Address is required',
      pincode: 'Must be a valid 6-digit pincode',
      city: 'City is required',
      state: 'State is required',
      alt_phone_number: 'Must be a valid 10-digit number',
      payment_method: 'Please select a payment method',
    });
  });

  it('refuses lines whose stock ran out since they were added (409, nothing written)', async () => {
    const { token, v } = await shopperWith({ quantity: 3, skip: 5 });
    await t.db.updateTable('variations').set({ stock: 2 }).where('id', '=', v.variantId).execute();
    const res = await checkout(token);
    expect(res.status).toBe(409);
    expect(Array.isArray(res.body.message)).toBe(true);
    expect(String(res.body.message)).toMatch(/only 2 left in stock/);
    expect(await stockOf(v.variantId)).toBe(2);
    expect(await ordersOf(token)).toEqual([]);
  });

  it('needs a bearer token', async () => {
    expect((await post(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod' })).status).toBe(401);
  });
});

describe('coupons', () => {
  it('applies WELCOME10 (10 %, min ₹500) to the cart total', async () => {
    const { token, v } = await shopperWith({ min: 600, max: 2000 });
    const res = await post<{ coupon: Coupon }>(t.app, '/apply-coupon', { coupon_code: 'welcome10' }, { token });
    const { coupon } = ok(res);
    expect(coupon).toMatchObject({ code: 'WELCOME10', type: 'percent', value: 10, min_amount: '500.00' });
    expect(Math.round(Number(coupon.discount_amount) * 100)).toBe(Math.floor(v.price / 10));
  });

  it('applies FLAT200 from ₹1,000 and explains why not below', async () => {
    const small = await shopperWith({ min: 300, max: 900 });
    const below = await post(t.app, '/apply-coupon', { coupon_code: 'FLAT200' }, { token: small.token });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('Add items worth ₹1,000 or more to use this coupon');
    expect(below.body.errors?.coupon_code).toBe(below.body.message);
    const big = await shopperWith({ min: 1100, max: 3000 });
    const { coupon } = ok(await post<{ coupon: Coupon }>(t.app, '/apply-coupon', { coupon_code: 'FLAT200' }, { token: big.token }));
    expect(coupon).toMatchObject({ type: 'flat', value: 200, discount_amount: '200.00' });
  });

  it('refuses expired and unknown codes', async () => {
    const { token } = await shopperWith({ min: 600 });
    const expired = await post(t.app, '/apply-coupon', { coupon_code: 'EXPIRED50' }, { token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This coupon has expired');
    const unknown = await post(t.app, '/apply-coupon', { coupon_code: 'NOPE' }, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Invalid Code');
    const blank = await post(t.app, '/apply-coupon', { coupon_code: '' }, { token });
    expect(blank.status).toBe(400);
    const empty = await registerCustomer(t.app);
    expect((await post(t.app, '/apply-coupon', { coupon_code: 'WELCOME10' }, { token: empty.token })).status).toBe(400);
  });

  it('discounts the orders at checkout, split over the lines, and counts the use', async () => {
    const c = await registerCustomer(t.app);
    const a = await findVariant(t.db, { minPrice: 600_00, maxPrice: 1500_00, skip: 1 });
    const b = await findVariant(t.db, { minPrice: 600_00, maxPrice: 1500_00, skip: 25 });
    ok(await addToCart(t.app, c.token, a, 1));
    ok(await addToCart(t.app, c.token, b, 1));
    const used = async () =>
      (await t.db.selectFrom('coupons').select('used_count').where('code', '=', 'FLAT200').executeTakeFirstOrThrow()).used_count;
    const before = await used();
    ok(await checkout(c.token, { coupon_code: 'FLAT200' }), 201);
    const orders = await ordersOf(c.token);
    const discount = orders.reduce((s, o) => s + Math.round(Number(o.discount_amount) * 100), 0);
    expect(discount).toBe(200_00);
    expect(orders.every((o) => o.coupon_code === 'FLAT200')).toBe(true);
    for (const o of orders)
      expect(Math.round(Number(o.final_amount) * 100)).toBe(
        Math.round(Number(o.price) * 100) - Math.round(Number(o.discount_amount) * 100),
      );
    expect(await used()).toBe(before + 1);
  });

  it('respects a usage limit', async () => {
    await t.db
      .insertInto('coupons')
      .values({
        code: 'ONCE',
        type: 'flat',
        value: 50_00,
        min_amount: 0,
        max_discount: null,
        expires_at: null,
        usage_limit: 1,
        used_count: 0,
        active: 1,
      })
      .execute();
    const first = await shopperWith();
    ok(await checkout(first.token, { coupon_code: 'ONCE' }), 201);
    const second = await shopperWith({ skip: 3 });
    const applied = await post(t.app, '/apply-coupon', { coupon_code: 'ONCE' }, { token: second.token });
    expect(applied.status).toBe(409);
    const res = await checkout(second.token, { coupon_code: 'ONCE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This coupon has reached its usage limit');
    expect(await ordersOf(second.token)).toEqual([]);
  });

  it('splits a discount in proportion with the rest on the last line', () => {
    expect(splitDiscount([100, 200, 300], 60)).toEqual([10, 20, 30]);
    expect(splitDiscount([1, 1, 1], 10)).toEqual([3, 3, 4]);
    expect(splitDiscount([500], 0)).toEqual([0]);
  });
});

describe('prepaid checkout and the test payment provider', () => {
  it('waits in payment_pending, then a successful payment places the order', async () => {
    const { token } = await shopperWith({ skip: 9 });
    const data = ok(await checkout(token, { payment_method: 'prepaid' }), 201);
    expect(data.payment?.payment_id).toMatch(/^pay_/);
    const [pending] = await ordersOf(token);
    expect(pending).toMatchObject({ status: 'payment_pending', payment_status: 'pending', payment_method: 'prepaid' });
    const paid = ok(
      await post<{ orders: Order[] }>(
        t.app,
        '/payment/test/confirm',
        { payment_id: data.payment?.payment_id, outcome: 'success' },
        { token },
      ),
    );
    expect(paid.orders[0]).toMatchObject({ status: 'order_placed', payment_status: 'paid' });
    const again = await post(t.app, '/payment/test/confirm', { payment_id: data.payment?.payment_id, outcome: 'failure' }, { token });
    expect(again.status).toBe(409);
  });

  it('a failed payment marks the orders and gives the stock back', async () => {
    const { token, v } = await shopperWith({ quantity: 2, skip: 11 });
    const before = await stockOf(v.variantId);
    const data = ok(await checkout(token, { payment_method: 'prepaid' }), 201);
    expect(await stockOf(v.variantId)).toBe(before - 2);
    const other = await registerCustomer(t.app);
    expect(
      (await post(t.app, '/payment/test/confirm', { payment_id: data.payment?.payment_id, outcome: 'failure' }, { token: other.token }))
        .status,
    ).toBe(404);
    const failed = ok(
      await post<{ orders: Order[] }>(
        t.app,
        '/payment/test/confirm',
        { payment_id: data.payment?.payment_id, outcome: 'failure' },
        { token },
      ),
    );
    expect(failed.orders[0]).toMatchObject({ status: 'payment_failed', payment_status: 'failed' });
    expect(await stockOf(v.variantId)).toBe(before);
  });
});

describe('cancel', () => {
  const cancellable = [
    'order_placed',
    'order_confirmed',
    'dispatched_from_retailer',
    'processed_by_wholesaler',
    'ready_for_pickup',
  ] as const;
  const final = ['shipped', 'out_for_delivery', 'delivered', 'cancelled', 'payment_pending', 'payment_failed'] as const;

  async function orderIn(status: string): Promise<{ token: string; order: Order; v: VariantInfo }> {
    const { token, v } = await shopperWith({ skip: 15 });
    const data = ok(await checkout(token), 201);
    const id = data.order_id[0] as number;
    await t.db.updateTable('orders').set({ status }).where('id', '=', id).execute();
    const order = (await ordersOf(token)).find((o) => o.order_id === id) as Order;
    return { token, order, v };
  }

  it.each(cancellable)('cancels from %s, records the reason and gives the stock back', async (status) => {
    const { token, order, v } = await orderIn(status);
    const before = await stockOf(v.variantId);
    const res = await post<Order>(
      t.app,
      '/customer/cancel-order',
      { order_id: order.order_id, reject_reason_select: 'Changed My Mind' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expect(res.body.message).toBe('Order cancelled successfully');
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Changed My Mind' });
    expect(await stockOf(v.variantId)).toBe(before + order.quantity);
  });

  it.each(final)('refuses to cancel from %s', async (status) => {
    const { token, order } = await orderIn(status);
    const res = await post(
      t.app,
      '/customer/cancel-order',
      { order_id: order.order_id, reject_reason_select: 'Changed My Mind' },
      { token },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order can no longer be cancelled');
  });

  it('needs a valid reason; Other needs text', async () => {
    const { token, order } = await orderIn('order_placed');
    const cancel = (body: Record<string, unknown>) =>
      post(t.app, '/customer/cancel-order', { order_id: order.order_id, ...body }, { token });
    expect((await cancel({})).body.errors).toEqual({ reject_reason_select: 'Please select a reason' });
    expect((await cancel({ reject_reason_select: 'Bored' })).body.errors).toEqual({ reject_reason_select: 'Please select a valid reason' });
    expect((await cancel({ reject_reason_select: 'Other' })).body.errors).toEqual({ reject_reason_input: 'Please specify your reason' });
    expect((await cancel({ reject_reason_select: 'Other', reject_reason_input: '   ' })).body.errors).toEqual({
      reject_reason_input: 'Reason cannot be empty',
    });
    const done = await cancel({ reject_reason_select: 'Other', reject_reason_input: '  Gift no longer needed ' });
    expect(done.status).toBe(200);
    expect((done.body.data as Order).cancel_reason).toBe('Gift no longer needed');
  });

  it('cannot touch another customer’s order', async () => {
    const { order } = await orderIn('order_placed');
    const stranger = await registerCustomer(t.app);
    const res = await post(
      t.app,
      '/customer/cancel-order',
      { order_id: order.order_id, reject_reason_select: 'Changed My Mind' },
      { token: stranger.token },
    );
    expect(res.status).toBe(404);
  });
});

describe('orders and tracking', () => {
  it('lists the demo customer’s seeded orders newest first, in several statuses', async () => {
    const token = await loginDemo(t.app);
    const orders = await ordersOf(token);
    expect(orders.length).toBeGreaterThanOrEqual(5);
    const dates = orders.map((o) => o.order_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(5);
    expect(orders.some((o) => o.status === 'delivered')).toBe(true);
  });

  it('tracks by order number without sign-in, hiding e-mail and phone', async () => {
    const { token } = await shopperWith({ skip: 20 });
    const data = ok(await checkout(token), 201);
    const number = data.order_numbers[0] as string;
    const res = await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: ` ${number.toLowerCase()} ` });
    const tracked = ok(res);
    expect(tracked.order_number).toBe(number);
    // Issue 13: a masked name and the city only (security.test.ts has the owner's view).
    expect(tracked.customer_data).toBeUndefined();
    expect(tracked.delivery).toEqual({ name: 'A*** V****', city: 'Bengaluru', state: 'Karnataka' });
    expect(res.raw).not.toContain(ADDRESS.email);
    expect(tracked.steps[0]).toMatchObject({ status: 'order_placed', label: 'Order Placed', done: true, current: true });
    expect(tracked.steps.at(-1)).toMatchObject({ status: 'delivered', done: false });
    const unknown = await post(t.app, '/customer/track-order', { track_no: 'SF0000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');
    expect((await post(t.app, '/customer/track-order', { track_no: '' })).status).toBe(400);
    expect((await post(t.app, '/customer/track-order', { track_no: number }, { apiKey: null })).status).toBe(401);
  });
});

describe('contact and newsletter', () => {
  it('stores a contact message with the spec §5 rules', async () => {
    const good = {
      firstname: 'Neha',
      lastname: 'Singh',
      email: 'neha@example.in',
      phone_number: '9812345678',
      subject: 'Size help',
      message: 'Does the kurta run large?',
      subscribe: true,
    };
    const res = await post(t.app, '/contact-us', good);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Form submitted successfully');
    const saved = await t.db.selectFrom('contact_messages').selectAll().where('email', '=', 'neha@example.in').executeTakeFirstOrThrow();
    expect(saved.subject).toBe('Size help');
    expect(await t.db.selectFrom('newsletter').select('email').where('email', '=', 'neha@example.in').executeTakeFirst()).toBeDefined();
    const bad = await post(t.app, '/contact-us', { ...good, subject: ' ', message: '', phone_number: '' });
    expect(bad.body.errors).toEqual({
      subject: 'Subject is required',
      message: 'Message is required',
      phone_number: 'Phone number is required',
    });
  });

  it('subscribes to the newsletter, idempotently', async () => {
    const a = await post(t.app, '/newsletter/subscribe', { email: 'fan@example.in' });
    expect(a.body.message).toBe('Thank you for subscribing!');
    expect((await post(t.app, '/newsletter/subscribe', { email: 'FAN@example.in' })).status).toBe(200);
    expect((await post(t.app, '/newsletter/subscribe', { email: 'nope' })).status).toBe(400);
  });
});
