import { addToCart, findVariant, get, makeApp, ok, post, registerCustomer, type TestApp } from './helpers';
import type { CartLine, WishlistItem } from '@storefront/contract';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const cartOf = async (token: string) => ok(await get<{ cart: CartLine[] }>(t.app, '/customer/cart', { token })).cart;

async function setStock(variantId: number, stock: number) {
  await t.db.updateTable('variations').set({ stock }).where('id', '=', variantId).execute();
}

describe('server cart', () => {
  it('needs a bearer token', async () => {
    expect((await get(t.app, '/customer/cart')).status).toBe(401);
    const v = await findVariant(t.db);
    expect((await post(t.app, '/customer/add-to-cart', { id: v.variantId, product_id: v.productId, quantity: 1 })).status).toBe(401);
  });

  it('adds a line, then adds to it, and lists it with the contract fields', async () => {
    const c = await registerCustomer(t.app);
    expect(await cartOf(c.token)).toEqual([]);
    const v = await findVariant(t.db, { maxPrice: 1500_00 });
    const first = await addToCart(t.app, c.token, v, 1);
    expect(first.body.message).toBe('Item added to cart.');
    const line = ok(first).results;
    expect(line).toMatchObject({
      id: v.productId,
      product_id: v.productId,
      retailer_product_id: v.productId,
      quantity: 1,
      status: true,
      product_slug: v.slug,
    });
    expect(line.selected_variant).toMatchObject({ id: v.variantId, stock: v.stock });
    expect(line.final_price).toMatch(/^\d+\.\d{2}$/);
    const second = ok(await addToCart(t.app, c.token, v, 2)).results;
    expect(second.quantity).toBe(3);
    const cart = await cartOf(c.token);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(3);
    // The answer is the line as the cart shows it.
    expect(second).toEqual(cart[0]);
  });

  it('caps a line at 5 and at the stock', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 1000_00, minStock: 6 });
    expect((await addToCart(t.app, c.token, v, 5)).status).toBe(200);
    const over = await addToCart(t.app, c.token, v, 1);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('You can add at most 5 of this item');
    const schema = await addToCart(t.app, c.token, v, 6);
    expect(schema.status).toBe(400);
    expect(schema.body.errors).toEqual({ quantity: 'Quantity must be between 1 and 5' });

    const scarce = await findVariant(t.db, { maxPrice: 1000_00, skip: 3 });
    await setStock(scarce.variantId, 2);
    expect((await addToCart(t.app, c.token, scarce, 2)).status).toBe(200);
    const more = await addToCart(t.app, c.token, scarce, 1);
    expect(more.status).toBe(409);
    expect(more.body.message).toMatch(/Only 2 left in stock/);
    await setStock(scarce.variantId, 0);
    const gone = await addToCart(t.app, c.token, { ...scarce }, 1);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('This item is out of stock');
  });

  it('keeps the cart total at most ₹10,000', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { minPrice: 2600_00, maxPrice: 4900_00, minStock: 5 });
    let added = 0;
    let answer = await addToCart(t.app, c.token, v, 1);
    while (answer.status === 200) {
      added += 1;
      answer = await addToCart(t.app, c.token, v, 1);
    }
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Cart total cannot exceed ₹10,000.');
    expect(added * v.price).toBeLessThanOrEqual(10_000_00);
    expect((added + 1) * v.price).toBeGreaterThan(10_000_00);
    const cart = await cartOf(c.token);
    expect(cart[0]?.quantity).toBe(added);
  });

  it('refuses a variant that does not belong to the product', async () => {
    const c = await registerCustomer(t.app);
    const a = await findVariant(t.db);
    const b = await findVariant(t.db, { skip: 40 });
    const wrong = await post(t.app, '/customer/add-to-cart', { id: a.variantId, product_id: b.productId, quantity: 1 }, { token: c.token });
    expect(wrong.status).toBe(404);
    const missing = await post(t.app, '/customer/add-to-cart', { product_id: b.productId }, { token: c.token });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ id: 'Variant is required', quantity: 'Quantity is required' });
  });

  it('sets a quantity with update-cart and removes a line', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 1000_00 });
    await addToCart(t.app, c.token, v, 1);
    const upd = await post<{ results: CartLine }>(
      t.app,
      '/customer/update-cart',
      { product_id: v.productId, variant_id: v.variantId, quantity: 4 },
      { token: c.token },
    );
    expect(upd.body.message).toBe('Cart updated successfully');
    expect(ok(upd).results.quantity).toBe(4);
    const zero = await post(
      t.app,
      '/customer/update-cart',
      { product_id: v.productId, variant_id: v.variantId, quantity: 0 },
      { token: c.token },
    );
    expect(zero.status).toBe(400);
    const other = await findVariant(t.db, { skip: 20 });
    const notIn = await post(
      t.app,
      '/customer/update-cart',
      { product_id: other.productId, variant_id: other.variantId, quantity: 2 },
      { token: c.token },
    );
    expect(notIn.status).toBe(404);
    const rm = await post(
      t.app,
      '/customer/remove-to-cart',
      { retailer_product_id: v.productId, product_id: v.productId, variant_id: v.variantId },
      { token: c.token },
    );
    expect(rm.status).toBe(200);
    expect(rm.body.message).toBe('Item removed from cart');
    expect(await cartOf(c.token)).toEqual([]);
    const again = await post(
      t.app,
      '/customer/remove-to-cart',
      { retailer_product_id: v.productId, product_id: v.productId, variant_id: v.variantId },
      { token: c.token },
    );
    expect(again.status).toBe(404);
  });

  it('shows a line as unavailable when its stock drops below the quantity', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 1000_00, skip: 7 });
    await addToCart(t.app, c.token, v, 3);
    await setStock(v.variantId, 1);
    const [line] = await cartOf(c.token);
    expect(line).toMatchObject({ status: false, message: 'Only 1 left in stock', product_stock: 1 });
  });
});

