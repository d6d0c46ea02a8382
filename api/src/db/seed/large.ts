/**
 * A large catalogue on demand (issue 16): grows a seeded database to `target` products with the same
 * categories, brands, sizes and price ranges as the demo catalogue, plus descriptors, fabrics and a few
 * rare craft names, so searches and filters meet realistic spreads. Deterministic (fixed PRNG seed).
 *
 * Written for speed: ids are assigned here and rows go in as multi-row INSERTs in one transaction
 * (200,000 products with ~560,000 variations in well under a minute on SQLite and on PostgreSQL).
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, ProductTable, VariationTable } from '../schema';
import { isPostgres } from '../database';
import { defaultVariation } from '../repositories/catalog';
import { CHANGE } from '../../lib/cache';
import { CATEGORIES, prng, slugify } from './catalogue';
import { productSearchWords } from '../../lib/searchText';
import { addSearchTerms, countTerms } from '../searchWords';
import { createPairsIndex } from '../migrations/036_search_pair_buckets';

const DESCRIPTORS = [
  'Classic',
  'Festive',
  'Premium',
  'Everyday',
  'Slim',
  'Relaxed',
  'Heritage',
  'Urban',
  'Essential',
  'Signature',
  'Vintage',
  'Modern',
];
const COLOURS = [
  'Indigo',
  'Maroon',
  'Olive',
  'Mustard',
  'Teal',
  'Charcoal',
  'Ivory',
  'Rust',
  'Navy',
  'Saffron',
  'Emerald',
  'Black',
  'Tan',
  'Peach',
  'Wine',
  'Sky Blue',
];
const MORE_BRANDS = [
  'Desi Threads',
  'Chennai Cotton',
  'Pune Works',
  'Kochi Craft',
  'Delhi Darzi',
  'Surat Silks',
  'Indore Looms',
  'Jodhpur Trail',
  'Mumbai Mill',
  'Kolkata Kraft',
];
/** Craft names that occur rarely (about 1 product in 2,000 each): the "rare word" of a search. */
const RARE = ['Paithani', 'Ajrakh', 'Kalamkari', 'Phulkari', 'Pochampally', 'Sambalpuri', 'Bagru', 'Chanderi'];
const LINES = [
  'Designed in India for everyday comfort.',
  'A wardrobe staple that goes with everything.',
  'Crafted by artisans and finished by hand.',
  'Lightweight, durable and easy to care for.',
];

const PRODUCT_BATCH = 500;
const VARIATION_BATCH = 1000;

/** What inventing products needs: the generator, the next ids, the newest creation time, category ids. */
interface Invention {
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
  ids: { product: number; variation: number };
  start: number;
  categoryId: Map<string, number>;
}

/** The `i`-th invented product and its variations (the generator's draws in a fixed order: same seed, same catalogue). */
function inventProduct(x: Invention, i: number) {
  const ids = x.ids;
  const productId = (ids.product += 1);
  const cat = x.pick(CATEGORIES);
  const brand = x.rand() < 0.6 ? x.pick(cat.brands) : x.pick(MORE_BRANDS);
  const craft = x.rand() < RARE.length / 2000 ? `${x.pick(RARE)} ` : '';
  const name = `${brand} ${x.pick(DESCRIPTORS)} ${craft}${x.pick(COLOURS)} ${x.pick(cat.items)}`;
  const [lo, hi] = cat.price;
  const base = Math.max(99, Math.round((lo + x.rand() * (hi - lo)) / 50) * 50 - 1);
  const discount = 0.1 + x.rand() * 0.45;
  const soldOut = x.rand() < 0.11;
  const sizes = cat.sizes.length > 1 ? cat.sizes.filter(() => x.rand() < 0.6) : cat.sizes;
  const labels = sizes.length ? sizes : [cat.sizes[0] as string];
  const vs = labels.map((label, k) => {
    const price = (base + (k === labels.length - 1 && labels.length > 1 ? 100 : 0)) * 100;
    const mrp = Math.max(price, Math.round(price / (1 - discount) / 100) * 100);
    return {
      id: (ids.variation += 1),
      product_id: productId,
      label,
      price,
      mrp,
      stock: soldOut || x.rand() < 0.12 ? 0 : 1 + Math.floor(x.rand() * 40),
      sort_order: k + 1,
    };
  });
  const shown = defaultVariation(vs);
  const description = `${name} by ${brand}, in ${cat.material}. ${x.pick(LINES)}`;
  const words = productSearchWords({ name, brand, category: cat.name, description });
  const product: Insertable<ProductTable> = {
    id: productId,
    slug: `${slugify(name)}-${productId}`,
    name,
    description,
    brand,
    category_id: x.categoryId.get(cat.slug) ?? 0,
    image_count: 3 + (productId % 3),
    retailer_id: 1 + (productId % 50),
    wholesaler_id: productId % 4 === 0 ? null : 101 + (productId % 20),
    featured: 0,
    // Newer than what is there, one a minute: ids and creation times rise together.
    created_at: new Date(x.start + i * 60_000).toISOString(),
    display_price: shown?.price ?? 0,
    display_mrp: shown?.mrp ?? 0,
    total_stock: vs.reduce((sum, v) => sum + v.stock, 0),
    search_text: `${name} ${brand} ${cat.name}`.toLowerCase(),
    search_words: words.search_words,
  };
  return { product, variations: vs, terms: words.terms };
}

