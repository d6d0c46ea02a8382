import { call, get, makeApp, ok, post, type TestApp } from './helpers';
import { STORE_INFO_FIELDS, type Category, type Product, type ProductPage, type StoreInfoData } from '@storefront/contract';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

/** A multipart body like the storefront's FormData (spec §7: the product list call is multipart). */
function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = '----storefront-test-boundary';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function products(fields: Record<string, string>, page?: number): Promise<ProductPage> {
  const { payload, headers } = multipart(fields);
  const a = await call<ProductPage>(t.app, 'POST', `/api/get-products${page ? `?page=${page}` : ''}`, { payload, headers });
  return ok(a);
}

describe('API key', () => {
  it('is required on every call', async () => {
    const missing = await post(t.app, '/store-info', {}, { apiKey: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, message: 'Invalid or missing API key' });
    const wrong = await get(t.app, '/states', { apiKey: 'nope' });
    expect(wrong.status).toBe(401);
  });

  it('is not needed for the OpenAPI document and images', async () => {
    const doc = await call<unknown>(t.app, 'GET', '/api/openapi.json', { apiKey: null });
    expect(doc.status).toBe(200);
    const img = await t.app.inject({ method: 'GET', url: '/api/images/logo.svg' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers unknown paths with 404 in the error shape', async () => {
    const a = await get(t.app, '/nope');
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ success: false, message: 'Not found' });
  });
});

describe('store info', () => {
  it('carries every spec §3 field and the category list with images', async () => {
    const data = ok(await post<StoreInfoData>(t.app, '/store-info'));
    for (const key of STORE_INFO_FIELDS) {
      expect(typeof data.storeinfo[key]).toBe('string');
    }
    expect(data.storeinfo.offer_text).toBe('All over India Delivery Available.');
    expect(data.storeinfo.bannerType).toBe('slider');
    const names = data.sub_category_list.map((c) => c.name);
    for (const term of ['T-Shirts', 'Shirts', 'Denims', "Men's - Watch", "Women's - Watch", 'Handbags', "Men's Shoes", 'Wallet', 'Caps']) {
      expect(names).toContain(term);
    }
    expect(data.sub_category_list.every((c: Category) => c.image.startsWith('/api/images/') && c.product_count > 0)).toBe(true);
  });

  it('accepts an empty JSON body', async () => {
    const a = await call(t.app, 'POST', '/api/store-info', { payload: '', headers: { 'content-type': 'application/json' } });
    expect(a.status).toBe(200);
  });
});

