import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_COD_RULES, DEFAULT_DELIVERY_SCHEDULE, type CodRules, type DeliverySchedule } from '@storefront/contract';
import type { Database, PincodeTable } from '../schema';
import type { Clock } from '../../lib/clock';

export type PincodeRow = Selectable<PincodeTable>;

/** The delivery schedule and cash-on-delivery rules together, as one row holds them. */
export type ShippingRules = Omit<DeliverySchedule, 'holidays'> & CodRules;

const DEFAULT_RULES: ShippingRules = {
  processingDays: DEFAULT_DELIVERY_SCHEDULE.processingDays,
  closingMinute: DEFAULT_DELIVERY_SCHEDULE.closingMinute,
  ...DEFAULT_COD_RULES,
};

/** Rows per insert while loading a list: under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_BATCH = 1000;

const orNumber = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** Issue 39: the owner's pincode list, holidays and shipping rules; the domain validates and records. */
export class DeliveryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  pincode(pincode: string): Promise<PincodeRow | undefined> {
    return this.db.selectFrom('pincodes').selectAll().where('pincode', '=', pincode).executeTakeFirst();
  }

  /** Whether the owner has loaded a list at all (without one the shop delivers everywhere). */
  async hasList(): Promise<boolean> {
    return (await this.db.selectFrom('pincodes').select('pincode').limit(1).executeTakeFirst()) !== undefined;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('pincodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Replaces the whole list (call inside a transaction: a failed load leaves the old list). */
  async replacePincodes(rows: readonly PincodeRow[]): Promise<void> {
    await this.db.deleteFrom('pincodes').execute();
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await this.db
        .insertInto('pincodes')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    }
  }

  /** Pincodes starting with `prefix` (a whole one finds itself), in order, with the owner's no-cash mark. */
  async searchPincodes(prefix: string, limit: number): Promise<(PincodeRow & { cod_excluded: boolean })[]> {
    const rows = await this.db
      .selectFrom('pincodes as p')
      .leftJoin('cod_excluded_pincodes as x', 'x.pincode', 'p.pincode')
      .selectAll('p')
      .select('x.pincode as excluded')
      .where((eb) => eb(eb.fn('substr', ['p.pincode', eb.lit(1), eb.lit(prefix.length)]), '=', prefix))
      .orderBy('p.pincode')
      .limit(limit)
      .execute();
    return rows.map(({ excluded, ...row }) => ({ ...row, cod_excluded: excluded !== null }));
  }

  /** Sets one listed pincode's COD column; false when the list does not hold it. */
  async setPincodeCod(pincode: string, cod: boolean): Promise<boolean> {
    const r = await this.db
      .updateTable('pincodes')
      .set({ cod: cod ? 1 : 0 })
      .where('pincode', '=', pincode)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Each zone of the list with how many pincodes it holds and the courier days they give. */
  async zones(): Promise<{ zone: string; pincodes: number; min_days: number; max_days: number }[]> {
    const rows = await this.db
      .selectFrom('pincodes')
      .select((eb) => ['zone', eb.fn.countAll<number>().as('n'), eb.fn.min('min_days').as('lo'), eb.fn.max('max_days').as('hi')])
      .groupBy('zone')
      .orderBy('zone')
      .execute();
    return rows.map((r) => ({ zone: r.zone, pincodes: Number(r.n), min_days: Number(r.lo), max_days: Number(r.hi) }));
  }

  /** Gives every pincode of `zone` these courier days; answers how many rows changed. */
  async setZoneDays(zone: string, minDays: number, maxDays: number): Promise<number> {
    const r = await this.db
      .updateTable('pincodes')
      .set({ min_days: minDays, max_days: maxDays })
      .where('zone', '=', zone)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** The settings' version: raised by every change (bumpVersion), polled by each process's pincode cache. */
  async version(): Promise<number> {
    const row = await this.db.selectFrom('delivery_settings_version').select('version').where('id', '=', 1).executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  async bumpVersion(): Promise<void> {
    await this.db
      .updateTable('delivery_settings_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  }

  async codExcluded(pincode: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('cod_excluded_pincodes').select('pincode').where('pincode', '=', pincode).executeTakeFirst()) !== undefined
    );
  }

  async codExclusions(): Promise<string[]> {
    return (await this.db.selectFrom('cod_excluded_pincodes').select('pincode').orderBy('pincode').execute()).map((r) => r.pincode);
  }

  async excludeCod(pincodes: readonly string[]): Promise<void> {
    const at = new Date(this.clock.now()).toISOString();
    if (pincodes.length === 0) return;
    await this.db
      .insertInto('cod_excluded_pincodes')
      .values(pincodes.map((pincode) => ({ pincode, created_at: at })))
      .onConflict((oc) => oc.column('pincode').doNothing())
      .execute();
  }

  async allowCod(pincodes: readonly string[]): Promise<void> {
    if (pincodes.length === 0) return;
    await this.db.deleteFrom('cod_excluded_pincodes').where('pincode', 'in', pincodes).execute();
  }

  async holidays(): Promise<{ day: string; name: string }[]> {
    return this.db.selectFrom('shop_holidays').select(['day', 'name']).orderBy('day').execute();
  }

  async addHoliday(day: string, name: string): Promise<void> {
    await this.db
      .insertInto('shop_holidays')
      .values({ day, name })
      .onConflict((oc) => oc.column('day').doUpdateSet({ name }))
      .execute();
  }

  async removeHoliday(day: string): Promise<boolean> {
    return Number((await this.db.deleteFrom('shop_holidays').where('day', '=', day).executeTakeFirst()).numDeletedRows) > 0;
  }

  /** The rules row, or the defaults (no rule on, a day to pack, closing at 8 PM) before the owner set any. */
  async rules(): Promise<ShippingRules> {
    const row = await this.db.selectFrom('shipping_rules').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return DEFAULT_RULES;
    return {
      processingDays: row.processing_days,
      closingMinute: row.closing_minute,
      maxOrderValue: orNumber(row.cod_max_order),
      fee: row.cod_fee,
      rtoLimit: row.cod_rto_limit,
      otpAbove: orNumber(row.cod_otp_above),
    };
  }

  async setRules(rules: ShippingRules): Promise<void> {
    const values = {
      processing_days: rules.processingDays,
      closing_minute: rules.closingMinute,
      cod_max_order: rules.maxOrderValue,
      cod_fee: rules.fee,
      cod_rto_limit: rules.rtoLimit,
      cod_otp_above: rules.otpAbove,
      updated_at: new Date(this.clock.now()).toISOString(),
    };
    await this.db
      .insertInto('shipping_rules')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  /**
   * Cash-on-delivery parcels to `mobile` that came back (returned_to_origin). One checkout is one parcel
   * though it makes an order per line: its orders share their creation time.
   */
  async returnedCodParcels(mobile: string): Promise<number> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.count<number>('created_at').distinct().as('n'))
      .where('phone_number', '=', mobile)
      .where('status', '=', 'returned_to_origin')
      .where('payment_method', '=', 'cod')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
