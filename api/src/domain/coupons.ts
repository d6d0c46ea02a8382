/**
 * Coupon rules (spec §5 "Coupon", §7 apply-coupon): which coupon applies to a cart total, what it takes
 * off, and counting its uses inside the checkout transaction. Pure rules over the coupon repository.
 */
import type { Coupon } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { CouponRow } from '../db/repositories/coupons';
import { cartTotal } from '../db/repositories/carts';
import { AppError, badRequest, conflict } from '../lib/errors';
import { money, rupees } from '../lib/money';

export const PER_CUSTOMER_MESSAGE = 'You have already used this coupon';
const USED_UP_MESSAGE = 'This coupon has reached its usage limit';

/** Failure of a coupon rule: the message is shown under the coupon field (spec §5 "Coupon"). */
const couponError = (status: number, message: string) => new AppError(status, message, { coupon_code: message });

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

/**
 * Finds a coupon and checks it against a cart total at time `now` (and, given a customer, their own uses);
 * throws the shopper-facing reason. Checkout counts the use with `redeemCoupon` inside its transaction:
 * this read alone decides nothing when two checkouts race.
 */
export async function checkCoupon(r: Repositories, code: string, total: number, now: number, customerId?: number): Promise<CouponRow> {
  const c = await r.coupons.byCode(code);
  if (!c || !c.active) throw couponError(404, 'Invalid Code');
  if (c.expires_at !== null && Date.parse(c.expires_at) <= now) throw couponError(400, 'This coupon has expired');
  if (c.usage_limit !== null && c.used_count >= c.usage_limit) throw couponError(409, USED_UP_MESSAGE);
  if (customerId !== undefined && c.per_customer_limit !== null && (await r.coupons.usesBy(c.id, customerId)) >= c.per_customer_limit) {
    throw couponError(409, PER_CUSTOMER_MESSAGE);
  }
  if (total < c.min_amount) throw couponError(400, `Add items worth ${rupees(c.min_amount)} or more to use this coupon`);
  return c;
}

/**
 * Counts one use of a checked coupon, inside the checkout's transaction, by conditional updates: of two
 * parallel checkouts with a once-only coupon exactly one gets it (a guest's OTP checkout counts against
 * the account it is in).
 */
export async function redeemCoupon(r: Repositories, coupon: CouponRow, customerId: number): Promise<void> {
  if (!(await r.coupons.redeemFor(coupon, customerId))) throw conflict(PER_CUSTOMER_MESSAGE, { coupon_code: PER_CUSTOMER_MESSAGE });
  if (!(await r.coupons.redeem(coupon.id))) throw conflict(USED_UP_MESSAGE, { coupon_code: USED_UP_MESSAGE });
}

/** Spec §7 apply-coupon: the coupon as it applies to the customer's server cart now. */
export async function applyCoupon(r: Repositories, customerId: number, code: string, now: number): Promise<Coupon> {
  const rows = await r.carts.list(customerId);
  if (rows.length === 0) throw badRequest('Your cart is empty', { coupon_code: 'Your cart is empty' });
  const total = cartTotal(rows);
  return toCoupon(await checkCoupon(r, code, total, now, customerId), total);
}
