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

/** Failure of a coupon rule: the message is shown under the coupon field (spec §5 "Coupon"). */
const couponError = (status: number, message: string) => new AppError(status, message, { coupon_code: message });

export class CouponRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byCode(code: string): Promise<CouponRow | undefined> {
    return this.db.selectFrom('coupons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  }

  /** Finds a coupon and checks it against a cart total at time `now`; throws the shopper-facing reason. */
  async check(code: string, total: number, now: number): Promise<CouponRow> {
    const c = await this.byCode(code);
    if (!c || !c.active) throw couponError(404, 'Invalid Code');
    if (c.expires_at !== null && Date.parse(c.expires_at) <= now) throw couponError(400, 'This coupon has expired');
    if (c.usage_limit !== null && c.used_count >= c.usage_limit) throw couponError(409, 'This coupon has reached its usage limit');
    if (total < c.min_amount) throw couponError(400, `Add items worth ${rupees(c.min_amount)} or more to use this coupon`);
    return c;
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