describe('product list', () => {
  it('pages 12 at a time with the total, at least 150 products', async () => {
    const first = await products({});
    expect(first.per_page).toBe(12);
    expect(first.products).toHaveLength(12);
    expect(first.total).toBeGreaterThanOrEqual(150);
    expect(first.last_page).toBe(Math.ceil(first.total / 12));
    const last = await products({}, first.last_page);
    expect(last.products.length).toBe(first.total - 12 * (first.last_page - 1));
    const beyond = await products({}, first.last_page + 1);
    expect(beyond.products).toHaveLength(0);
  });

  it('gives every product the contract fields, local images and two-decimal prices', async () => {
    const { products: list } = await products({});
    const p = list[0] as Product;
    expect(p.id).toBe(p.product_id);
    expect(p.retailer_product_id).toBe(p.id);
    expect(p.final_price).toMatch(/^\d+\.\d{2}$/);
    expect(p.product_images.split(',').length).toBeGreaterThanOrEqual(3);
    expect(p.product_images.split(',').every((u) => u.startsWith('/api/images/'))).toBe(true);
    expect(p.cover_image).toBe(p.product_images.split(',')[0]);
    expect(p.sub_category_variation.split(',').map((s) => s.trim())).toEqual(p.variations.map((v) => v.product_variation));
    expect(p.stock).toBe(p.variations.reduce((s, v) => s + v.stock, 0));
  });

  it('filters by one or several categories', async () => {
    const cats = ok(await post<StoreInfoData>(t.app, '/store-info')).sub_category_list;
    const [a, b] = cats as [Category, Category];
    const one = await products({ sub_category: String(a.id) });
    expect(one.total).toBe(a.product_count);
    expect(one.products.every((p) => p.sub_category_id === a.id)).toBe(true);
    const two = await products({ sub_category: `${a.id},${b.id}` });
    expect(two.total).toBe(a.product_count + b.product_count);
  });

  it('filters by price range in rupees and sorts by price', async () => {
    const r = await products({ min_price: '500', max_price: '1000', sort_by: 'price_asc' });
    expect(r.total).toBeGreaterThan(0);
    const prices = r.products.map((p) => Number(p.final_price));
    expect(prices.every((x) => x >= 500 && x <= 1000)).toBe(true);
    expect([...prices].sort((x, y) => x - y)).toEqual(prices);
    const desc = await products({ sort_by: 'price_desc' });
    const dp = desc.products.map((p) => Number(p.final_price));
    expect([...dp].sort((x, y) => y - x)).toEqual(dp);
  });

  it('sorts by name and by newest', async () => {
    const byName = await products({ sort_by: 'name_asc' });
    const names = byName.products.map((p) => p.product_name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const newest = await products({});
    const dates = newest.products.map((p) => p.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters by size, stock and product id', async () => {
    const sized = await products({ size: 'XL' });
    expect(sized.total).toBeGreaterThan(0);
    expect(sized.products.every((p) => p.variations.some((v) => v.product_variation === 'XL'))).toBe(true);
    const inStock = await products({ in_stock: '1' });
    const outOfStock = await products({ out_of_stock: '1' });
    const all = await products({});
    expect(inStock.products.every((p) => p.in_stock)).toBe(true);
    expect(outOfStock.total).toBeGreaterThan(0);
    expect(outOfStock.products.every((p) => !p.in_stock && p.stock === 0)).toBe(true);
    expect(inStock.total + outOfStock.total).toBe(all.total);
    expect((await products({ in_stock: '1', out_of_stock: '1' })).total).toBe(all.total);
    const target = all.products[3] as Product;
    const single = await products({ product_id: String(target.id) });
    expect(single.products.map((p) => p.id)).toEqual([target.id]);
  });

  it('accepts JSON too and the page in the body', async () => {
    const a = ok(await post<ProductPage>(t.app, '/get-products', { page: 2, sort_by: 'name_desc' }));
    expect(a.page).toBe(2);
  });

  it('rejects bad filters with field errors', async () => {
    const { payload, headers } = multipart({ sort_by: 'cheapest', min_price: 'abc' });
    const a = await call(t.app, 'POST', '/api/get-products', { payload, headers });
    expect(a.status).toBe(400);
    expect(a.body.errors?.sort_by).toMatch(/Must be one of/);
    expect(a.body.errors?.min_price).toBe('Must be a price in rupees');
    const range = await post(t.app, '/get-products', { min_price: '900', max_price: '100' });
    expect(range.status).toBe(400);
    expect(range.body.errors).toEqual({ max_price: 'Maximum price cannot be below the minimum price' });
    const page = await call(t.app, 'POST', '/api/get-products?page=0', { body: {} });
    expect(page.status).toBe(400);
  });
});

describe('product details, search, variations', () => {
  it('finds a product by slug and 404s an unknown one', async () => {
    const list = await products({});
    const p = list.products[0] as Product;
    const d = ok(await get<Product>(t.app, `/single-product-details/${p.slug}`));
    expect(d.slug).toBe(p.slug);
    expect(d.variations.length).toBeGreaterThan(0);
    const missing = await get(t.app, '/single-product-details/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
  });

  it('searches name, brand and category, every word must match', async () => {
    const watches = ok(await post<ProductPage>(t.app, '/search-products', { search: 'watch' }));
    expect(watches.total).toBeGreaterThanOrEqual(22);
    const rose = ok(await post<ProductPage>(t.app, '/search-products', { search: 'Rose   Gold watch' }));
    expect(rose.total).toBeGreaterThan(0);
    const text = (p: Product) => `${p.product_name} ${p.brand} ${p.sub_category_name} ${p.description}`.toLowerCase();
    expect(rose.products.every((p) => ['rose', 'gold', 'watch'].every((w) => text(p).includes(w)))).toBe(true);
    expect(rose.total).toBeLessThan(watches.total);
    const none = ok(await post<ProductPage>(t.app, '/search-products', { search: 'zzqqxx' }));
    expect(none.total).toBe(0);
    const wildcard = ok(await post<ProductPage>(t.app, '/search-products', { search: '%' }));
    expect(wildcard.total).toBe(0);
    const blank = await post(t.app, '/search-products', { search: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.search).toBe('Please enter a search term');
  });

  it('lists size labels per category', async () => {
    const cats = ok(await post<StoreInfoData>(t.app, '/store-info')).sub_category_list;
    const tshirts = cats.find((c) => c.name === 'T-Shirts') as Category;
    const data = ok(
      await post<{ sub_category_id: number; sub_category_variation: string }[]>(t.app, '/subcategory-variations', {
        sub_category_id: [tshirts.id],
      }),
    );
    expect(data).toEqual([{ sub_category_id: tshirts.id, sub_category_variation: 'S, M, L, XL, XXL' }]);
    const bad = await post(t.app, '/subcategory-variations', { sub_category_id: [] });
    expect(bad.status).toBe(400);
  });
});

describe('home, about, lists, places', () => {
  it('serves home sections and about sections at top-level result', async () => {
    const home = await get(t.app, '/home-page-sections');
    expect(home.status).toBe(200);
    const result = home.body.result as { banners: { image: string }[]; sections: unknown[] };
    expect(result.banners.length).toBeGreaterThan(0);
    expect(result.banners.every((b) => b.image.startsWith('/api/images/'))).toBe(true);
    expect(result.sections.length).toBeGreaterThan(0);
    const about = await get(t.app, '/about-us-page');
    expect(Array.isArray(about.body.result)).toBe(true);
  });

  it('serves 8 new arrivals (newest first) and 8 featured products under data.data', async () => {
    const arrivals = ok(await get<{ data: Product[] }>(t.app, '/new-arrivals')).data;
    expect(arrivals).toHaveLength(8);
    const dates = arrivals.map((p) => p.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const featured = ok(await post<{ data: Product[] }>(t.app, '/get-featured-products')).data;
    expect(featured).toHaveLength(8);
  });

  it('lists all 36 states and union territories and their cities', async () => {
    const states = ok(await get<{ id: number; name: string }[]>(t.app, '/states'));
    expect(states).toHaveLength(36);
    const karnataka = states.find((s) => s.name === 'Karnataka');
    expect(karnataka).toBeDefined();
    const cities = ok(await post<{ name: string; state_id: number }[]>(t.app, '/cities', { state_id: karnataka?.id }));
    expect(cities.map((c) => c.name)).toContain('Bengaluru');
    expect(cities.every((c) => c.state_id === karnataka?.id)).toBe(true);
    expect((await post(t.app, '/cities', { state_id: 9999 })).status).toBe(404);
    const bad = await post(t.app, '/cities', {});
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ state_id: 'State is required' });
  });
});
