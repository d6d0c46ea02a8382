import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/bootstrap';
import { loadConfig, type Config } from '../src/config';
import type { DB } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { CHANGE } from '../src/lib/cache';

/**
 * Sitemaps from the live catalogue, through `inject` on a fresh seeded database: public (no API key),
 * absolute URLs on STORE_URL, every product and category and the information pages; an index of
 * numbered files once there are more URLs than one file may hold (a lowered limit here).
 */

const STORE = 'https://shop.example.in';

interface Site {
  app: FastifyInstance;
  db: DB;
  close(): Promise<void>;
}

async function site(sitemapMaxUrls?: number): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-seo-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'development', STORE_URL: `${STORE}/` }),
    dbFile: path.join(dir, 'test.sqlite'),
    scrypt: { N: 1024, r: 8, p: 1 },
    logger: false,
  };
  const { db } = await prepareDatabase(config, new ManualClock(Date.now()));
  const app = await buildApp({ config, db, sitemapMaxUrls });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

describe('sitemap', () => {
  let s: Site;
  let slugs: string[];
  let categories: string[];
  beforeAll(async () => {
    s = await site();
    slugs = (await s.db.selectFrom('products').select('slug').orderBy('id').execute()).map((r) => r.slug);
    categories = (await s.db.selectFrom('categories').select('name').orderBy('sort_order').execute()).map((r) => r.name);
  });
  afterAll(() => s.close());

  it('is public XML listing every product, category and information page as absolute URLs on STORE_URL', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(res.body);
    expect(slugs.length).toBeGreaterThan(10);
    for (const slug of slugs) expect(urls).toContain(`${STORE}/products/${slug}`);
    for (const name of categories) expect(urls).toContain(`${STORE}/shop?${new URLSearchParams({ categories: name.toLowerCase() })}`);
    for (const page of ['/', '/about', '/faq', '/terms-use', '/privacy-policy', '/support', '/contact', '/shop', '/categories']) {
      expect(urls).toContain(`${STORE}${page}`);
    }
    expect(urls.every((u) => u.startsWith(`${STORE}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    // Pages a crawler has no business in are not listed.
    expect(urls.filter((u) => /\/(cart|checkout|my-account|signin|payment)/.test(u))).toEqual([]);
    // Well-formed: every & in a URL is escaped.
    expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('follows the live catalogue: a new product is listed on the next read after the change is recorded', async () => {
    const before = locs((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body);
    const template = await s.db.selectFrom('products').selectAll().where('slug', '=', slugs[0]!).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    await s.db
      .insertInto('products')
      .values({ ...rest, slug: 'handloom-ikat-dupatta', name: 'Handloom Ikat Dupatta' })
      .execute();
    // As every import does (db/seed/large.ts): the catalogue's change log says products were added.
    await s.db.insertInto('catalog_changes').values({ product_id: null, kind: CHANGE.ALL, created_at: new Date().toISOString() }).execute();
    const after = locs((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body);
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContain(`${STORE}/products/handloom-ikat-dupatta`);
  });

  it('is built once per catalogue change: reads in between are the same build, whatever the tables hold (issue 35)', async () => {
    const first = (await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body;
    // A stock change (what checkouts record all day) does not rebuild it.
    await s.db.insertInto('catalog_changes').values({ product_id: 1, kind: CHANGE.STOCK, created_at: new Date().toISOString() }).execute();
    await s.db.updateTable('products').set({ slug: 'renamed-behind-the-back' }).where('slug', '=', slugs[1]!).execute();
    const reads = await Promise.all(Array.from({ length: 5 }, () => s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })));
    for (const r of reads) expect(r.body).toBe(first);
    await s.db.insertInto('catalog_changes').values({ product_id: null, kind: CHANGE.ALL, created_at: new Date().toISOString() }).execute();
    const rebuilt = locs((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body);
    expect(rebuilt).toContain(`${STORE}/products/renamed-behind-the-back`);
    await s.db.updateTable('products').set({ slug: slugs[1]! }).where('slug', '=', 'renamed-behind-the-back').execute();
    await s.db.insertInto('catalog_changes').values({ product_id: null, kind: CHANGE.ALL, created_at: new Date().toISOString() }).execute();
  });

  it('sitemap-1.xml is the whole list while one file holds it; other numbers are 404', async () => {
    const one = await s.app.inject({ method: 'GET', url: '/api/seo/sitemap-1.xml' });
    expect(one.statusCode).toBe(200);
    expect(locs(one.body)).toEqual(locs((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body));
    expect((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap-2.xml' })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap-0.xml' })).statusCode).toBe(400);
    expect((await s.app.inject({ method: 'GET', url: '/api/seo/sitemap-x.xml' })).statusCode).toBe(400);
  });
});

describe('sitemap past the per-file limit', () => {
  let s: Site;
  let whole: string[];
  beforeAll(async () => {
    const big = await site();
    whole = locs((await big.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' })).body);
    await big.close();
    s = await site(7);
  });
  afterAll(() => s.close());

  it('becomes an index of numbered files that together list every URL once, in order', async () => {
    const index = await s.app.inject({ method: 'GET', url: '/api/seo/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    expect(files).toHaveLength(Math.ceil(whole.length / 7));
    expect(files[0]).toBe(`${STORE}/sitemap-1.xml`);
    const listed: string[] = [];
    for (const [i, file] of files.entries()) {
      expect(file).toBe(`${STORE}/sitemap-${i + 1}.xml`);
      const res = await s.app.inject({ method: 'GET', url: `/api/seo/sitemap-${i + 1}.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<urlset');
      const urls = locs(res.body);
      expect(urls.length).toBeLessThanOrEqual(7);
      listed.push(...urls);
    }
    expect(listed).toEqual(whole);
    expect((await s.app.inject({ method: 'GET', url: `/api/seo/sitemap-${files.length + 1}.xml` })).statusCode).toBe(404);
  });
});
