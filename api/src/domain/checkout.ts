/**
 * Checkout (spec §7 checkout1): the server cart becomes one order per line in one transaction — stock
 * re-read and taken, the cart limit checked again, the coupon counted, a prepaid checkout's payment held
 * (domain/payments), the address saved, the cart emptied. Any failure leaves nothing changed.
 */
import { gstinProblem, MAX_OPEN_PREPAID_CHECKOUTS, type CheckoutPayload, type CheckoutResult } from '@storefront/contract';
import type { CustomerRow } from '../db/repositories/customers';
import { toCustomer } from '../db/repositories/customers';
import { cartTotal } from '../db/repositories/carts';
import { productImages } from '../db/repositories/catalog';
import type { CouponRow } from '../db/repositories/coupons';
import { badRequest, conflict, fieldError } from '../lib/errors';
import { imageUrl } from '../lib/images';
import { money } from '../lib/money';
import { checkCartTotal, type Transaction } from './cart';
import { checkCoupon, discountFor, redeemCoupon } from './coupons';
import { checkDeliveryAndCod } from './delivery';
import { ACTOR, PAYMENT_CURRENCY, type PaymentService } from './payments';
import { checkoutAddress } from './addresses';

/** A business buyer's GSTIN (issue 39), upper-cased; refused with the contract's message when mistyped. */
function checkBuyerGstin(value: string | null | undefined): string | null {
  const gstin = value?.trim().toUpperCase();
  if (!gstin) return null;
  const problem = gstinProblem(gstin);
  if (problem) throw fieldError('buyer_gstin', problem);
  return gstin;
}

/** The contract's checkout payload; the server also takes null for the optional fields. */
export type CheckoutInput = Omit<CheckoutPayload, 'alt_phone_number' | 'coupon_code' | 'address_id' | 'buyer_gstin'> & {
  alt_phone_number?: string | null;
  coupon_code?: string | null;
  address_id?: number | null;
  buyer_gstin?: string | null;
};

/** Splits a discount over lines in proportion to their totals; the last line takes the rounding rest. */
export function splitDiscount(lineTotals: number[], discount: number): number[] {
  const total = lineTotals.reduce((a, b) => a + b, 0);
  if (total === 0 || discount === 0) return lineTotals.map(() => 0);
  const shares = lineTotals.map((t) => Math.floor((discount * t) / total));
  const rest = discount - shares.reduce((a, b) => a + b, 0);
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0) + rest;
  return shares;
}

export interface CheckoutArgs {
  me: CustomerRow;
  input: CheckoutInput;
  now: number;
  payments: PaymentService;
  /** The request's session: a cash order over the owner's threshold needs it to have proved the mobile. */
  sessionId?: number | null;
}

const OPEN_CHECKOUTS = `You have ${MAX_OPEN_PREPAID_CHECKOUTS} orders waiting for payment. Pay for or cancel one of them before placing another prepaid order.`;