/** Adds products until the catalogue holds `target`; returns how many it added. */
export async function growCatalogue(db: Kysely<Database>, target: number): Promise<number> {
  const { n } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const missing = target - Number(n);
  if (missing <= 0) return 0;
  const categories = await db.selectFrom('categories').select(['id', 'slug']).execute();
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  const maxRow = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const maxVariation = await db
    .selectFrom('variations')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const newest = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirst();
  const productId = Number(maxRow?.id ?? 0);
  const variationId = Number(maxVariation?.id ?? 0);
  const start = Date.parse(String(newest?.at ?? '2026-01-10T09:00:00.000Z'));
  const rand = prng(16_200_000 + Number(n));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  // SQLite: a page cache large enough that the one big transaction does not spill to disk midway.
  if (!isPostgres(db)) await sql`pragma cache_size = -262144`.execute(db);
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: building the search indexes once afterwards is several times faster than keeping it up
    // row by row (the transaction is all or nothing, so nobody sees the catalogue without it).
    if (isPostgres(trx)) {
      await sql`drop index if exists products_search_trgm`.execute(trx);
      await sql`drop index if exists products_search_words`.execute(trx);
      await sql`drop index if exists products_search_pairs_buckets`.execute(trx);
    }
    let products: Insertable<ProductTable>[] = [];
    const terms = new Map<string, number>();
    const variations: (Insertable<VariationTable> & { stock: number; price: number; mrp: number })[] = [];
    // Products first, then the variations that reference them.
    const flush = async (all: boolean) => {
      if (products.length < PRODUCT_BATCH && !(all && products.length)) return;
      await trx.insertInto('products').values(products).execute();
      products = [];
      while (variations.length) await trx.insertInto('variations').values(variations.splice(0, VARIATION_BATCH)).execute();
    };
    const x: Invention = { rand, pick, ids: { product: productId, variation: variationId }, start, categoryId };
    for (let i = 1; i <= missing; i += 1) {
      const made = inventProduct(x, i);
      countTerms(terms, made.terms);
      products.push(made.product);
      variations.push(...made.variations);
      await flush(false);
    }
    await flush(true);
    await addSearchTerms(trx as unknown as Kysely<unknown>, terms);
    if (isPostgres(trx)) {
      // Ids were given here: move the identity sequences past them.
      await sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`.execute(trx);
      await sql`select setval(pg_get_serial_sequence('variations', 'id'), (select max(id) from variations))`.execute(trx);
      await sql`create index products_search_trgm on products using gin (search_doc gin_trgm_ops)`.execute(trx);
      await sql`create index products_search_words on products using gin (search_tsv)`.execute(trx);
      await createPairsIndex(trx as unknown as Kysely<unknown>);
    }
    await trx.insertInto('catalog_changes').values({ product_id: null, kind: CHANGE.ALL, created_at: new Date().toISOString() }).execute();
  });
  // Fresh planner statistics: the indexes of migration 004 are chosen by them. On PostgreSQL also the vacuum
  // autovacuum would otherwise start about a minute after the load, under live traffic: seconds of disk and
  // CPU over every new row (issue 16: it lined up with the scale bench's slow windows). It sets the rows'
  // visibility once, so reads need not, and index-only scans can skip the table. (Outside a transaction;
  // the two grown tables only: a database-wide pass would warn about the catalogues only a superuser may.)
  await (isPostgres(db) ? sql`vacuum (analyze) products, variations` : sql`analyze`).execute(db);
  return missing;
}
