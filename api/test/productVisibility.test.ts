import sharp from 'sharp';
import { call, findVariant, get, loginDemo, makeApp, makeSecondApp, ok, post, type TestApp } from './helpers';
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

type Page = { products: { id: number; slug: string }[]; total: number; last_page: number };
type StaffProduct = { id: number; slug: string; name: string; hidden: boolean; variations: { id: number; stock: number; price: string }[] };
const hide = (id: number, hidden: boolean, token = staff) =>
  post<{ product: StaffProduct }>(t.app, `/staff/products/${id}`, { hidden }, { token });

/** Every slug the shop lists (all pages of the unfiltered list). */
async function listedSlugs(app: TestApp['app']): Promise<string[]> {
  const first = ok(await post<Page>(app, '/get-products', { page: 1 }));
  const slugs = first.products.map((p) => p.slug);
  for (let page = 2; page <= first.last_page; page += 1)
    slugs.push(...ok(await post<Page>(app, '/get-products', { page })).products.map((p) => p.slug));
  return slugs;
}

type Info = { sub_category_list: { id: number; product_count: number }[] };
async function categoryCount(categoryId: number): Promise<number> {
  return ok(await post<Info>(t.app, '/store-info')).sub_category_list.find((c) => c.id === categoryId)?.product_count ?? -1;
}

async function productName(slug: string): Promise<string> {
  return (await t.db.selectFrom('products').select('name').where('slug', '=', slug).executeTakeFirstOrThrow()).name;
}

