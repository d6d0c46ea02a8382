import { ADDRESS, addToCart, findVariant, get, makeApp, ok, post, registerCustomer, type TestApp } from './helpers';
import type { CartLine, Coupon, Order, Product } from '@storefront/contract';
import { orderHelpers } from './support/orderHelpers';
import { splitDiscount } from '../src/domain/checkout';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const { stockOf, checkout, ordersOf, shopperWith } = orderHelpers(() => t);

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