describe('guest cart sync', () => {
  it('merges lines, adding quantities and capping at 5, the stock and the limit', async () => {
    const c = await registerCustomer(t.app);
    const a = await findVariant(t.db, { maxPrice: 800_00, minStock: 10, skip: 1 });
    const b = await findVariant(t.db, { maxPrice: 800_00, minStock: 10, skip: 12 });
    await addToCart(t.app, c.token, a, 2);
    const synced = await post<{ cart: CartLine[] }>(
      t.app,
      '/customer/add-to-cart-guest',
      {
        cart_items: [
          {
            product_id: a.productId,
            quantity: 4,
            retailer_id: 1,
            wholesaler_id: null,
            selected_variant: { id: a.variantId },
            id: a.productId,
          },
          {
            product_id: b.productId,
            quantity: 1,
            retailer_id: 1,
            wholesaler_id: null,
            selected_variant: { id: b.variantId },
            id: b.productId,
          },
          { product_id: b.productId, quantity: 1, retailer_id: 1, wholesaler_id: null, selected_variant: { id: 999999 }, id: b.productId },
        ],
      },
      { token: c.token },
    );
    expect(synced.status).toBe(200);
    const cart = ok(synced).cart;
    expect(cart.find((l) => l.selected_variant?.id === a.variantId)?.quantity).toBe(5);
    expect(cart.find((l) => l.selected_variant?.id === b.variantId)?.quantity).toBe(1);
    expect(cart).toHaveLength(2);
    expect(synced.body.errors?.['cart_items.0']).toMatch(/at most 5/);
    expect(synced.body.errors?.['cart_items.2']).toBe('Product not found');
  });

  it('needs at least one item', async () => {
    const c = await registerCustomer(t.app);
    const empty = await post(t.app, '/customer/add-to-cart-guest', { cart_items: [] }, { token: c.token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No token or cart items found');
  });
});

describe('wishlist', () => {
  it('adds, lists with the product, marks cart lines, and removes', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 1000_00 });
    const added = await post(t.app, '/customer/add-to-wishlist', { product_id: v.productId }, { token: c.token });
    expect(added.body.message).toBe('Product added to wishlist');
    expect((await post(t.app, '/customer/add-to-wishlist', { product_id: v.productId }, { token: c.token })).status).toBe(200);
    const list = ok(await get<WishlistItem[]>(t.app, '/customer/wishlist', { token: c.token }));
    expect(list).toHaveLength(1);
    expect(list[0]?.product.slug).toBe(v.slug);
    const answered = ok(await addToCart(t.app, c.token, v, 1)).results;
    const [line] = await cartOf(c.token);
    expect(line?.wishlist_id).toBe(list[0]?.wishlist_id);
    expect(answered).toEqual(line);
    expect((await post(t.app, '/customer/add-to-wishlist', { product_id: 999999 }, { token: c.token })).status).toBe(404);
    const removed = await post(t.app, '/customer/remove-to-wishlist', { product_id: v.productId }, { token: c.token });
    expect(removed.body.message).toBe('Product removed from wishlist');
    expect((await post(t.app, '/customer/remove-to-wishlist', { product_id: v.productId }, { token: c.token })).status).toBe(404);
    expect(ok(await get<WishlistItem[]>(t.app, '/customer/wishlist', { token: c.token }))).toEqual([]);
    expect((await get(t.app, '/customer/wishlist')).status).toBe(401);
  });
});
