import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, ProductTable, VariationTable } from '../schema';
import type { Category, Product, ProductPage, StoreInfoFields, Variation } from '@storefront/contract';
import { imageUrl, productPictureUrls } from '../../lib/images';
import { money } from '../../lib/money';
import { CHANGE, CatalogCache, type CatalogChange } from '../../lib/cache';
import { isPostgres } from '../database';

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
  /** Lower-case words that must all occur in name, brand, category or description. */
  searchWords?: string[];
  page: number;
}

type ProductRow = Selectable<ProductTable> & { category_name: string };

/** Escapes LIKE wildcards; used with `escape '\'`, which SQLite and PostgreSQL both understand. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search results are ranked (name above brand above category) while there are at most this many; a
 * broader search (one word of a whole category, say) lists newest first, read straight from the index
 * rather than ranking tens of thousands of equal matches on every page.
 */
export const RANK_LIMIT = 1000;

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
 * How search matches. 'words': every word of the search is the beginning of a word of the name, brand
 * or category (a word index: SQLite FTS5 unicode61, PostgreSQL tsvector + GIN). 'parts': every word occurs
 * anywhere in them (a trigram index: FTS5 trigram, pg_trgm), what the LIKE search did; used when the
 * words find nothing (a part of a word, "atch" for "watch").
 */
export type SearchMode = 'words' | 'parts';

/** The letters-and-digits runs of the search words: what the word indexes hold. */
const tokensOf = (words: string[]) => words.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);

/** Words shorter than three letters cannot use a trigram index: they only narrow what the others found. */
const MIN_INDEXED = 3;

interface Search {
  /** How many products match every word. */
  count(words: string[], mode: SearchMode): Promise<number>;
  /** One page of matching ids, ranked or newest (highest id) first. */
  page(words: string[], mode: SearchMode, order: 'rank' | 'newest', limit: number, offset: number): Promise<number[]>;
  /** A subquery of the matching ids, to combine with the other filters (`p.id in …`). */
  matching(words: string[], mode: SearchMode): RawBuilder<number>;
}

const isIndexed = (word: string) => [...word].length >= MIN_INDEXED;
const NOTHING = sql`0 = 1`;

/** SQLite: FTS5 tables `products_words` (unicode61, prefix indexes of 2–6 characters, migration 006) and `products_fts` (trigram), migration 004. */
class SqliteSearch implements Search {
  constructor(private readonly db: Kysely<Database>) {}

  private from(mode: SearchMode) {
    return sql.table(mode === 'words' ? 'products_words' : 'products_fts');
  }

  private where(words: string[], mode: SearchMode): RawBuilder<unknown> {
    if (mode === 'words') {
      const tokens = tokensOf(words);
      // Letters and digits only, quoted: the MATCH text cannot be malformed. `"x"*`: a word beginning with x.
      return tokens.length ? sql`products_words match ${tokens.map((t) => `"${t}"*`).join(' ')}` : NOTHING;
    }
    const parts: RawBuilder<unknown>[] = [];
    const long = words.filter(isIndexed);
    if (long.length) parts.push(sql`products_fts match ${long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ')}`);
    for (const w of words.filter((x) => !isIndexed(x))) {
      const like = `%${likeEscape(w)}%`;
      parts.push(sql`(name like ${like} escape '\\' or brand like ${like} escape '\\' or category like ${like} escape '\\')`);
    }
    return parts.length ? sql.join(parts, sql` and `) : NOTHING;
  }

