import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductTable, VariationTable } from '../schema';
import type { Category, Product, ProductPage, StoreInfoFields, Variation } from '../../wire';
import { imageUrl, productPictureUrls } from '../../lib/images';
import { money } from '../../lib/money';
import { VersionedCache } from '../../lib/cache';

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
   * `cache` serves the hot catalogue reads (list, details, home lists) from memory; every stock write
   * below bumps it. One cache is shared by the app's repositories and those of its transactions.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: VersionedCache = new VersionedCache(0, 0),
  ) {}

  storeInfo(): Promise<StoreInfoFields | null> {
    return this.cache.through('store-info', () => this.loadStoreInfo());
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
    return this.cache.through('categories', () => this.loadCategories());
  }

  private async loadCategories(): Promise<Category[]> {
    const rows = await this.db
      .selectFrom('categories as c')
      .leftJoin('products as p', 'p.category_id', 'c.id')
      .select(['c.id', 'c.name', 'c.slug', (eb) => eb.fn.count<number>('p.id').as('product_count')])
      .groupBy(['c.id', 'c.name', 'c.slug', 'c.sort_order'])
      .orderBy('c.sort_order')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, image: imageUrl.category(r.slug), product_count: Number(r.product_count) }));
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

  private baseProducts() {
    return this.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select('c.name as category_name');
  }

  private async withVariations(rows: ProductRow[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    const variations = await this.db
      .selectFrom('variations')
      .selectAll()
      .where('product_id', 'in', rows.map((r) => r.id))
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
    return this.cache.through(`list:${JSON.stringify(q)}`, () => this.loadProducts(q));
  }

  private async loadProducts(q: ProductQuery): Promise<ProductPage> {
    let filtered = this.db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id');
    if (q.subCategories?.length) filtered = filtered.where('p.category_id', 'in', q.subCategories);
    if (q.productIds?.length) filtered = filtered.where('p.id', 'in', q.productIds);
    if (q.minPrice !== undefined) filtered = filtered.where('p.display_price', '>=', q.minPrice);
    if (q.maxPrice !== undefined) filtered = filtered.where('p.display_price', '<=', q.maxPrice);
    // Both stock flags (or neither) mean every product; one of them narrows the list.
    if (q.inStock && !q.outOfStock) filtered = filtered.where('p.total_stock', '>', 0);
    if (q.outOfStock && !q.inStock) filtered = filtered.where('p.total_stock', '=', 0);
    if (q.sizes?.length) {
      const sizes = q.sizes;
      filtered = filtered.where((eb) =>
        eb.exists(
          eb.selectFrom('variations as v').select('v.id').whereRef('v.product_id', '=', 'p.id').where('v.label', 'in', sizes),
        ),
      );
    }
    for (const word of q.searchWords ?? []) {
      filtered = filtered.where(sql<boolean>`p.search_text like ${`%${likeEscape(word)}%`} escape '\\'`);
    }

    const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(countRow.n);
    const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));

    let listed = filtered.selectAll('p').select('c.name as category_name');
    switch (q.sortBy ?? 'newest') {
      case 'price_asc':
        listed = listed.orderBy('p.display_price', 'asc');
        break;
      case 'price_desc':
        listed = listed.orderBy('p.display_price', 'desc');
        break;
      case 'name_asc':
        listed = listed.orderBy('p.name', 'asc');
        break;
      case 'name_desc':
        listed = listed.orderBy('p.name', 'desc');
        break;
      default:
        listed = listed.orderBy('p.created_at', 'desc');
    }
    const rows = await listed
      .orderBy('p.id', 'desc')
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE)
      .execute();
    return { products: await this.withVariations(rows), total, page: q.page, per_page: PER_PAGE, last_page: lastPage };
  }

  productBySlug(slug: string): Promise<Product | null> {
    return this.cache.through(`slug:${slug}`, () => this.loadBySlug(slug));
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
    return this.cache.through(`new:${limit}`, async () => {
      const rows = await this.baseProducts().orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
      return this.withVariations(rows);
    });
  }

  featured(limit: number): Promise<Product[]> {
    return this.cache.through(`featured:${limit}`, async () => {
      const rows = await this.baseProducts()
        .where('p.featured', '=', 1)
        .orderBy('p.total_stock', 'desc')
        .orderBy('p.id')
        .limit(limit)
        .execute();
      return this.withVariations(rows);
    });
  }

  /** Sets a product's own pictures (ids, cover first), or back to the generated ones with null. False: no such product. */
  async setProductPictures(slug: string, ids: string[] | null): Promise<boolean> {
    this.cache.bump();
    const res = await this.db.updateTable('products').set({ images: ids?.length ? ids.join(',') : null }).where('slug', '=', slug).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
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
        'v.id as variation_id', 'v.label', 'v.price', 'v.mrp', 'v.stock', 'p.id as product_id', 'p.slug', 'p.name',
        'p.image_count', 'p.retailer_id', 'p.wholesaler_id',
      ])
      .where('v.id', '=', variationId)
      .executeTakeFirst();
  }

  /**
   * Takes `quantity` from a variation's stock only if that much is left; false otherwise. The condition in
   * the UPDATE is what keeps concurrent checkouts from overselling on any database.
   */
  async takeStock(variationId: number, quantity: number): Promise<boolean> {
    this.cache.bump();
    const res = await this.db
      .updateTable('variations')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', variationId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async returnStock(variationId: number, quantity: number): Promise<void> {
    this.cache.bump();
    await this.db
      .updateTable('variations')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', variationId)
      .execute();
  }

  /** Recomputes the denormalised price and stock columns of products after their variations changed. */
  async refreshProducts(productIds: number[]): Promise<void> {
    const unique = [...new Set(productIds)];
    if (unique.length === 0) return;
    this.cache.bump();
    const variations = await this.db
      .selectFrom('variations')
      .selectAll()
      .where('product_id', 'in', unique)
      .orderBy('product_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    for (const id of unique) {
      const list = variations.filter((v) => v.product_id === id);
      const shown = defaultVariation(list);
      await this.db
        .updateTable('products')
        .set({
          display_price: shown?.price ?? 0,
          display_mrp: shown?.mrp ?? 0,
          total_stock: list.reduce((sum, v) => sum + v.stock, 0),
        })
        .where('id', '=', id)
        .execute();
    }
  }
}
