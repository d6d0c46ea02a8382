import type { Kysely, Selectable } from 'kysely';
import type { CouponTable, Database } from '../schema';

export type CouponRow = Selectable<CouponTable>;

export class CouponRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byCode(code: string): Promise<CouponRow | undefined> {
    return this.db.selectFrom('coupons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  }

  async usesBy(couponId: number, customerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('coupon_uses')
      .select('used_count')
      .where('coupon_id', '=', couponId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
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