  async count(words: string[], mode: SearchMode): Promise<number> {
    const r = await sql<{ n: number }>`select count(*) as n from ${this.from(mode)} where ${this.where(words, mode)}`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async page(words: string[], mode: SearchMode, order: 'rank' | 'newest', limit: number, offset: number): Promise<number[]> {
    const table = this.from(mode);
    const by = order === 'rank' ? sql`bm25(${table}, 3.0, 2.0, 1.0), rowid desc` : sql`rowid desc`;
    const r = await sql<{
      id: number;
    }>`select rowid as id from ${table} where ${this.where(words, mode)} order by ${by} limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  matching(words: string[], mode: SearchMode): RawBuilder<number> {
    return sql<number>`(select rowid from ${this.from(mode)} where ${this.where(words, mode)})`;
  }
}

/**
 * PostgreSQL: words against the weighted `search_tsv` (GIN), ranked by ts_rank; parts as substrings of
 * `search_doc`, the lower-case name, brand and category (pg_trgm GIN). Migration 004.
 */
class PostgresSearch implements Search {
  constructor(private readonly db: Kysely<Database>) {}

  private where(words: string[], mode: SearchMode, alias: string): RawBuilder<unknown> {
    if (mode === 'words') {
      const tokens = tokensOf(words);
      return tokens.length
        ? sql`${sql.ref(`${alias}.search_tsv`)} @@ to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`
        : NOTHING;
    }
    return sql.join(
      words.map((w) => sql`${sql.ref(`${alias}.search_doc`)} like ${`%${likeEscape(w)}%`} escape '\\'`),
      sql` and `,
    );
  }

  async count(words: string[], mode: SearchMode): Promise<number> {
    const r = await sql<{ n: number }>`select count(*) as n from products p where ${this.where(words, mode, 'p')}`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async page(words: string[], mode: SearchMode, order: 'rank' | 'newest', limit: number, offset: number): Promise<number[]> {
    const tokens = tokensOf(words);
    const by =
      order === 'rank' && tokens.length
        ? sql`ts_rank(p.search_tsv, to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' | ')})) desc, p.id desc`
        : sql`p.id desc`;
    const r = await sql<{
      id: number;
    }>`select p.id from products p where ${this.where(words, mode, 'p')} order by ${by} limit ${limit} offset ${offset}`.execute(this.db);
    return r.rows.map((row) => row.id);
  }

  matching(words: string[], mode: SearchMode): RawBuilder<number> {
    return sql<number>`(select s.id from products s where ${this.where(words, mode, 's')})`;
  }
}

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
      .leftJoin('products as p', 'p.category_id', 'c.id')
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

  /** The spec §3 filters other than search, on `products as p`. */
  private filtered(q: ProductQuery) {
    let query = this.db.selectFrom('products as p');
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

  /**
   * One page: the ids of the page from the index that serves the filter and sort (a deep page skips index
   * entries, not rows), and those 12 rows. The total is counted once per filter (`cache.count`).
   */
  private async loadProducts(q: ProductQuery): Promise<ProductPage> {
    const offset = (q.page - 1) * PER_PAGE;
    const words = q.searchWords ?? [];
    const onlySearch =
      words.length > 0 &&
      !q.subCategories?.length &&
      !q.productIds?.length &&
      q.minPrice === undefined &&
      q.maxPrice === undefined &&
      !q.inStock &&
      !q.outOfStock &&
      !q.sizes?.length;
    const { page: _page, sortBy: _sort, ...filter } = q;
    let total: number;
    let products: Product[];
    const countKey = JSON.stringify(filter);
    // Search: by word beginnings; by parts of words only when the words find nothing.
    let mode: SearchMode = 'words';
    let byWords = 0;
    if (words.length) {
      byWords = await this.cache.count(`words:${countKey}`, listKinds(q), () => this.countFiltered(q, 'words'));
      if (byWords === 0) mode = 'parts';
    }
    if (onlySearch) {
      total = mode === 'words' ? byWords : await this.cache.count(`parts:${countKey}`, 0, () => this.search.count(words, 'parts'));
      const ids = offset >= total ? [] : await this.search.page(words, mode, total <= RANK_LIMIT ? 'rank' : 'newest', PER_PAGE, offset);
      products = await this.byIdsInOrder(ids);
    } else {
      let query = this.filtered(q);
      if (words.length) query = query.where('p.id', 'in', this.search.matching(words, mode));
      total = await this.cache.count(`${mode}:${countKey}`, listKinds(q), () => this.countFiltered(q, mode));
      const [column, direction] = SORTS[q.sortBy ?? 'newest'];
      // One query: the page's ids from the index (a subquery: a deep page skips index entries, not rows),
      // then those rows, in the same order.
      const pageIds = query.select('p.id').orderBy(`p.${column}`, direction).orderBy('p.id', direction).limit(PER_PAGE).offset(offset);
      products =
        offset >= total
          ? []
          : await this.withVariations(
              await this.baseProducts().where('p.id', 'in', pageIds).orderBy(`p.${column}`, direction).orderBy('p.id', direction).execute(),
            );
    }
    const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
    return { products, total, page: q.page, per_page: PER_PAGE, last_page: lastPage };
  }

  /** The total of a filter (with its search words matched in `mode`). */
  private async countFiltered(q: ProductQuery, mode: SearchMode): Promise<number> {
    const words = q.searchWords ?? [];
    const onlySearch = words.length > 0 && Object.keys(q).every((k) => k === 'searchWords' || k === 'page' || k === 'sortBy');
    if (onlySearch) return this.search.count(words, mode);
    let query = this.filtered(q);
    if (words.length) query = query.where('p.id', 'in', this.search.matching(words, mode));
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Products with their variations, in the order of `ids`. */
  private async byIdsInOrder(ids: number[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    const rows = await this.baseProducts().where('p.id', 'in', ids).execute();
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
    const row = await this.baseProducts().where('p.slug', '=', slug).executeTakeFirst();
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
        const rows = await this.baseProducts().orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
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

  /** Product slugs in id order, `limit` from `offset` (the sitemap's ranged read). */
  async productSlugs(offset: number, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('products').select('slug').orderBy('id').limit(limit).offset(offset).execute();
    return rows.map((r) => r.slug);
  }

  async productCount(): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
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
