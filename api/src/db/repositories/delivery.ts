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
