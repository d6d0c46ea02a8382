import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { addToCart, get, loginDemo, makeApp, ok, post, type TestApp } from './helpers';
import { parseImageId, pictureInfo } from '@storefront/contract/images';
import { ImageStore } from '../src/images/store';
import { PhotoPool } from '../src/images/pool';
import { replaceProductPictures } from '../src/domain/productPictures';
import { CATEGORIES } from '../src/db/seed/catalogue';
import type { CartLine, HomeSections, Product } from '@storefront/contract';

// Drawing a pool picture and encoding AVIF take a while on a busy machine (no timed assertion anywhere).
jest.setTimeout(120_000);

let t: TestApp;
let imageDir: string;
let product: Product;

beforeAll(async () => {
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-images-'));
  t = await makeApp({ imageDir });
  product = ok(await get<{ data: Product[] }>(t.app, '/new-arrivals')).data[0] as Product;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(imageDir, { recursive: true, force: true });
});

const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('picture URLs in the catalogue', () => {
  it('are picture ids the browser side can read (size and placeholder colour)', () => {
    const cover = product.cover_image ?? '';
    const id = cover.replace('/api/images/', '');
    expect(parseImageId(id)).toMatchObject({ width: 1600, height: 2000 });
    expect(pictureInfo(cover)).toMatchObject({ width: 1600, height: 2000, colour: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  });

  it('give a product its own shape in its own colour first, and categories and banners their pictures', async () => {
    const urls = product.product_images.split(',');
    expect(urls[0]).toBe(product.cover_image);
    expect(new Set(urls).size).toBe(urls.length);
    const home = (await get(t.app, '/home-page-sections')).body.result as HomeSections;
    expect(home.banners.length).toBeGreaterThan(0);
    for (const b of home.banners) expect(pictureInfo(b.image)).toMatchObject({ width: 2400, height: 900 });
  });
});

describe('GET /api/images/<id>', () => {
  it('resizes to the asked width (never wider than the original) and keeps the aspect ratio', async () => {
    const res = await image(`${product.cover_image}?w=320&f=jpeg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 320, height: 400, format: 'jpeg' });
    const wide = await image(`${product.cover_image}?w=2400&f=jpeg`);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 1600, height: 2000 });
  });

  it('the original is a photo-sized JPEG (1600 × 2000, 150–400 KB)', async () => {
    const pool = new PhotoPool(t.config.photoPoolDir, () => CATEGORIES.map((c) => c.slug));
    const id = (product.cover_image ?? '').replace('/api/images/', '');
    const file = await pool.file(id);
    expect(file).not.toBeNull();
    const bytes = fs.statSync(file as string).size;
    expect(bytes).toBeGreaterThanOrEqual(150 * 1024);
    expect(bytes).toBeLessThanOrEqual(400 * 1024);
    expect(await sharp(file as string).metadata()).toMatchObject({ width: 1600, height: 2000, format: 'jpeg' });
  });

  it('converts to AVIF and WebP', async () => {
    const avif = await image(`${product.cover_image}?w=480&f=avif`);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 480, format: 'heif' });
    const webp = await image(`${product.cover_image}?w=480&f=webp`);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ width: 480, format: 'webp' });
    // A named format is the same for everyone: no Vary.
    expect(webp.headers.vary).toBeUndefined();
  });

  it('picks the format from Accept when none is named, and says the answer varies by Accept', async () => {
    const chromium = await image(`${product.cover_image}?w=240`, {
      accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
    });
    expect(chromium.headers['content-type']).toBe('image/avif');
    expect(chromium.headers.vary).toBe('Accept');
    const webpOnly = await image(`${product.cover_image}?w=240`, { accept: 'image/webp,*/*' });
    expect(webpOnly.headers['content-type']).toBe('image/webp');
    const refused = await image(`${product.cover_image}?w=240`, { accept: 'image/avif;q=0, image/webp, */*' });
    expect(refused.headers['content-type']).toBe('image/webp');
    const old = await image(`${product.cover_image}?w=240`, { accept: '*/*' });
    expect(old.headers['content-type']).toBe('image/jpeg');
    expect(old.headers.vary).toBe('Accept');
  });

  it('serves widths above the original as the original width: one file, one ETag (issue 35)', async () => {
    const id = (product.cover_image ?? '').replace('/api/images/', '');
    const asked = await Promise.all([2000, 2400].map((w) => image(`${product.cover_image}?w=${w}&f=webp`)));
    const own = await image(`${product.cover_image}?w=1600&f=webp`);
    for (const a of asked) {
      expect(a.headers.etag).toBe(own.headers.etag);
      expect(a.rawPayload.equals(own.rawPayload)).toBe(true);
    }
    const stored = fs.readdirSync(path.join(imageDir, 'variants', id)).filter((f) => f.endsWith('.webp'));
    expect(stored).toContain('1600.webp');
    expect(stored.filter((f) => Number.parseInt(f, 10) > 1600)).toEqual([]);
  });

  it('encodes a variant once, then serves it from disk with immutable caching and an ETag', async () => {
    const url = `${product.cover_image}?w=640&f=webp`;
    const first = await image(url);
    expect(first.headers['x-image-cache']).toBe('miss');
    const id = (product.cover_image ?? '').replace('/api/images/', '');
    expect(fs.existsSync(path.join(imageDir, 'variants', id, '640.webp'))).toBe(true);
    const second = await image(url);
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = second.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await image(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    // Another width or format is another ETag.
    expect((await image(`${product.cover_image}?w=640&f=avif`)).headers.etag).not.toBe(etag);
  });

  it('answers 400 with the field for a width off the list or an unknown format, 404 for no such picture, never 500', async () => {
    for (const [query, field] of [
      ['w=500', 'w'],
      ['w=abc', 'w'],
      ['w=-1', 'w'],
      ['w=99999', 'w'],
      ['f=png', 'f'],
      ['f=', 'f'],
    ] as const) {
      const res = await image(`${product.cover_image}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    for (const bad of ['abc', '..%2f..%2fetc%2fpasswd', `${'a'.repeat(16)}-1600x2000-zzzzzz`, '%2e%2e%2fx', 'a'.repeat(300)]) {
      const res = await image(`/api/images/${bad}?w=320`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const unknown = await image('/api/images/0123456789abcdef-1600x2000-aabbcc?w=320');
    expect(unknown.statusCode).toBe(404);
  });

  it("one client's flood of cold large encodes does not hold another client's first picture (issue 35 item 14)", async () => {
    const products = ok(await get<{ data: Product[] }>(t.app, '/new-arrivals')).data;
    const pictures = [...new Set(products.flatMap((p) => p.product_images.split(',')))].slice(0, 5);
    expect(pictures).toHaveLength(5);
    // The shopper's is the last picture, at a size and format no other test asks for: cold for certain.
    const shoppers = pictures.at(-1) ?? '';
    const flooded = pictures.slice(0, -1);
    // The originals are drawn first, so every request below waits for its encode alone.
    for (const url of pictures) expect((await image(`${url}?w=160&f=jpeg`)).statusCode).toBe(200);

    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    const finished: string[] = [];
    const flood = flooded.flatMap((url) =>
      [960, 1200, 1600].map((w) =>
        from('198.51.100.7', `${url}?w=${w}&f=avif`).then((res) => {
          finished.push('flood');
          return res;
        }),
      ),
    );
    // Sequencing only (no timed assertion): the flood is queued before the shopper asks.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const shopper = from('203.0.113.20', `${shoppers}?w=400&f=avif`).then((res) => {
      finished.push('shopper');
      return res;
    });
    const answers = await Promise.all([...flood, shopper]);
    expect(answers.map((a) => [a.statusCode, a.headers['x-image-cache']])).toEqual(answers.map(() => [200, 'miss']));
    // Two encodes run at once and waiting ones start in turn by client: the shopper's is at most the fourth
    // to start, so at most four of the flood's twelve finish before it. First come, first served, the shopper
    // would wait for nearly all twelve.
    expect(finished.slice(finished.indexOf('shopper') + 1).length).toBeGreaterThanOrEqual(flood.length - 4);
  });

  it('is public (an <img> cannot send the API key)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${product.cover_image}?w=160&f=jpeg` });
    expect(res.statusCode).toBe(200);
  });
});

describe('a picture replaced by the shop owner', () => {
  it('shows everywhere on the next load: list, details, home rows, cart and wishlist', async () => {
    const token = await loginDemo(t.app);
    // The newest product: on the home page's first row, in the cart and in the wishlist.
    const before = product;
    const slug = before.slug;
    const variation = before.variations.find((x) => x.stock > 0);
    if (!variation) throw new Error('the newest product has no stock');
    ok(await addToCart(t.app, token, { productId: before.id, variantId: variation.id, price: 0, stock: variation.stock, slug }));
    ok(await post(t.app, '/customer/add-to-wishlist', { product_id: before.id }, { token }));

    // The owner's photo: a 3000 × 2000 landscape PNG, cropped to the catalogue's 4:5.
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#c0392b', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
    })
      .png()
      .toBuffer();
    const store = new ImageStore(imageDir, new PhotoPool(t.config.photoPoolDir, () => CATEGORIES.map((c) => c.slug)));
    const [id] = await replaceProductPictures(t.app.repos.catalog, store, slug, [photo]);
    expect(parseImageId(id ?? '')).toMatchObject({ width: 1600, height: 2000 });
    const url = `/api/images/${id}`;
    expect(url).not.toBe(before.cover_image);

    const details = ok(await get<Product>(t.app, `/single-product-details/${slug}`));
    expect(details.cover_image).toBe(url);
    expect(details.product_images).toBe(url);
    const arrivals = ok(await get<{ data: Product[] }>(t.app, '/new-arrivals')).data;
    expect(arrivals.find((p) => p.id === before.id)?.cover_image).toBe(url);
    const cart = ok(await get<{ cart: CartLine[] }>(t.app, '/customer/cart', { token })).cart;
    expect(cart.find((l) => l.product_id === before.id)?.product_images).toBe(url);
    const wishlist = JSON.stringify(ok(await get(t.app, '/customer/wishlist', { token })));
    expect(wishlist).toContain(url);
    expect(wishlist).not.toContain(before.cover_image ?? '∅');

    const served = await image(`${url}?w=480`, { accept: 'image/avif,image/webp,*/*' });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 480, height: 600, format: 'heif' });

    // And back to the generated pictures.
    await replaceProductPictures(t.app.repos.catalog, store, slug, []);
    expect(ok(await get<Product>(t.app, `/single-product-details/${slug}`)).cover_image).toBe(before.cover_image);
  });

  it('refuses a file that is not a picture and an unknown product, leaving the product as it was', async () => {
    const store = new ImageStore(imageDir, new PhotoPool(t.config.photoPoolDir, () => CATEGORIES.map((c) => c.slug)));
    await expect(replaceProductPictures(t.app.repos.catalog, store, product.slug, [Buffer.from('not a picture')])).rejects.toThrow(
      /not a picture/,
    );
    await expect(replaceProductPictures(t.app.repos.catalog, store, 'no-such-product', [])).rejects.toThrow(/no product/);
    expect(ok(await get<Product>(t.app, `/single-product-details/${product.slug}`)).cover_image).toBe(product.cover_image);
  });
});
