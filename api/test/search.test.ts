import { sql } from 'kysely';
import { LIST_TOTAL_CAP, type Product, type ProductPage } from '@storefront/contract';
import { makeApp, ok, post, type TestApp } from './helpers';
import { DEFAULT_SYNONYMS } from '../src/db/seed/synonyms';
import { SynonymRepository } from '../src/db/repositories/synonyms';
import * as m010 from '../src/db/migrations/010_search_words';
import * as m031 from '../src/db/migrations/031_search_word_pairs';
import * as m033 from '../src/db/migrations/033_sqlite_search_pairs';
import * as m035 from '../src/db/migrations/035_search_pair_counts';
import * as m036 from '../src/db/migrations/036_search_pair_buckets';
import * as m037 from '../src/db/migrations/037_search_generic_plans';

// Issue 36: how search reads what shoppers type (the relevance table is searchRelevance.test.ts).
let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ catalogCache: { entries: 500, ttlMs: 60_000, pollMs: 0 } });
});
afterAll(() => t.close());

const search = (text: string, page = 1) => post<ProductPage>(t.app, '/search-products', { search: text, page }).then(ok);

/** Every page of a search. */
async function everything(text: string): Promise<Product[]> {
  const first = await search(text);
  const rest = await Promise.all(Array.from({ length: first.last_page - 1 }, (_, i) => search(text, i + 2)));
  return [first, ...rest].flatMap((p) => p.products);
}

/** The results are in tiers (by `tierOf`), in stock before sold out within a tier, newest (highest id) first. */
function expectRanked(products: Product[], tierOf: (p: Product) => number): void {
  const keys = products.map((p) => [tierOf(p), p.in_stock ? 0 : 1, -p.id] as const);
  for (let i = 1; i < keys.length; i += 1) {
    const [a, b] = [keys[i - 1], keys[i]] as [readonly number[], readonly number[]];
    const order = a[0] !== b[0] ? (a[0] ?? 0) - (b[0] ?? 0) : a[1] !== b[1] ? (a[1] ?? 0) - (b[1] ?? 0) : (a[2] ?? 0) - (b[2] ?? 0);
    if (order > 0) throw new Error(`${products[i - 1]?.product_name} before ${products[i]?.product_name}`);
  }
}

describe('ranking', () => {
  it('puts name and category before description; in stock before sold out; newest first', async () => {
    // The colour family: red finds maroon and rust too, in the name, first.
    const red = await everything('red');
    expectRanked(red, (p) => (/\b(red|maroon|wine|rust)\b/i.test(p.product_name) ? 0 : 2));
    expect(red.some((p) => /maroon/i.test(p.product_name))).toBe(true);
    expect(red.some((p) => !p.in_stock)).toBe(true);

    const leather = await everything('leather');
    expectRanked(leather, (p) => (/leather/i.test(p.product_name) ? 0 : 2));
    expect(leather.some((p) => !/leather/i.test(p.product_name))).toBe(true);
  });

  it('falls back to the best partial matches when every word cannot match, without saying it corrected anything', async () => {
    const page = await search('formal saree');
    expect(page.total).toBeGreaterThan(0);
    expect(page.showing_results_for).toBeUndefined();
    expect(page.products.every((p) => /formal|saree/i.test(`${p.product_name} ${p.sub_category_name}`))).toBe(true);
  });
});

describe('spelling tolerance', () => {
  it('corrects a word of 4+ letters only when the typed words find nothing, and says so', async () => {
    const typo = await search('wallte');
    expect(typo.showing_results_for).toBe('wallet');
    expect(typo.products.length).toBeGreaterThan(0);
    expect(typo.products.every((p) => p.sub_category_name === 'Wallet')).toBe(true);
    const plural = await search('Leather Walets');
    expect(plural.showing_results_for).toBe('leather wallets');

    // Found as typed: no correction, even though "samay" is one letter from nothing else.
    expect((await search('wallet')).showing_results_for).toBeUndefined();
    // Three letters are too few to guess from: "tam" is not corrected to "tan".
    const short = await search('tam');
    expect(short.showing_results_for).toBeUndefined();
  });

  it('answers nonsense with nothing', async () => {
    const none = await search('zzqqxx');
    expect(none).toMatchObject({ total: 0, products: [], total_capped: false });
    expect(none.showing_results_for).toBeUndefined();
  });
});

describe('synonyms table', () => {
  it('is seeded with the defaults and read again after the owner edits it', async () => {
    expect((await new SynonymRepository(t.db).list()).length).toBe(DEFAULT_SYNONYMS.length);
    const before = await search('dhoop');
    // "dhoop" is a brand of sunglasses: the owner makes "chashma" (spectacles in Hindi) mean sunglasses.
    expect((await search('chashma')).total).toBe(0);
    expect(before.total).toBeGreaterThan(0);
    const id = await new SynonymRepository(t.db).add('same', 'sunglasses, chashma');
    const after = await search('chashma');
    expect(after.total).toBeGreaterThan(0);
    expect(after.products.every((p) => p.sub_category_name === 'Sunglasses')).toBe(true);
    await new SynonymRepository(t.db).remove(id);
    expect((await search('chashma')).total).toBe(0);
  });

  it('refuses an entry that is not one word per comma', async () => {
    await expect(new SynonymRepository(t.db).add('same', 'sunglasses')).rejects.toThrow(/at least two words/);
    await expect(new SynonymRepository(t.db).add('same', 'sun glasses, specs')).rejects.toThrow(/one word/);
  });
});

describe('bounded totals', () => {
  it('counts a list or search up to the cap and says "more" past it; pages past the cap still answer', async () => {
    const big = await makeApp({ seedProducts: LIST_TOTAL_CAP + 300 });
    try {
      const list = ok(await post<ProductPage>(big.app, '/get-products', {}));
      expect(list).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
      const deep = ok(await post<ProductPage>(big.app, '/get-products?page=95', {}));
      expect(deep.products.length).toBe(12);
      const small = ok(await post<ProductPage>(big.app, '/get-products', { sub_category: '1' }));
      expect(small.total_capped).toBe(false);
      const { n } = (await sql<{ n: number }>`select count(*) as n from products where category_id = 1`.execute(big.db)).rows[0] ?? {
        n: 0,
      };
      expect(small.total).toBe(Number(n));
    } finally {
      await big.close();
    }
  });
});

describe('migration 010', () => {
  it('indexes the products a shop already has, and goes back down to the search before it', async () => {
    const shop = await makeApp();
    try {
      const db = shop.db as unknown as Parameters<typeof m010.down>[0];
      // Down in order: the pairs triggers (031 PostgreSQL, 033 SQLite) read the column 010 adds, and the
      // pairs' counts (035) and buckets (036) the column 031 adds; 037 alters 036's functions.
      await m037.down(db);
      await m036.down(db);
      await m035.down(db);
      await m033.down(db);
      await m031.down(db);
      await m010.down(db);
      await m010.up(db);
      await m031.up(db);
      await m033.up(db);
      await m035.up(db);
      await m036.up(db);
      await m037.up(db);
      const page = ok(await post<ProductPage>(shop.app, '/search-products', { search: 'sari' }));
      expect(page.total).toBeGreaterThan(0);
      expect(page.products.every((p) => p.sub_category_name === 'Sarees')).toBe(true);
      expect(ok(await post<ProductPage>(shop.app, '/search-products', { search: 'wallte' })).showing_results_for).toBe('wallet');
    } finally {
      await shop.close();
    }
  });
});
