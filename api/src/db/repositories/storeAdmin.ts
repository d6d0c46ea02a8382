import { sql, type Kysely, type Selectable } from 'kysely';
import type { StoreInfoFields } from '@storefront/contract';
import type { Database, StoreInfoTable, VariationTable } from '../schema';
import { variationsByProduct } from './catalog/products';

export type VariationRow = Selectable<VariationTable>;

/** A product as the back office reads it, hidden or not, with its variations (domain/wire shapes it). */
export interface StaffProductRecord {
  id: number;
  slug: string;
  name: string;
  hidden: number;
  image_count: number;
  images: string | null;
  variations: VariationRow[];
}

/** The wire's store-info field (spec §3) → its column. */
export const STORE_INFO_COLUMNS = {
  store_name: 'store_name',
  logo: 'logo',
  email: 'email',
  mobile_no: 'mobile_no',
  store_time: 'store_time',
  offer_text: 'offer_text',
  facebook_url: 'facebook_url',
  instagram_url: 'instagram_url',
  twitter_url: 'twitter_url',
  fontFamily: 'font_family',
  backgroundColor: 'background_color',
  buttonBackgroundColor: 'button_background_color',
  topHeaderBackgroundColor: 'top_header_background_color',
  headerBackgroundColor: 'header_background_color',
  footerBackgroundColor: 'footer_background_color',
  bottomFooterBackgroundColor: 'bottom_footer_background_color',
  bannerType: 'banner_type',
  categoryLayout: 'category_layout',
} as const satisfies Record<keyof StoreInfoFields, Exclude<keyof StoreInfoTable, 'id'>>;

/** What the staff change in the catalogue and the store (issue 38); the domain records and invalidates. */
export class StoreAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  variation(id: number): Promise<VariationRow | undefined> {
    return this.db.selectFrom('variations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Sets a variation's stock, price and MRP (paise). The stock only if it is still `fromStock`: a sale
   * made meanwhile is not overwritten by a count typed before it. False when it was not.
   */
  async setVariation(id: number, patch: { stock?: number; price?: number; mrp?: number }, fromStock?: number): Promise<boolean> {
    let q = this.db
      .updateTable('variations')
      .set({
        ...(patch.stock !== undefined ? { stock: patch.stock } : {}),
        ...(patch.price !== undefined ? { price: patch.price } : {}),
        ...(patch.mrp !== undefined ? { mrp: patch.mrp } : {}),
      })
      .where('id', '=', id);
    if (fromStock !== undefined) q = q.where('stock', '=', fromStock);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  }

  storeInfo(): Promise<Selectable<StoreInfoTable> | undefined> {
    return this.db.selectFrom('store_info').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async setStoreInfo(patch: Partial<StoreInfoFields>): Promise<void> {
    const set: Partial<Record<Exclude<keyof StoreInfoTable, 'id'>, string>> = {};
    for (const [field, value] of Object.entries(patch)) {
      const column = STORE_INFO_COLUMNS[field as keyof StoreInfoFields];
      if (column && typeof value === 'string') set[column] = value;
    }
    if (Object.keys(set).length) await this.db.updateTable('store_info').set(set).where('id', '=', 1).execute();
  }

  /**
   * The back office's product list (hidden products too), newest first, `search` matching the name or
   * brand (case-insensitive, as typed: staff look for a product they know), with each variation.
   */
  async products(q: { search?: string; limit: number; offset: number }): Promise<{ products: StaffProductRecord[]; total: number }> {
    let base = this.db.selectFrom('products as p');
    const text = q.search?.trim().toLowerCase();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where(sql<boolean>`(lower(p.name) like ${like} escape '\\' or lower(p.brand) like ${like} escape '\\')`);
    }
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .select(['p.id', 'p.slug', 'p.name', 'p.hidden', 'p.image_count', 'p.images'])
      .orderBy('p.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return { products: await this.withVariations(rows), total: Number(counted?.n ?? 0) };
  }

  /** One product as the back office shows it, hidden or not. */
  async product(id: number): Promise<StaffProductRecord | undefined> {
    const row = await this.db
      .selectFrom('products as p')
      .select(['p.id', 'p.slug', 'p.name', 'p.hidden', 'p.image_count', 'p.images'])
      .where('p.id', '=', id)
      .executeTakeFirst();
    return row ? (await this.withVariations([row]))[0] : undefined;
  }

  /** Hides a product from the shop (or shows it); false when it already was so. */
  async setHidden(id: number, hidden: boolean): Promise<boolean> {
    const res = await this.db
      .updateTable('products')
      .set({ hidden: hidden ? 1 : 0 })
      .where('id', '=', id)
      .where('hidden', '=', hidden ? 0 : 1)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private async withVariations(rows: Omit<StaffProductRecord, 'variations'>[]): Promise<StaffProductRecord[]> {
    if (rows.length === 0) return [];
    const byProduct = await variationsByProduct(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, variations: byProduct.get(r.id) ?? [] }));
  }
}
