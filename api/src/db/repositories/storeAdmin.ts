import type { Kysely, Selectable } from 'kysely';
import type { StoreInfoFields } from '@storefront/contract';
import type { Database, StoreInfoTable, VariationTable } from '../schema';

export type VariationRow = Selectable<VariationTable>;

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
}
