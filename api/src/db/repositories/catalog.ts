import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, ProductTable, VariationTable } from '../schema';
import { LIST_TOTAL_CAP, type Category, type Product, type ProductPage, type StoreInfoFields, type Variation } from '@storefront/contract';
import { imageUrl, productPictureUrls } from '../../lib/images';
import { money } from '../../lib/money';
import { CHANGE, CatalogCache, type CatalogChange } from '../../lib/cache';
import { isPostgres } from '../database';
import {
  FIELD_TAGS,
  MAX_SEARCH_WORDS,
  buildSynonyms,
  correctable,
  correctedText,
  oneEditAway,
  planSearch,
  replaceWords,
  type SearchField,
  type SearchGroup,
  type SearchPlan,
  type Synonyms,
} from '../../domain/search';

export const PER_PAGE = 12;

export type SortBy = 'newest' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc';

/** Spec §3 product list filters, already parsed: prices in paise. */
export interface ProductQuery {
  subCategories?: number[];
  minPrice?: number;
  maxPrice?: number;
  sizes?: string[];
  inStock?: boolean;
  outOfStock?: boolean;
  sortBy?: SortBy;
  productIds?: number[];
  /** What the shopper typed (domain/search.ts reads it; the route keeps it to 100 characters). */
  search?: string;
  page: number;
}

type ProductRow = Selectable<ProductTable> & { category_name: string };

/** Escapes LIKE wildcards; used with `escape '\'`, which SQLite and PostgreSQL both understand. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each sort of spec §3 as (column, direction); id, the tie-breaker, runs the same way (one index, both ways). */
const SORTS = {
  newest: ['created_at', 'desc'],
  price_asc: ['display_price', 'asc'],
  price_desc: ['display_price', 'desc'],
  name_asc: ['name', 'asc'],
  name_desc: ['name', 'desc'],
} as const satisfies Record<SortBy, readonly [string, 'asc' | 'desc']>;

/** The changes that alter a list whichever product changed: stock filters, price filters and sorts. */
function listKinds(q: ProductQuery): number {
  let kinds = 0;
  if (q.inStock || q.outOfStock) kinds |= CHANGE.AVAILABILITY;
  if (q.minPrice !== undefined || q.maxPrice !== undefined || q.sortBy === 'price_asc' || q.sortBy === 'price_desc') kinds |= CHANGE.PRICE;
  return kinds;
}

const ids = (products: Product[]) => products.map((p) => p.id);

/**
 * Which fields the words of a search are found in: name and category (the heaviest), those or the
 * brand, or anywhere (description, colour, material too): FIELD_TAGS.
 */
type Field = SearchField;

/**
 * A search as index queries: every word (`all`) or any word (the partial fallback) found in `field`, each
 * word as any of its alternatives (synonyms), and, with `except`, not so found in that narrower field.
 */
interface Match {
  groups: readonly (readonly string[])[];
  all: boolean;
  field: Field;
  except?: Field;
}

/**
 * Relevance, best first: the words in the name or category; else there or in the brand; else anywhere.
 * Each tier lists what is in stock before what is sold out, newest (highest id) first: every tier is a
 * range of an index read in id order, so a page costs the same for a common word as for a rare one.
 */
const TIERS: Pick<Match, 'field' | 'except'>[] = [
  { field: 'name' },
  { field: 'nameBrand', except: 'name' },
  { field: 'any', except: 'nameBrand' },
];

interface Search {
  /**
   * How many products match, counting at most `cap`; with it, when the same read tells it exactly, the
   * page of `limit` ids from `offset` in relevance order (TIERS), else null (`ranked` reads it).
   */
  countPage(m: Match, cap: number, limit: number, offset: number): Promise<{ count: number; ids: number[] | null }>;
  /** One page of the matching ids in relevance order (TIERS). */
  ranked(m: Match, limit: number, offset: number): Promise<number[]>;
  /** A subquery of the matching ids, to combine with the other filters (`p.id in …`). */
  matching(m: Match): RawBuilder<number>;
  /** Parts of words (migration 004's trigram indexes): the last fallback, ranked while there are few. */
  partsCount(words: string[], cap: number): Promise<number>;
  partsPage(words: string[], ranked: boolean, limit: number, offset: number): Promise<number[]>;
  partsMatching(words: string[]): RawBuilder<number>;
}

/** One tier's in-stock or sold-out half: a page of it (newest first), and its size counted up to `cap`. */
interface TierHalf {
  page(m: Match, inStock: boolean, limit: number, offset: number): Promise<number[]>;
  count(m: Match, inStock: boolean, cap: number): Promise<number>;
}

/** A page in TIERS order: each tier's in-stock half, then its sold-out half; a half before the page is skipped by its count (at most the offset). */
async function tieredPage(half: TierHalf, match: Match, tiers: readonly Pick<Match, 'field' | 'except'>[], limit: number, offset: number) {
  const ids: number[] = [];
  let skip = offset;
  for (const tier of tiers) {
    for (const inStock of [true, false]) {
      if (ids.length >= limit) return { ids, skip };
      const part = { ...match, ...tier };
      const found = await half.page(part, inStock, limit - ids.length, skip);
      if (found.length) {
        ids.push(...found);
        skip = 0;
      } else if (skip > 0) skip -= await half.count(part, inStock, skip);
    }
  }
  return { ids, skip };
}