/** Places the orders of the customer's server cart; what the answer carries. */
export async function placeOrder(deps: { tx: Transaction }, args: CheckoutArgs): Promise<CheckoutResult> {
  const { me, input, now, payments } = args;
  const buyerGstin = checkBuyerGstin(input.buyer_gstin);
  const couponCode = input.coupon_code?.trim() ? input.coupon_code.trim().toUpperCase() : null;
  return deps.tx(async (r) => {
    const rows = await r.carts.listForCheckout(me.id);
    if (rows.length === 0) throw badRequest('Your cart is empty');
    // Issue 39: a saved address chosen by id replaces the typed one; a typed one joins the address book.
    const b = { ...input, ...(await checkoutAddress(r, me.id, input.address_id, input)) };
    // Stock is re-read inside the transaction: what the cart showed earlier may be gone.
    const problems = rows.flatMap((row) =>
      row.stock <= 0
        ? [`${row.name} (${row.label}) is out of stock`]
        : row.stock < row.quantity
          ? [`${row.name} (${row.label}): only ${row.stock} left in stock`]
          : [],
    );
    if (problems.length) throw conflict(problems);
    // Counted after listForCheckout locked the customer: two checkouts at once cannot both pass.
    if (b.payment_method === 'prepaid' && (await r.payments.openCount(me.id, now)) >= MAX_OPEN_PREPAID_CHECKOUTS) {
      throw conflict(OPEN_CHECKOUTS);
    }
    const total = cartTotal(rows);
    checkCartTotal(total);

    let coupon: CouponRow | null = null;
    if (couponCode) {
      coupon = await checkCoupon(r, couponCode, total, now, me.id);
      // Counted here, inside the transaction (see redeemCoupon).
      await redeemCoupon(r, coupon, me.id);
    }
    const discount = coupon ? discountFor(coupon, total) : 0;
    const lineTotals = rows.map((row) => row.price * row.quantity);
    const shares = splitDiscount(lineTotals, discount);
    // Issue 39: the pincode served, and cash on delivery within the owner's rules; before any stock is taken.
    const { codFee } = await checkDeliveryAndCod(r, {
      pincode: b.pincode,
      paymentMethod: b.payment_method,
      orderValue: total - discount,
      mobile: me.phone_number ?? b.alt_phone_number ?? null,
      sessionId: args.sessionId ?? null,
      now,
      prepaidOffered: payments.prepaidAvailable,
    });

    for (const row of rows) {
      if (!(await r.catalog.takeStock(row.variation_id, row.quantity))) {
        throw conflict(`${row.name} (${row.label}) sold out while you were checking out`);
      }
    }
    await r.catalog.refreshProducts(rows.map((row) => row.product_id));

    const prepaid = b.payment_method === 'prepaid';
    const holdEnds = payments.holdEndsAt(now);
    const paymentId = prepaid
      ? await r.payments.create({
          customerId: me.id,
          amount: total - discount,
          couponCode: coupon?.code ?? null,
          provider: payments.providerId,
          currency: PAYMENT_CURRENCY,
          expiresAt: holdEnds,
        })
      : null;
    const email = b.email.trim().toLowerCase();
    const fullName = `${b.firstname.trim()} ${b.lastname.trim()}`;
    const ids: number[] = [];
    const numbers: string[] = [];
    for (const [i, row] of rows.entries()) {
      const share = shares[i] ?? 0;
      const order = await r.orders.create(
        {
          customer_id: me.id,
          product_id: row.product_id,
          variation_id: row.variation_id,
          product_name: row.name,
          product_slug: row.slug,
          product_image: productImages(row.slug, row.image_count, row.images)[0] ?? imageUrl.placeholder(),
          product_variation: row.label,
          quantity: row.quantity,
          unit_price: row.price,
          price: row.price * row.quantity,
          discount_amount: share,
          final_amount: row.price * row.quantity - share,
          payment_method: b.payment_method,
          payment_status: prepaid ? 'pending' : 'cod',
          payment_id: paymentId,
          coupon_code: coupon?.code ?? null,
          status: prepaid ? 'payment_pending' : 'order_placed',
          cancel_reason: null,
          full_name: fullName,
          email,
          phone_number: me.phone_number ?? b.alt_phone_number ?? '',
          address: b.address.trim(),
          pincode: b.pincode,
          city: b.city.trim(),
          state: b.state.trim(),
          alt_phone_number: b.alt_phone_number || null,
          cod_fee: i === 0 ? codFee : 0,
          buyer_gstin: buyerGstin,
        },
        now,
        ACTOR.customer(me.id),
      );
      ids.push(order.id);
      numbers.push(order.order_number);
    }

    // A guest's first checkout also fills in name and e-mail (the address went to the book above).
    const patch: Parameters<typeof r.customers.update>[1] = {};
    if (b.alt_phone_number) patch.alt_phone_number = b.alt_phone_number;
    if (!me.firstname) patch.firstname = b.firstname.trim();
    if (!me.lastname) patch.lastname = b.lastname.trim();
    if (!me.email && !(await r.customers.byEmail(email))) patch.email = email;
    const customer = await r.customers.update(me.id, patch);
    await r.carts.clear(me.id);
    return {
      order_id: ids,
      order_numbers: numbers,
      customer: toCustomer(customer),
      cod_fee: money(codFee),
      payment: paymentId
        ? {
            payment_id: paymentId,
            amount: money(total - discount),
            provider: payments.providerId,
            expires_at: new Date(holdEnds).toISOString(),
          }
        : null,
    };
  });
}
