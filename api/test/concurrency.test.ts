import {
  ADDRESS,
  addToCart,
  findVariant,
  get,
  makeApp,
  ok,
  post,
  registerCustomer,
  STORE_TOKEN,
  uniqueMobile,
  type TestApp,
} from './helpers';
import type { Order } from '@storefront/contract';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('concurrent checkouts', () => {
  it('50 shoppers racing for the last 5 units: exactly 5 orders, stock 0, no oversell', async () => {
    const v = await findVariant(t.db, { maxPrice: 2000_00, minStock: 5 });
    const shoppers = [];
    for (let i = 0; i < 50; i += 1) shoppers.push(await registerCustomer(t.app));
    // Every cart holds one unit while there are 5 in stock, so every add succeeds.
    await t.db.updateTable('variations').set({ stock: 5 }).where('id', '=', v.variantId).execute();
    for (const s of shoppers) ok(await addToCart(t.app, s.token, v, 1));

    const answers = await Promise.all(
      shoppers.map((s) => post(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod' }, { token: s.token })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(answers.filter((a) => a.status === 409).every((a) => String(a.body.message).includes('out of stock'))).toBe(true);

    const stock = await t.db.selectFrom('variations').select('stock').where('id', '=', v.variantId).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'quantity'])
      .where('variation_id', '=', v.variantId)
      .where(
        'customer_id',
        'in',
        shoppers.map((s) => s.customer.id),
      )
      .execute();
    expect(orders).toHaveLength(5);
    expect(orders.reduce((sum, o) => sum + o.quantity, 0)).toBe(5);
    const product = await t.db.selectFrom('products').select('total_stock').where('id', '=', v.productId).executeTakeFirstOrThrow();
    const variations = await t.db.selectFrom('variations').select('stock').where('product_id', '=', v.productId).execute();
    expect(product.total_stock).toBe(variations.reduce((sum, x) => sum + x.stock, 0));

    // The winners' carts are empty; the losers keep theirs (nothing half-written).
    const winners = shoppers.filter((_, i) => answers[i]?.status === 201);
    for (const w of winners) expect(ok(await get<Order[]>(t.app, '/customer/orders', { token: w.token }))).toHaveLength(1);
    const loser = shoppers.find((_, i) => answers[i]?.status === 409);
    const loserCart = ok(await get<{ cart: unknown[] }>(t.app, '/customer/cart', { token: loser?.token ?? '' }));
    expect(loserCart.cart).toHaveLength(1);
  });

  it('parallel adds to one cart never pass the line cap of 5', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 1000_00, minStock: 10, skip: 10 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => addToCart(t.app, c.token, v, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const cart = ok(await get<{ cart: { quantity: number }[] }>(t.app, '/customer/cart', { token: c.token })).cart;
    expect(cart[0]?.quantity).toBe(5);
  });

  it('parallel wrong OTP guesses get at most 5 tries between them', async () => {
    const mobile = uniqueMobile();
    const code = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile })).otp;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t.app, '/otp/verify/checkout', { mobile, otp: wrong })));
    expect(answers.every((a) => a.status >= 400 && a.status < 500)).toBe(true);
    const row = await t.db.selectFrom('otps').select('attempts').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    // The tries are used up: even the right code no longer works.
    expect((await post(t.app, '/otp/verify/checkout', { mobile, otp: code })).status).not.toBe(200);
  });

  it('parallel registrations with one e-mail make one account', async () => {
    const body = { firstName: 'Twin', lastName: 'Racer', email: 'twin@example.in', password: 'Twin@1234' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t.app, '/customer/register', body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
  });

  it('cart changes racing checkouts of the same variant never deadlock into a 500', async () => {
    // Issue 35: a checkout locked the variation, then its product; a cart insert's foreign-key checks lock
    // the product, then the variation (key share). On PostgreSQL the two crossed and one was killed.
    const v = await findVariant(t.db, { maxPrice: 1000_00, skip: 12 });
    await t.db.updateTable('variations').set({ stock: 100_000 }).where('id', '=', v.variantId).execute();
    const buyers = [];
    const changers = [];
    for (let i = 0; i < 6; i += 1) buyers.push(await registerCustomer(t.app));
    for (let i = 0; i < 6; i += 1) changers.push(await registerCustomer(t.app));
    const statuses: number[] = [];
    const line = { product_id: v.productId, variant_id: v.variantId };
    for (let round = 0; round < 15; round += 1) {
      for (const b of buyers) ok(await addToCart(t.app, b.token, v, 1));
      const answers = await Promise.all([
        ...buyers.map((b) => post(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod' }, { token: b.token })),
        ...changers.map(async (c) => {
          const added = await addToCart(t.app, c.token, v, 1);
          return added.status === 200 ? post(t.app, '/customer/remove-to-cart', line, { token: c.token }) : added;
        }),
      ]);
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6 * 15);
  });
});