/** PostgreSQL (PostgresSearch): a tier with at least this many matches is read by walking the newest products. */
const DENSE_TIER = 2000;
/** PostgreSQL: how many of the newest products a search looks at first, and how many matches there make it dense (2 %). */
const PROBE = 1000;
const DENSE_PROBE = 20;
/** PostgreSQL: a sparse search with fewer matches than this is counted and ranked from one read of them. */
const SPARSE_BOUND = 2000;

/** Words shorter than three letters cannot use a trigram index: they only narrow what the others found. */
const MIN_INDEXED = 3;
const isIndexed = (word: string) => [...word].length >= MIN_INDEXED;
const NOTHING = sql`0 = 1`;

/** SQLite: FTS5 `products_search` of `search_words` (migration 010); `products_fts` (trigram) for parts of words (migration 004). */
class SqliteSearch implements Search {
  constructor(private readonly db: Kysely<Database>) {}

  /** The FTS5 query: quoted words (letters and digits, with their field tags), never malformed. */
  private expr(m: Match): string {
    const of = (field: Field) =>
      m.groups
        .map((alts) => `(${alts.map((a) => `"${FIELD_TAGS[field]}${a.replace(/"/g, '""')}"`).join(' OR ')})`)
        .join(m.all ? ' AND ' : ' OR ');
    return m.except ? `(${of(m.field)}) NOT (${of(m.except)})` : of(m.field);
  }

  private stock(inStock: boolean | null) {
    return inStock === null ? sql`` : inStock ? sql` and p.total_stock > 0` : sql` and p.total_stock = 0`;
  }

  /**
   * The matches counted up to the cap; on the first page, the newest in-stock name matches, which are the
   * page whenever there are a page of them (what `ranked` reads first too); else, for fewer matches than
   * the cap, all of them ranked (TIERS) in one statement instead of a page and a count per tier half.
   * Separate statements: FTS5 does a query's work when its scan starts, so a part of one statement
   * guarded by a condition would still read its words.
   */
  async countPage(m: Match, cap: number, limit: number, offset: number): Promise<{ count: number; ids: number[] | null }> {
    const count = await this.countIn(m, null, cap);
    if (count === 0) return { count, ids: [] };
    if (offset === 0) {
      const newest = await this.page({ groups: m.groups, all: m.all, field: 'name' }, true, limit, 0);
      if (newest.length === limit) return { count, ids: newest };
    }
    if (count >= cap) return { count, ids: null };
    const of = (field: Field) => sql`(select rowid from products_search where products_search match ${this.expr({ ...m, field })})`;
    const r = await sql<{ id: number }>`
      select m.rowid as id from products_search m cross join products p on p.id = m.rowid
      where m.products_search match ${this.expr(m)}
      order by case when m.rowid in ${of('name')} then 0 when m.rowid in ${of('nameBrand')} then 1 else 2 end,
        p.total_stock > 0 desc, m.rowid desc
      limit ${limit} offset ${offset}`.execute(this.db);
    return { count, ids: r.rows.map((row) => row.id) };
  }

  async ranked(m: Match, limit: number, offset: number): Promise<number[]> {
    const half: TierHalf = {
      page: (x, inStock, n, skip) => this.page(x, inStock, n, skip),
      count: (x, inStock, cap) => this.countIn(x, inStock, cap),
    };
    return (await tieredPage(half, m, TIERS, limit, offset)).ids;
  }

  private async countIn(m: Match, inStock: boolean | null, cap: number): Promise<number> {
    const r = await sql<{ n: number }>`select count(*) as n from (
      select products_search.rowid from products_search ${inStock === null ? sql`` : sql`join products p on p.id = products_search.rowid`}
      where products_search match ${this.expr(m)}${this.stock(inStock)} limit ${cap})`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  private async page(m: Match, inStock: boolean, limit: number, offset: number): Promise<number[]> {
    const r = await sql<{
      id: number;
    }>`select products_search.rowid as id from products_search join products p on p.id = products_search.rowid
      where products_search match ${this.expr(m)}${this.stock(inStock)} order by products_search.rowid desc limit ${limit} offset ${offset}`.execute(
      this.db,
    );
    return r.rows.map((row) => row.id);
  }

  matching(m: Match): RawBuilder<number> {
    return sql<number>`(select rowid from products_search where products_search match ${this.expr(m)})`;
  }

  private partsWhere(words: string[]): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [];
    const long = words.filter(isIndexed);
    if (long.length) parts.push(sql`products_fts match ${long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ')}`);
    for (const w of words.filter((x) => !isIndexed(x))) {
      const like = `%${likeEscape(w)}%`;
      parts.push(sql`(name like ${like} escape '\\' or brand like ${like} escape '\\' or category like ${like} escape '\\')`);
    }
    return parts.length ? sql.join(parts, sql` and `) : NOTHING;
  }

  async partsCount(words: string[], cap: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (select rowid from products_fts where ${this.partsWhere(words)} limit ${cap})`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async partsPage(words: string[], ranked: boolean, limit: number, offset: number): Promise<number[]> {
    const by = ranked ? sql`bm25(products_fts, 3.0, 2.0, 1.0), rowid desc` : sql`rowid desc`;
    const r = await sql<{
      id: number;
    }>`select rowid as id from products_fts where ${this.partsWhere(words)} order by ${by} limit ${limit} offset ${offset}`.execute(
      this.db,
    );
    return r.rows.map((row) => row.id);
  }

  partsMatching(words: string[]): RawBuilder<number> {
    return sql<number>`(select rowid from products_fts where ${this.partsWhere(words)})`;
  }
}

/** PostgreSQL: `search_tsv` of `search_words` (GIN; migration 010); `search_doc` substrings (pg_trgm GIN) for parts of words (migration 004). */
class PostgresSearch implements Search {
  constructor(private readonly db: Kysely<Database>) {}

  /** The tsquery: quoted lexemes (letters and digits, with their field tags). */
  private query(m: Match): string {
    const of = (field: Field) =>
      m.groups
        .map((alts) => `(${alts.map((a) => `'${FIELD_TAGS[field]}${a.replace(/['\\]/g, '')}'`).join(' | ')})`)
        .join(m.all ? ' & ' : ' | ');
    return m.except ? `(${of(m.field)}) & !(${of(m.except)})` : of(m.field);
  }

  private where(m: Match, inStock: boolean | null, alias = 'p') {
    const stock =
      inStock === null
        ? sql``
        : inStock
          ? sql` and ${sql.ref(`${alias}.total_stock`)} > 0`
          : sql` and ${sql.ref(`${alias}.total_stock`)} = 0`;
    return sql`${sql.ref(`${alias}.search_tsv`)} @@ ${this.query(m)}::tsquery${stock}`;
  }

  /**
   * Runs `work` with the planner kept to the GIN index (bitmap scans): for a search's count, or a tier
   * too small to be found quickly by walking the newest products. Left to itself the planner estimates
   * a query of two common words as common, walks the primary key from the newest and, when the words
   * never meet (a tier that is empty), reads every product (160 ms at 200,000).
   */
  private bitmaps<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(trx);
      return work(trx);
    });
  }

  private async countIn(db: Kysely<Database>, m: Match, inStock: boolean | null, cap: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from products p where ${this.where(m, inStock)} limit ${cap}) x`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * The matches among the newest PROBE products, in stock first, newest first: what the words' density
   * is, at the same cost for any words, and often the first page itself.
   */
  private async probe(m: Match): Promise<{ id: number; in_stock: boolean }[]> {
    const r = await sql<{ id: number; in_stock: boolean }>`select r.id, r.total_stock > 0 as in_stock
      from (select p.id, p.total_stock, p.search_tsv from products p order by p.id desc limit ${PROBE}) r
      where r.search_tsv @@ ${this.query(m)}::tsquery order by r.total_stock > 0 desc, r.id desc`.execute(this.db);
    return r.rows;
  }

  /**
   * One call of `products_search_page` (migration 029): dense words (DENSE_PROBE of the newest PROBE) are
   * counted by walking the newest products, whose in-stock name matches are often the first page; sparse
   * ones are read once from the GIN index, at most SPARSE_BOUND, counted and ranked from that one read.
   */
  async countPage(m: Match, cap: number, limit: number, offset: number): Promise<{ count: number; ids: number[] | null }> {
    const name = this.query({ groups: m.groups, all: m.all, field: 'name' });
    const nameBrand = this.query({ groups: m.groups, all: m.all, field: 'nameBrand' });
    const r = await sql<{ matches: number; page: number[] | null }>`select matches, page from products_search_page(
      ${this.query(m)}::tsquery, ${name}::tsquery, ${nameBrand}::tsquery,
      ${PROBE}, ${DENSE_PROBE}, ${SPARSE_BOUND}, ${cap}, ${limit}, ${offset})`.execute(this.db);
    const row = r.rows[0];
    return { count: Number(row?.matches ?? 0), ids: row?.page ?? null };
  }

  /**
   * Each tier: on the first page, when the newest products hold enough of its in-stock matches, those are
   * its first results. Otherwise it is counted through the GIN index (up to DENSE_TIER): an empty tier costs
   * nothing more, a small one is read whole through the index and sorted (in stock first, newest first),
   * a large one is read by walking the newest products, which finds a page after a few hundred.
   */
  async ranked(m: Match, limit: number, offset: number): Promise<number[]> {
    const ids: number[] = [];
    let skip = offset;
    for (const tier of TIERS) {
      if (ids.length >= limit) break;
      const part = { ...m, ...tier };
      const need = limit - ids.length;
      if (skip === 0) {
        const newest = (await this.probe(part)).filter((row) => row.in_stock);
        if (newest.length >= need) {
          ids.push(...newest.slice(0, need).map((row) => row.id));
          break;
        }
      }
      const size = await this.bitmaps((db) => this.countIn(db, part, null, DENSE_TIER));
      if (size === 0) continue;
      if (size < DENSE_TIER) {
        if (skip >= size) {
          skip -= size;
          continue;
        }
        const r = await this.bitmaps((db) =>
          sql<{
            id: number;
          }>`select p.id from products p where ${this.where(part, null)} order by p.total_stock > 0 desc, p.id desc limit ${need} offset ${skip}`.execute(
            db,
          ),
        );
        ids.push(...r.rows.map((row) => row.id));
        skip = 0;
        continue;
      }
      const half: TierHalf = {
        page: (x, inStock, n, from) => this.page(x, inStock, n, from),
        count: (x, inStock, cap) => this.countIn(this.db, x, inStock, cap),
      };
      const more = await tieredPage(half, part, [tier], need, skip);
      ids.push(...more.ids);
      skip = more.skip;
    }
    return ids;
  }

  private async page(m: Match, inStock: boolean, limit: number, offset: number): Promise<number[]> {
    const r = await sql<{
      id: number;
    }>`select p.id from products p where ${this.where(m, inStock)} order by p.id desc limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  matching(m: Match): RawBuilder<number> {
    return sql<number>`(select s.id from products s where ${this.where(m, null, 's')})`;
  }

  private partsWhere(words: string[], alias: string): RawBuilder<unknown> {
    return sql.join(
      words.map((w) => sql`${sql.ref(`${alias}.search_doc`)} like ${`%${likeEscape(w)}%`} escape '\\'`),
      sql` and `,
    );
  }

  async partsCount(words: string[], cap: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from products p where ${this.partsWhere(words, 'p')} limit ${cap}) x`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async partsPage(words: string[], ranked: boolean, limit: number, offset: number): Promise<number[]> {
    const by = ranked ? sql`similarity(p.search_doc, ${words.join(' ')}) desc, p.id desc` : sql`p.id desc`;
    const r = await sql<{
      id: number;
    }>`select p.id from products p where ${this.partsWhere(words, 'p')} order by ${by} limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  partsMatching(words: string[]): RawBuilder<number> {
    return sql<number>`(select s.id from products s where ${this.partsWhere(words, 's')})`;
  }
}

/**
 * What a search is answered with (issue 36), in order: all its words; all its words with misspelt ones
 * corrected (only when the typed words find nothing); any of its words, ranked (partial); parts of words.
 * `count` is bounded: at most LIST_TOTAL_CAP + 1.
 */
type Resolved =
  | { kind: 'words'; match: Match; count: number; corrected?: string }
  | { kind: 'parts'; words: string[]; count: number }
  | { kind: 'none'; count: 0 };

export function toVariation(v: Selectable<VariationTable>): Variation {
  return { id: v.id, product_variation: v.label, final_price: money(v.price), mrp: money(v.mrp), stock: v.stock };
}

/** First in-stock variation, else the first: the one whose price the product shows (docs/api-contract.md). */
export function defaultVariation<T extends { stock: number }>(variations: T[]): T | undefined {
  return variations.find((v) => v.stock > 0) ?? variations[0];
}

/** A product's picture URLs, cover first: the owner's (`images`) when set, else the generated ones. */
export function productImages(slug: string, count: number, own?: string | null): string[] {
  return productPictureUrls(slug, count, own);
}

function toProduct(row: ProductRow, variations: Selectable<VariationTable>[]): Product {
  const images = productImages(row.slug, row.image_count, row.images);
  return {
    id: row.id,
    product_id: row.id,
    retailer_product_id: row.id,
    slug: row.slug,
    product_name: row.name,
    description: row.description,
    brand: row.brand,
    sub_category_id: row.category_id,
    sub_category_name: row.category_name,
    cover_image: images[0] ?? null,
    product_images: images.join(','),
    final_price: money(row.display_price),
    mrp: money(row.display_mrp),
    in_stock: row.total_stock > 0,
    stock: row.total_stock,
    retailer_id: row.retailer_id,
    wholesaler_id: row.wholesaler_id,
    sub_category_variation: variations.map((v) => v.label).join(', '),
    variations: variations.map(toVariation),
    created_at: row.created_at,
  };
}

export class CatalogRepository {
  /**
   * `cache` serves the hot catalogue reads (list, details, home lists, list totals) from memory; the stock
   * writes below record what they changed (`refreshProducts`). One cache is shared by the app's
   * repositories and those of its transactions.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: CatalogCache = new CatalogCache({ maxEntries: 0, maxCounts: 0, ttlMs: 0 }),
  ) {
    this.postgres = isPostgres(db);
    this.search = this.postgres ? new PostgresSearch(db) : new SqliteSearch(db);
  }

  private readonly postgres: boolean;

  private readonly search: Search;

  storeInfo(): Promise<StoreInfoFields | null> {
    return this.cache.through('store-info', 0, () => this.loadStoreInfo());
  }

  private async loadStoreInfo(): Promise<StoreInfoFields | null> {
    const r = await this.db.selectFrom('store_info').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!r) return null;
    return {
      store_name: r.store_name,
      logo: r.logo,
      email: r.email,
      mobile_no: r.mobile_no,
      store_time: r.store_time,
      offer_text: r.offer_text,
      facebook_url: r.facebook_url,
      instagram_url: r.instagram_url,
      twitter_url: r.twitter_url,
      fontFamily: r.font_family,
      backgroundColor: r.background_color,
      buttonBackgroundColor: r.button_background_color,
      topHeaderBackgroundColor: r.top_header_background_color,
      headerBackgroundColor: r.header_background_color,
      footerBackgroundColor: r.footer_background_color,
      bottomFooterBackgroundColor: r.bottom_footer_background_color,
      bannerType: r.banner_type,
      categoryLayout: r.category_layout,
    };
  }

  categories(): Promise<Category[]> {
    return this.cache.through('categories', 0, () => this.loadCategories());
  }

  private async loadCategories(): Promise<Category[]> {
    const rows = await this.db
      .selectFrom('categories as c')
      .leftJoin('products as p', (j) => j.onRef('p.category_id', '=', 'c.id').on('p.hidden', '=', 0))
      .select(['c.id', 'c.name', 'c.slug', (eb) => eb.fn.count<number>('p.id').as('product_count')])
      .groupBy(['c.id', 'c.name', 'c.slug', 'c.sort_order'])
      .orderBy('c.sort_order')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      image: imageUrl.category(r.slug),
      product_count: Number(r.product_count),
    }));
  }

  /** Name and picture count of a product, for its generated images. */
  productImageInfo(slug: string) {
    return this.db.selectFrom('products').select(['name', 'image_count']).where('slug', '=', slug).executeTakeFirst();
  }

  categoryBySlug(slug: string) {
    return this.db.selectFrom('categories').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst();
  }

  async categoryExists(id: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** The distinct size labels of each category, in the order they first appear (spec §3 productVariations). */
  async subcategoryVariations(ids: number[]): Promise<{ sub_category_id: number; sub_category_variation: string }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('variations as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['p.category_id', 'v.label'])
      .where('p.category_id', 'in', ids)
      .where('p.hidden', '=', 0)
      .orderBy('p.category_id')
      .orderBy('v.sort_order')
      .orderBy('v.id')
      .execute();
    const byCategory = new Map<number, string[]>();
    for (const id of ids) byCategory.set(id, []);
    for (const r of rows) {
      const labels = byCategory.get(r.category_id);
      if (labels && !labels.includes(r.label)) labels.push(r.label);
    }
    return [...byCategory].map(([id, labels]) => ({ sub_category_id: id, sub_category_variation: labels.join(', ') }));
  }

  /**
   * Products with their category name, and on PostgreSQL their variations (in display order) as a JSON
   * array in the same query: one round trip per read instead of two. There each round trip is a network
   * exchange and a backend wake-up, about a sixth of an API process's time per catalogue read (issue 16's
   * profile). SQLite runs in the process: a second query costs less than building and parsing the JSON
   * (8-15 % more CPU per read when measured), so it keeps two.
   */
  private baseProducts() {
    const rows = this.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select('c.name as category_name');
    if (!this.postgres) return rows;
    return rows.select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('variations as v')
          .select(['v.id', 'v.product_id', 'v.label', 'v.price', 'v.mrp', 'v.stock', 'v.sort_order'])
          .whereRef('v.product_id', '=', 'p.id')
          .orderBy('v.sort_order')
          .orderBy('v.id'),
      ).as('variations'),
    );
  }

  /** The products of these rows: their variations came with them (PostgreSQL) or are read now (SQLite). */
  private async withVariations(rows: (ProductRow & { variations?: Selectable<VariationTable>[] })[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    if (this.postgres) return rows.map(({ variations, ...row }) => toProduct(row, variations ?? []));
    const variations = await this.db
      .selectFrom('variations')
      .selectAll()
      .where(
        'product_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('product_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const byProduct = new Map<number, Selectable<VariationTable>[]>();
    for (const v of variations) {
      const list = byProduct.get(v.product_id);
      if (list) list.push(v);
      else byProduct.set(v.product_id, [v]);
    }
    return rows.map((r) => toProduct(r, byProduct.get(r.id) ?? []));
  }

  listProducts(q: ProductQuery): Promise<ProductPage> {
    return this.cache.through(
      `list:${JSON.stringify(q)}`,
      listKinds(q),
      () => this.loadProducts(q),
      (page) => page.products.map((p) => p.id),
    );
  }

  /** The spec §3 filters other than search, on `products as p`; hidden products (issue 38) are never listed. */
  private filtered(q: ProductQuery) {
    let query = this.db.selectFrom('products as p').where('p.hidden', '=', 0);
    if (q.subCategories?.length) query = query.where('p.category_id', 'in', q.subCategories);
    if (q.productIds?.length) query = query.where('p.id', 'in', q.productIds);
    if (q.minPrice !== undefined) query = query.where('p.display_price', '>=', q.minPrice);
    if (q.maxPrice !== undefined) query = query.where('p.display_price', '<=', q.maxPrice);
    // Both stock flags (or neither) mean every product; one of them narrows the list.
    if (q.inStock && !q.outOfStock) query = query.where('p.total_stock', '>', 0);
    if (q.outOfStock && !q.inStock) query = query.where('p.total_stock', '=', 0);
    if (q.sizes?.length) {
      const sizes = q.sizes;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('variations as v').select('v.id').whereRef('v.product_id', '=', 'p.id').where('v.label', 'in', sizes)),
      );
    }
    return query;
  }

  /** The shop's synonyms (migration 010), read again after a catalogue change (`search synonyms` records one). */
  private synonyms(): Promise<Synonyms> {
    return this.cache.lasting('search:synonyms', async () =>
      buildSynonyms(await this.db.selectFrom('search_synonyms').select(['kind', 'words']).orderBy('id').execute()),
    );
  }

  /**
   * How a search is answered (`Resolved`), kept per search text like a list total; with it, when this call
   * worked it out and the same read told it, the page of ids from `offset` (a kept answer has none: the
   * page is read afresh, in stock first as the stock is now).
   */
  private async resolveSearch(text: string, offset: number): Promise<{ found: Resolved; ids: number[] | null }> {
    let ids: number[] | null = null;
    const found = await this.cache.lasting(`search:${text}`, async () => {
      const loaded = await this.loadResolved(text, offset);
      ids = loaded.ids;
      return loaded.found;
    });
    return { found, ids };
  }

  private async loadResolved(text: string, offset: number): Promise<{ found: Resolved; ids: number[] | null }> {
    const none = { found: { kind: 'none', count: 0 } as const, ids: null };
    const synonyms = await this.synonyms();
    const plan = planSearch(text, synonyms);
    if (plan.groups.length === 0) return none;
    const cap = LIST_TOTAL_CAP + 1;
    const counted = (m: Match) => this.search.countPage(m, cap, PER_PAGE, offset);
    const counts = await this.wordCounts(plan.groups.flatMap((g) => g.alternatives));
    const held = (g: SearchGroup) => g.alternatives.reduce((sum, a) => sum + (counts.get(a) ?? 0), 0);
    // The rarest word first: an index intersects several words fastest from the shortest list.
    const every = (p: SearchPlan): Match => ({
      groups: [...p.groups].sort((a, b) => held(a) - held(b)).map((g) => g.alternatives),
      all: true,
      field: 'any',
    });
    const exact = every(plan);
    // A word no product holds: all the words cannot match, and the index need not be asked.
    const found = plan.groups.some((g) => held(g) === 0) ? null : await counted(exact);
    if (found && found.count > 0) return { found: { kind: 'words', match: exact, count: found.count }, ids: found.ids };
    // Spelling tolerance, only now that the typed words found nothing.
    const fixes = await this.corrections(plan, synonyms, counts);
    const fixed = fixes.size ? replaceWords(plan, fixes, synonyms) : plan;
    const corrected = fixes.size ? { corrected: correctedText(text, fixes) } : {};
    if (fixes.size) {
      const match = every(fixed);
      const { count, ids } = await counted(match);
      if (count > 0) return { found: { kind: 'words', match, count, ...corrected }, ids };
    }
    if (fixed.groups.length > 1) {
      const match: Match = { ...every(fixed), all: false };
      const { count, ids } = await counted(match);
      if (count > 0) return { found: { kind: 'words', match, count, ...corrected }, ids };
    }
    // Parts of words ("atch"): the words as typed, lower case.
    const parts = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    const count = parts.length ? await this.search.partsCount(parts, cap) : 0;
    return count > 0 ? { found: { kind: 'parts', words: parts, count }, ids: null } : none;
  }

  /**
   * Misspelt words (4+ letters, not in the catalogue's word list, no synonym of theirs in it) → the first
   * word one edit away that the list or the synonyms hold.
   */
  private async corrections(plan: SearchPlan, synonyms: Synonyms, known: ReadonlyMap<string, number>): Promise<Map<string, string>> {
    const fixes = new Map<string, string>();
    const groups = plan.groups.filter((g) => correctable(g.word));
    if (groups.length === 0) return fixes;
    const misspelt = groups.filter((g) => !g.alternatives.some((a) => known.has(a)));
    if (misspelt.length === 0) return fixes;
    const candidates = new Map(misspelt.map((g) => [g.word, oneEditAway(g.word)]));
    const found = await this.wordCounts([...new Set([...candidates.values()].flat())]);
    for (const [word, list] of candidates) {
      const best = list.find((c) => found.has(c) || synonyms.has(c));
      if (best !== undefined) fixes.set(word, best);
    }
    return fixes;
  }

  /**
   * The catalogue's word list (`search_terms`: word → how many products hold it), kept like the synonyms
   * until the catalogue changes: a few thousand words even for a large shop, looked up many times a search.
   */
  private vocabulary(): Promise<ReadonlyMap<string, number>> {
    return this.cache.lasting('search:words', async () => {
      const rows = await this.db.selectFrom('search_terms').select(['term', 'products']).where('products', '>', 0).execute();
      return new Map(rows.map((r) => [r.term, r.products]));
    });
  }

  /** How many products hold each of these words (words no product holds are absent). */
  private async wordCounts(list: string[]): Promise<Map<string, number>> {
    const all = await this.vocabulary();
    return new Map(list.flatMap((w) => (all.has(w) ? [[w, all.get(w) ?? 0] as const] : [])));
  }

  private searchMatching(found: Resolved): RawBuilder<number> {
    if (found.kind === 'words') return this.search.matching(found.match);
    if (found.kind === 'parts') return this.search.partsMatching(found.words);
    return sql<number>`(select 0 where ${NOTHING})`;
  }

  /**
   * One page. A search alone: ranked (`Search.ranked`). Otherwise the ids of the page from the index that
   * serves the filter and sort (a deep page skips index entries, not rows), and those 12 rows. Totals are
   * counted up to LIST_TOTAL_CAP + 1 and kept per filter (`cache.count`).
   */
  private async loadProducts(q: ProductQuery): Promise<ProductPage> {
    const offset = (q.page - 1) * PER_PAGE;
    const { page: _page, sortBy: _sort, search, ...rest } = q;
    const onlySearch = search !== undefined && Object.values(rest).every((v) => v === undefined);
    const resolved = search === undefined ? null : await this.resolveSearch(search, offset);
    const found = resolved?.found ?? null;
    let counted: number;
    let products: Product[];
    if (found && onlySearch) {
      counted = found.count;
      const capped = counted > LIST_TOTAL_CAP;
      let ids: number[] = [];
      if (found.kind === 'words') ids = resolved?.ids ?? (await this.search.ranked(found.match, PER_PAGE, offset));
      else if (found.kind === 'parts' && (capped || offset < counted))
        ids = await this.search.partsPage(found.words, !capped, PER_PAGE, offset);
      products = await this.byIdsInOrder(ids);
    } else {
      let query = this.filtered(q);
      if (found) query = query.where('p.id', 'in', this.searchMatching(found));
      const { page: _p, sortBy: _s, ...filter } = q;
      counted = await this.cache.count(`count:${JSON.stringify(filter)}`, listKinds(q), async () => {
        const row = await this.db
          .selectFrom(
            query
              .select('p.id')
              .limit(LIST_TOTAL_CAP + 1)
              .as('x'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      });
      const [column, direction] = SORTS[q.sortBy ?? 'newest'];
      // One query: the page's ids from the index (a subquery: a deep page skips index entries, not rows),
      // then those rows, in the same order.
      const pageIds = query.select('p.id').orderBy(`p.${column}`, direction).orderBy('p.id', direction).limit(PER_PAGE).offset(offset);
      products =
        counted <= LIST_TOTAL_CAP && offset >= counted
          ? []
          : await this.withVariations(
              await this.baseProducts().where('p.id', 'in', pageIds).orderBy(`p.${column}`, direction).orderBy('p.id', direction).execute(),
            );
    }
    const capped = counted > LIST_TOTAL_CAP;
    const total = Math.min(counted, LIST_TOTAL_CAP);
    const page: ProductPage = {
      products,
      total,
      page: q.page,
      per_page: PER_PAGE,
      last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
      total_capped: capped,
    };
    if (found?.kind === 'words' && found.corrected !== undefined) page.showing_results_for = found.corrected;
    return page;
  }

  /** Products with their variations, in the order of `ids`; a hidden one is left out (search's ranked ids). */
  private async byIdsInOrder(ids: number[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const rows = await this.baseProducts().where('p.id', 'in', ids).where('p.hidden', '=', 0).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return this.withVariations(ids.flatMap((id) => byId.get(id) ?? []));
  }

  productBySlug(slug: string): Promise<Product | null> {
    return this.cache.through(
      `slug:${slug}`,
      0,
      () => this.loadBySlug(slug),
      (p) => (p ? [p.id] : []),
    );
  }

  private async loadBySlug(slug: string): Promise<Product | null> {
    // A hidden product's page is not found for shoppers (issue 38); the back office reads it elsewhere.
    const row = await this.baseProducts().where('p.slug', '=', slug).where('p.hidden', '=', 0).executeTakeFirst();
    if (!row) return null;
    const [product] = await this.withVariations([row]);
    return product ?? null;
  }

  async productsByIds(ids: number[]): Promise<Map<number, Product>> {
    if (ids.length === 0) return new Map();
    const rows = await this.baseProducts().where('p.id', 'in', ids).execute();
    const products = await this.withVariations(rows);
    return new Map(products.map((p) => [p.id, p]));
  }

  newArrivals(limit: number): Promise<Product[]> {
    return this.cache.through(
      `new:${limit}`,
      0,
      async () => {
        const rows = await this.baseProducts()
          .where('p.hidden', '=', 0)
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(limit)
          .execute();
        return this.withVariations(rows);
      },
      ids,
    );
  }

  featured(limit: number): Promise<Product[]> {
    // Ordered by stock: any stock change may reorder it.
    return this.cache.through(
      `featured:${limit}`,
      CHANGE.STOCK | CHANGE.AVAILABILITY,
      async () => {
        const rows = await this.baseProducts()
          .where('p.featured', '=', 1)
          .where('p.hidden', '=', 0)
          .orderBy('p.total_stock', 'desc')
          .orderBy('p.id')
          .limit(limit)
          .execute();
        return this.withVariations(rows);
      },
      ids,
    );
  }

  /**
   * The newest logged change of the catalogue's shape (products added, removed or renamed: the sitemap's
   * content), or null when the log (an hour of it) holds none. Stock and price changes do not count.
   */
  async shapeVersion(): Promise<number | null> {
    const row = await this.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .where((eb) => eb.or([eb('product_id', 'is', null), eb(sql<number>`kind & ${CHANGE.ALL}`, '<>', 0)]))
      .executeTakeFirst();
    return row?.id === null || row?.id === undefined ? null : Number(row.id);
  }

  /**
   * The newest entry of the change log (0 when it holds none): anything that shows catalogue data
   * outside this process (the host's render cache) keys on it, so any change makes it read again.
   */
  async changeHead(): Promise<number> {
    const row = await this.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
  }

  /** Product slugs in id order, `limit` from `offset` (the sitemap's ranged read). */
  async productSlugs(offset: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('slug')
      .where('hidden', '=', 0)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.slug);
  }

  async productCount(): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hidden', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Sets a product's own pictures (ids, cover first), or back to the generated ones with null. False: no such product. */
  async setProductPictures(slug: string, ids: string[] | null): Promise<boolean> {
    const row = await this.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!row) return false;
    await this.db
      .updateTable('products')
      .set({ images: ids?.length ? ids.join(',') : null })
      .where('id', '=', row.id)
      .execute();
    // Only the entries that show this product change (kind 0: no list depends on a product's pictures),
    // in this process at once and in every other one through the change log.
    await this.recordChanges([{ product_id: row.id, kind: 0 }]);
    return true;
  }

  async productExists(id: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** A variation with what a cart line needs of its product. */
  async variationWithProduct(variationId: number) {
    return this.db
      .selectFrom('variations as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'v.id as variation_id',
        'v.label',
        'v.price',
        'v.mrp',
        'v.stock',
        'p.id as product_id',
        'p.slug',
        'p.name',
        'p.image_count',
        'p.retailer_id',
        'p.wholesaler_id',
      ])
      .where('v.id', '=', variationId)
      .executeTakeFirst();
  }

  /**
   * Takes `quantity` from a variation's stock only if that much is left; false otherwise. The condition in
   * the UPDATE is what keeps concurrent checkouts from overselling on any database. Call
   * `refreshProducts` after the stock writes of a transaction: it records the change for the caches.
   */
  async takeStock(variationId: number, quantity: number): Promise<boolean> {
    const res = await this.db
      .updateTable('variations')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', variationId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async returnStock(variationId: number, quantity: number): Promise<void> {
    await this.db
      .updateTable('variations')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', variationId)
      .execute();
  }

  /**
   * Recomputes the denormalised price and stock columns of products after their variations changed, and
   * records what changed for every API process's cache (lib/cache.ts). On PostgreSQL the product rows are
   * locked first (in id order, so two checkouts cannot deadlock): the variations read next then include
   * every committed stock change, and two transactions cannot write each other's stale totals.
   */
  async refreshProducts(productIds: number[]): Promise<void> {
    const unique = [...new Set(productIds)].sort((a, b) => a - b);
    if (unique.length === 0) return;
    const before = await this.lockProducts(unique);
    const variations = await this.db
      .selectFrom('variations')
      .selectAll()
      .where('product_id', 'in', unique)
      .orderBy('product_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const changes: { product_id: number; kind: number }[] = [];
    for (const id of unique) {
      const list = variations.filter((v) => v.product_id === id);
      const shown = defaultVariation(list);
      const next = {
        display_price: shown?.price ?? 0,
        display_mrp: shown?.mrp ?? 0,
        total_stock: list.reduce((sum, v) => sum + v.stock, 0),
      };
      const old = before.get(id);
      let kind: number = CHANGE.STOCK;
      if (!old || old.display_price !== next.display_price || old.display_mrp !== next.display_mrp) kind |= CHANGE.PRICE;
      if (!old || old.total_stock > 0 !== next.total_stock > 0) kind |= CHANGE.AVAILABILITY;
      if (old && old.total_stock === next.total_stock && !(kind & (CHANGE.PRICE | CHANGE.AVAILABILITY))) continue;
      await this.db.updateTable('products').set(next).where('id', '=', id).execute();
      changes.push({ product_id: id, kind });
    }
    await this.recordChanges(changes);
  }

  /**
   * The products' current price and stock columns, locked for this transaction on PostgreSQL; in the
   * mode that lets cart inserts' foreign-key checks (`FOR KEY SHARE`) through (see carts.listForCheckout).
   */
  private async lockProducts(ids: number[]) {
    let query = this.db
      .selectFrom('products')
      .select(['id', 'display_price', 'display_mrp', 'total_stock'])
      .where('id', 'in', ids)
      .orderBy('id');
    if (isPostgres(this.db)) query = query.forNoKeyUpdate();
    return new Map((await query.execute()).map((r) => [r.id, r]));
  }

  /** Writes catalogue changes to the log every process reads, and drops them from this process's cache. */
  async recordChanges(changes: { product_id: number | null; kind: number }[]): Promise<void> {
    if (changes.length === 0) return;
    const at = new Date().toISOString();
    await this.db
      .insertInto('catalog_changes')
      .values(changes.map((c) => ({ ...c, created_at: at })))
      .execute();
    this.cache.invalidate(changes);
    // The log only has to outlive the caches' entries (CATALOG_CACHE_TTL_MS): keep an hour of it.
    if (Math.random() < 0.01) {
      await this.db
        .deleteFrom('catalog_changes')
        .where('created_at', '<', new Date(Date.now() - 3_600_000).toISOString())
        .execute();
    }
  }

  /** The change log after `afterId` (or only its newest entry), for lib/cache.ts. */
  async changesSince(afterId: number | null, limit: number): Promise<CatalogChange[]> {
    const query = this.db.selectFrom('catalog_changes').select(['id', 'product_id', 'kind']);
    if (afterId === null) return query.orderBy('id', 'desc').limit(1).execute();
    return query.where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }
}
