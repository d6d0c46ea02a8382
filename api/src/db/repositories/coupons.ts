import type { Kysely, Selectable } from 'kysely';
import type { CouponTable, Database } from '../schema';
import type { Coupon } from '../../wire';
import { money, rupees } from '../../lib/money';
import { AppError } from '../../lib/errors';

export type CouponRow = Selectable<CouponTable>;

/** The discount in paise a coupon gives on a total, never more than the total. */
export function discountFor(c: CouponRow, total: number): number {
  let d = c.type === 'percent' ? Math.floor((total * c.value) / 100) : c.value;
  if (c.max_discount !== null) d = Math.min(d, c.max_discount);
  return Math.max(0, Math.min(d, total));
}

export function toCoupon(c: CouponRow, total: number): Coupon {
  return {
    code: c.code,
    type: c.type === 'percent' ? 'percent' : 'flat',
    value: c.type === 'percent' ? c.value : c.value / 100,
    discount_amount: money(discountFor(c, total)),
    min_amount: money(c.min_amount),
  };
}

export const PER_CUSTOMER_MESSAGE = 'You have already used this coupon';

/** Failure of a coupon rule: the message is shown under the coupon field (spec §5 "Coupon"). */
const couponError = (status: number, message: string) => new AppError(status, message, { coupon_code: message });

export class CouponRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byCode(code: string): Promise<CouponRow | undefined> {
    return this.db.selectFrom('coupons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  }

  /**
   * Finds a coupon and checks it against a cart total at time `now` (and, given a customer, their own uses);
   * throws the shopper-facing reason. Checkout counts the use with `redeemFor` inside its transaction: this
   * read alone decides nothing when two checkouts race.
   */
  async check(code: string, total: number, now: number, customerId?: number): Promise<CouponRow> {
    const c = await this.byCode(code);
    if (!c || !c.active) throw couponError(404, 'Invalid Code');
    if (c.expires_at !== null && Date.parse(c.expires_at) <= now) throw couponError(400, 'This coupon has expired');
    if (c.usage_limit !== null && c.used_count >= c.usage_limit) throw couponError(409, 'This coupon has reached its usage limit');
    if (customerId !== undefined && c.per_customer_limit !== null && (await this.usesBy(c.id, customerId)) >= c.per_customer_limit) {
      throw couponError(409, PER_CUSTOMER_MESSAGE);
    }
    if (total < c.min_amount) throw couponError(400, `Add items worth ${rupees(c.min_amount)} or more to use this coupon`);
    return c;
  }

  async usesBy(couponId: number, customerId: number): Promise<number> {
    const row = await this.db.selectFrom('coupon_uses').select('used_count').where('coupon_id', '=', couponId).where('customer_id', '=', customerId).executeTakeFirst();
    return row?.used_count ?? 0;
  }

  /**
   * Counts one use by this customer, only while their limit allows: the row is made if missing, then one
   * conditional update (`… WHERE used_count < limit`), so of two parallel checkouts exactly one counts.
   */
  async redeemFor(coupon: CouponRow, customerId: number): Promise<boolean> {
    await this.db
      .insertInto('coupon_uses')
      .values({ coupon_id: coupon.id, customer_id: customerId, used_count: 0 })
      .onConflict((oc) => oc.columns(['coupon_id', 'customer_id']).doNothing())
      .execute();
    let q = this.db
      .updateTable('coupon_uses')
      .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('coupon_id', '=', coupon.id)
      .where('customer_id', '=', customerId);
    if (coupon.per_customer_limit !== null) q = q.where('used_count', '<', coupon.per_customer_limit);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Gives back one use by this customer (an unpaid checkout cancelled, expired or failed). */
  async releaseFor(code: string, customerId: number): Promise<void> {
    const c = await this.byCode(code);
    if (!c) return;
    await this.db
      .updateTable('coupon_uses')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('coupon_id', '=', c.id)
      .where('customer_id', '=', customerId)
      .where('used_count', '>', 0)
      .execute();
  }

  /** Counts one use, only while the limit allows (safe under concurrency); false when used up. */
  async redeem(id: number): Promise<boolean> {
    const res = await this.db
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async release(code: string): Promise<void> {
    await this.db
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('code', '=', code)
      .where('used_count', '>', 0)
      .execute();
  }
}