describe('hiding a product', () => {
  it('takes it out of lists, search, the sitemap, its category count and its page, in every process; showing brings it back', async () => {
    const v = await findVariant(t.db, { minStock: 1, skip: 5 });
    const name = await productName(v.slug);
    const { category_id: categoryId } = await t.db
      .selectFrom('products')
      .select('category_id')
      .where('id', '=', v.productId)
      .executeTakeFirstOrThrow();
    const counted = await categoryCount(categoryId);
    const second = await makeSecondApp(t);
    try {
      // Cached everywhere before the change.
      expect(await listedSlugs(t.app)).toContain(v.slug);
      ok(await get(second.app, `/single-product-details/${v.slug}`));
      const searched = ok(await post<Page>(t.app, '/search-products', { search: name, page: 1 }));
      expect(searched.products.map((p) => p.slug)).toContain(v.slug);
      const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body;
      expect(await sitemap()).toContain(`/products/${v.slug}<`);

      const res = ok(await hide(v.productId, true));
      expect(res.product).toMatchObject({ id: v.productId, slug: v.slug, hidden: true });

      expect(await listedSlugs(t.app)).not.toContain(v.slug);
      expect((await get(t.app, `/single-product-details/${v.slug}`)).status).toBe(404);
      expect(ok(await post<Page>(t.app, '/search-products', { search: name, page: 1 })).products.map((p) => p.slug)).not.toContain(v.slug);
      expect(await sitemap()).not.toContain(`/products/${v.slug}<`);
      expect(await categoryCount(categoryId)).toBe(counted - 1);
      let there = 200;
      for (let i = 0; i < 40 && there !== 404; i += 1) {
        there = (await get(second.app, `/single-product-details/${v.slug}`)).status;
        if (there !== 404) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(there).toBe(404);

      // The staff still see it, marked hidden.
      const staffList = ok(
        await get<{ products: StaffProduct[] }>(t.app, `/staff/products?search=${encodeURIComponent(name)}`, { token: staff }),
      );
      expect(staffList.products.find((p) => p.id === v.productId)).toMatchObject({ hidden: true });

      ok(await hide(v.productId, false));
      expect(await listedSlugs(t.app)).toContain(v.slug);
      ok(await get(t.app, `/single-product-details/${v.slug}`));
    } finally {
      await second.close();
    }
  });

  it('is recorded once for the owner (a repeat changes nothing) and refused without a staff session', async () => {
    const v = await findVariant(t.db, { minStock: 1, skip: 9 });
    ok(await hide(v.productId, true));
    ok(await hide(v.productId, true));
    type Actions = { actions: { action: string; staff: { email: string } | null; before: unknown; after: unknown }[] };
    const page = ok(await get<Actions>(t.app, `/staff/activity?subject_type=product&subject_id=${v.productId}`, { token: owner }));
    expect(page.actions).toHaveLength(1);
    expect(page.actions[0]).toMatchObject({ action: 'product.hide', before: { hidden: false }, after: { hidden: true } });
    ok(await hide(v.productId, false));

    expect((await post(t.app, `/staff/products/${v.productId}`, { hidden: true }, { token: await loginDemo(t.app) })).status).toBe(401);
    expect((await post(t.app, `/staff/products/${v.productId}`, { hidden: true })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/staff/products')).status).toBe(401);
    const bad = await post(t.app, `/staff/products/${v.productId}`, { hidden: 'yes' }, { token: staff });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ hidden: 'Must be true or false' });
    expect((await hide(999_999, true)).status).toBe(404);
  });

  it('lists products for the staff with each variation’s stock and prices, a page at a time', async () => {
    const v = await findVariant(t.db, { minStock: 1, skip: 3 });
    const name = await productName(v.slug);
    const list = ok(
      await get<{ products: StaffProduct[]; total: number; per_page: number }>(
        t.app,
        `/staff/products?search=${encodeURIComponent(name.toUpperCase())}`,
        { token: staff },
      ),
    );
    const found = list.products.find((p) => p.id === v.productId);
    expect(found?.variations.find((x) => x.id === v.variantId)).toMatchObject({ stock: v.stock, price: (v.price / 100).toFixed(2) });
    const all = ok(
      await get<{ products: StaffProduct[]; total: number; per_page: number }>(t.app, '/staff/products?page=2', { token: staff }),
    );
    expect(all.per_page).toBe(20);
    expect(all.total).toBeGreaterThan(20);
    expect((await get(t.app, '/staff/products?page=0', { token: staff })).status).toBe(400);
  });
});

describe('a product picture from the back office', () => {
  const upload = (id: number, photo: Buffer | string, type: string, token: string | null = staff) =>
    call<{ product: StaffProduct & { cover_image: string } }>(t.app, 'POST', `/api/staff/products/${id}/picture`, {
      payload: photo,
      headers: { 'content-type': type },
      ...(token ? { token } : {}),
    });

  it('replaces the pictures with the photo sent, shown on the product page at once, and recorded', async () => {
    const v = await findVariant(t.db, { minStock: 1, skip: 21 });
    const before = ok(await get<{ cover_image: string }>(t.app, `/single-product-details/${v.slug}`));
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1565c0' } })
      .jpeg()
      .toBuffer();
    const res = ok(await upload(v.productId, photo, 'image/jpeg'));
    expect(res.product.cover_image).toMatch(/^\/api\/images\/[0-9a-f]{16}-\d+x\d+-[0-9a-f]{6}$/);
    expect(res.product.cover_image).not.toBe(before.cover_image);
    expect(ok(await get<{ cover_image: string; product_images: string }>(t.app, `/single-product-details/${v.slug}`))).toMatchObject({
      cover_image: res.product.cover_image,
      product_images: res.product.cover_image,
    });
    type Actions = { actions: { action: string; before: unknown; after: unknown }[] };
    const page = ok(await get<Actions>(t.app, `/staff/activity?subject_type=product&subject_id=${v.productId}`, { token: owner }));
    expect(page.actions[0]).toMatchObject({
      action: 'product.picture',
      before: { cover_image: before.cover_image },
      after: { cover_image: res.product.cover_image },
    });
  });

  it('refuses what is not a picture, another type, a customer and a product that is not there', async () => {
    const v = await findVariant(t.db, { minStock: 1, skip: 23 });
    const bad = await upload(v.productId, Buffer.from('not a picture at all'), 'image/png');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.picture).toMatch(/^The photo could not be used/);
    expect((await upload(v.productId, '{"x":1}', 'application/json')).body.errors).toEqual({
      picture: 'Send the photo as the request body',
    });
    const plain = await upload(v.productId, Buffer.from('x'), 'text/plain');
    expect(plain.status).toBe(400);
    expect(plain.body.errors).toEqual({ picture: 'Send the photo as the request body' });
    expect((await upload(v.productId, Buffer.from('x'), 'image/png', await loginDemo(t.app))).status).toBe(401);
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(999_999, photo, 'image/png')).status).toBe(404);
  });
});
