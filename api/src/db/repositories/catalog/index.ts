import type { Kysely } from 'kysely';
import type { Category, StoreInfoFields } from '@storefront/contract';
import type { Database } from '../../schema';
import { imageUrl } from '../../../images/urls';
import { CHANGE, CatalogCache, type CatalogChange } from '../../../lib/cache';
import { CatalogChangeLog } from './changeLog';
import { PostgresSearch } from './postgresSearch';
import { ProductLists, type ProductQuery } from './productLists';
import { CatalogTables, type ProductRecord } from './products';
import { SearchAnswers } from './searchAnswers';
import { SqliteSearch } from './sqliteSearch';
import { CatalogStock } from './stock';

export { PER_PAGE, defaultVariation, productImages } from './products';
export type { ProductRecord, VariationRow } from './products';
export type { ProductQuery, ProductRecordPage, SortBy } from './productLists';

const ids = (products: ProductRecord[]) => products.map((p) => p.id);

/**
 * The catalogue as the shop reads and writes it. Lists and search (productLists, searchAnswers over the
 * database's own index), stock writes (stock) and the change log (changeLog) live in their own files;
 * this class is the one object the rest of the API holds.
 */
export class CatalogRepository extends CatalogTables {
  private readonly lists: ProductLists;
  private readonly stock: CatalogStock;
  private readonly changes: CatalogChangeLog;

  /**
   * `cache` serves the hot catalogue reads (list, details, home lists, list totals) from memory; the stock
   * writes record what they changed (`refreshProducts`). One cache is shared by the app's repositories and
   * those of its transactions.
   */
  constructor(db: Kysely<Database>, cache: CatalogCache = new CatalogCache({ maxEntries: 0, maxCounts: 0, ttlMs: 0 })) {
    super(db, cache);
    const search = this.postgres ? new PostgresSearch(db) : new SqliteSearch(db);
    this.lists = new ProductLists(db, cache, new SearchAnswers(db, cache, search));
    this.changes = new CatalogChangeLog(db, cache);
    this.stock = new CatalogStock(db, this.changes);
  }

  listProducts(q: ProductQuery) {
    return this.lists.listProducts(q);
  }

  takeStock(variationId: number, quantity: number) {
    return this.stock.takeStock(variationId, quantity);
  }

  returnStock(variationId: number, quantity: number) {
    return this.stock.returnStock(variationId, quantity);
  }

  refreshProducts(productIds: number[]) {
    return this.stock.refreshProducts(productIds);
  }

  shapeVersion() {
    return this.changes.shapeVersion();
  }

  changeHead() {
    return this.changes.changeHead();
  }

  recordChanges(changes: { product_id: number | null; kind: number }[]) {
    return this.changes.recordChanges(changes);
  }

  changesSince(afterId: number | null, limit: number): Promise<CatalogChange[]> {
    return this.changes.changesSince(afterId, limit);
  }

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

  productBySlug(slug: string): Promise<ProductRecord | null> {
    return this.cache.through(
      `slug:${slug}`,
      0,
      () => this.loadBySlug(slug),
      (p) => (p ? [p.id] : []),
    );
  }

  private async loadBySlug(slug: string): Promise<ProductRecord | null> {
    // A hidden product's page is not found for shoppers (issue 38); the back office reads it elsewhere.
    const row = await this.baseProducts().where('p.slug', '=', slug).where('p.hidden', '=', 0).executeTakeFirst();
    if (!row) return null;
    const [product] = await this.withVariations([row]);
    return product ?? null;
  }

  async productsByIds(ids: number[]): Promise<Map<number, ProductRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await this.baseProducts().where('p.id', 'in', ids).execute();
    const products = await this.withVariations(rows);
    return new Map(products.map((p) => [p.id, p]));
  }

  newArrivals(limit: number): Promise<ProductRecord[]> {
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

  featured(limit: number): Promise<ProductRecord[]> {
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
    await this.changes.recordChanges([{ product_id: row.id, kind: 0 }]);
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
}
