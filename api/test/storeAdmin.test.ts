import { findVariant, get, loginDemo, makeApp, makeSecondApp, ok, post, type TestApp } from './helpers';
import { staffToken } from './staffHelpers';

let t: TestApp;
let staff: string;
let owner: string;
beforeAll(async () => {
  t = await makeApp();
  ({ token: staff } = await staffToken(t, 'staff'));
  ({ token: owner } = await staffToken(t, 'owner'));
});
afterAll(() => t.close());

type Product = { variations: { id: number; final_price: string; mrp: string; stock: number }[] };
const productOf = async (app: TestApp['app'], slug: string) => ok(await get<Product>(app, `/single-product-details/${slug}`));
const change = (id: number, body: Record<string, unknown>, token = staff) => post(t.app, `/staff/variations/${id}`, body, { token });

describe('stock and prices', () => {
  it('reach the shop on the next read, in this process and in another one (the catalogue change log)', async () => {
    const v = await findVariant(t.db, { minStock: 3, minPrice: 500_00, skip: 7 });
    const second = await makeSecondApp(t);
    try {
      // Both caches hold the product before the change.
      await productOf(t.app, v.slug);
      await productOf(second.app, v.slug);
      const res = ok(await change(v.variantId, { stock: v.stock + 10, from_stock: v.stock, price: '449.50', mrp: '999.00' }));
      expect(res).toMatchObject({ stock: v.stock + 10, price: '449.50', mrp: '999.00' });
      const here = (await productOf(t.app, v.slug)).variations.find((x) => x.id === v.variantId);
      expect(here).toMatchObject({ stock: v.stock + 10, final_price: '449.50', mrp: '999.00' });
      let there;
      for (let i = 0; i < 40; i += 1) {
        there = (await productOf(second.app, v.slug)).variations.find((x) => x.id === v.variantId);
        if (there?.final_price === '449.50') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(there).toMatchObject({ stock: v.stock + 10, final_price: '449.50' });
    } finally {
      await second.close();
    }
  });

  it('refuses a stock typed before a sale, a price above the MRP and bad fields', async () => {
    const v = await findVariant(t.db, { minStock: 3, skip: 11 });
    const stale = await change(v.variantId, { stock: 50, from_stock: v.stock + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(`The stock changed meanwhile: it is now ${v.stock}. Please refresh.`);
    expect((await change(v.variantId, { stock: 50 })).body.errors).toEqual({
      from_stock: 'Send the stock you saw (from_stock) with a new stock',
    });
    const dear = await change(v.variantId, { price: '999999.00' });
    expect(dear.status).toBe(400);
    expect(dear.body.errors).toEqual({ price: 'Selling price cannot be above the MRP' });
    const bad = await change(v.variantId, { stock: -1, from_stock: 'x', price: '12.345' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['from_stock', 'price', 'stock']);
    expect((await change(v.variantId, {})).status).toBe(400);
    expect((await change(999_999, { price: '1.00' })).status).toBe(404);
    const row = await t.db.selectFrom('variations').select('stock').where('id', '=', v.variantId).executeTakeFirstOrThrow();
    expect(row.stock).toBe(v.stock);
  });

  it('records who changed what, before and after, for the owner', async () => {
    const v = await findVariant(t.db, { minStock: 3, skip: 13 });
    ok(await change(v.variantId, { stock: v.stock - 1, from_stock: v.stock }));
    type Page = { actions: { action: string; before: { stock: number }; after: { stock: number } }[] };
    const page = ok(await get<Page>(t.app, `/staff/activity?subject_type=variation&subject_id=${v.variantId}`, { token: owner }));
    expect(page.actions[0]).toMatchObject({ action: 'variation.change', before: { stock: v.stock }, after: { stock: v.stock - 1 } });
  });

  it('is refused to a customer token and to the API key alone', async () => {
    const v = await findVariant(t.db, { skip: 17 });
    expect((await post(t.app, `/staff/variations/${v.variantId}`, { price: '1.00' }, { token: await loginDemo(t.app) })).status).toBe(401);
    expect((await post(t.app, `/staff/variations/${v.variantId}`, { price: '1.00' })).status).toBe(401);
  });
});

describe('store information and theme', () => {
  type Info = { storeinfo: Record<string, string> };
  it('shows a new offer text and colour on the next load', async () => {
    ok(await post<Info>(t.app, '/store-info'));
    ok(
      await post(
        t.app,
        '/staff/store-info',
        { offer_text: 'Diwali sale: 20% off sarees', buttonBackgroundColor: '#c2185b' },
        { token: staff },
      ),
    );
    const info = ok(await post<Info>(t.app, '/store-info')).storeinfo;
    expect(info).toMatchObject({ offer_text: 'Diwali sale: 20% off sarees', buttonBackgroundColor: '#c2185b' });
    type Page = { actions: { action: string; before: { offer_text: string }; after: { offer_text: string } }[] };
    const page = ok(await get<Page>(t.app, '/staff/activity?subject_type=store', { token: owner }));
    expect(page.actions[0]?.after.offer_text).toBe('Diwali sale: 20% off sarees');
  });

  it('validates: https links, #rgb or #rrggbb colours, the e-mail and mobile formats', async () => {
    const bad = await post(
      t.app,
      '/staff/store-info',
      { facebook_url: 'http://facebook.com/shop', backgroundColor: 'red', email: 'shop@', mobile_no: '12345', logo: 'javascript:alert(1)' },
      { token: staff },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      facebook_url: 'Must be an https:// link',
      backgroundColor: 'Must be a colour like #1a2b3c or #abc',
      email: 'Must be a valid email address',
      mobile_no: 'Must be a valid 10-digit number',
      logo: 'Must be an https:// link',
    });
    ok(await post(t.app, '/staff/store-info', { backgroundColor: '#fff', facebook_url: '' }, { token: staff }));
  });
});

describe('the catalogue version (what the host keys its render cache on)', () => {
  it('moves with every stock, price or store change, and only then', async () => {
    const version = async () => ok(await get<{ version: number }>(t.app, '/catalog-version')).version;
    const v = await findVariant(t.db, { minStock: 3, skip: 19 });
    const start = await version();
    expect(await version()).toBe(start);
    ok(await change(v.variantId, { stock: v.stock + 1, from_stock: v.stock }));
    const afterStock = await version();
    expect(afterStock).toBeGreaterThan(start);
    ok(await post(t.app, '/staff/store-info', { offer_text: 'Version test' }, { token: staff }));
    expect(await version()).toBeGreaterThan(afterStock);
    expect((await get(t.app, '/catalog-version', { apiKey: null })).status).toBe(401);
  });
});
