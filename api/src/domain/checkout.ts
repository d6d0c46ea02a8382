/**
 * Checkout (spec §7 checkout1): the server cart becomes one order per line in one transaction. Any failure
 * leaves nothing changed; the steps below run in the order a shopper's money and stock demand.
 */
import { gstinProblem, MAX_OPEN_PREPAID_CHECKOUTS, type CheckoutPayload, type CheckoutResult } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { CustomerRow } from '../db/repositories/customers';
import { toCustomer } from './wire';
import { cartTotal, type CartRow } from '../db/repositories/carts';
import { productImages } from '../db/repositories/catalog';
import type { CouponRow } from '../db/repositories/coupons';
import type { AddressFields } from '../db/repositories/addresses';
import { badRequest, conflict, fieldError } from '../lib/errors';
import { imageUrl } from '../images/urls';
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

/** The payload with the address resolved (issue 39: a saved one chosen by id replaces the typed one). */
type Buyer = CheckoutInput & AddressFields;

/** What the checkout costs once the coupon is counted. */
interface Pricing {
  total: number;
  coupon: CouponRow | null;
  discount: number;
  /** Each line's part of the discount, in cart order. */
  shares: number[];
}

const OPEN_CHECKOUTS = `You have ${MAX_OPEN_PREPAID_CHECKOUTS} orders waiting for payment. Pay for or cancel one of them before placing another prepaid order.`;

/** The cart as the transaction sees it: listForCheckout locks the customer. */
async function readCart(r: Repositories, customerId: number): Promise<CartRow[]> {
  const rows = await r.carts.listForCheckout(customerId);
  if (rows.length === 0) throw badRequest('Your cart is empty');
  return rows;
}

/** Stock is re-read inside the transaction: what the cart showed earlier may be gone. */
function checkStock(rows: CartRow[]): void {
  const problems = rows.flatMap((row) =>
    row.stock <= 0
      ? [`${row.name} (${row.label}) is out of stock`]
      : row.stock < row.quantity
        ? [`${row.name} (${row.label}): only ${row.stock} left in stock`]
        : [],
  );
  if (problems.length) throw conflict(problems);
}

/** Counted after listForCheckout locked the customer: two prepaid checkouts at once cannot both pass. */
async function checkOpenCheckouts(r: Repositories, buyer: Buyer, customerId: number, now: number): Promise<void> {
  if (buyer.payment_method !== 'prepaid') return;
  if ((await r.payments.openCount(customerId, now)) >= MAX_OPEN_PREPAID_CHECKOUTS) throw conflict(OPEN_CHECKOUTS);
}

/** The cart limit checked again and the coupon counted, inside the transaction (see redeemCoupon). */
async function price(r: Repositories, rows: CartRow[], input: CheckoutInput, now: number, customerId: number): Promise<Pricing> {
  const total = cartTotal(rows);
  checkCartTotal(total);
  const code = input.coupon_code?.trim() ? input.coupon_code.trim().toUpperCase() : null;
  const coupon = code ? await checkCoupon(r, code, total, now, customerId) : null;
  if (coupon) await redeemCoupon(r, coupon, customerId);
  const discount = coupon ? discountFor(coupon, total) : 0;
  const shares = splitDiscount(
    rows.map((row) => row.price * row.quantity),
    discount,
  );
  return { total, coupon, discount, shares };
}

/** Takes every line's stock; a line another checkout emptied meanwhile undoes the whole transaction. */
async function reserveStock(r: Repositories, rows: CartRow[]): Promise<void> {
  for (const row of rows) {
    if (!(await r.catalog.takeStock(row.variation_id, row.quantity))) {
      throw conflict(`${row.name} (${row.label}) sold out while you were checking out`);
    }
  }
  await r.catalog.refreshProducts(rows.map((row) => row.product_id));
}

/** A prepaid checkout's payment, held until the provider's window ends; null for cash on delivery. */
async function holdPayment(r: Repositories, args: CheckoutArgs, buyer: Buyer, pricing: Pricing): Promise<string | null> {
  if (buyer.payment_method !== 'prepaid') return null;
  return r.payments.create({
    customerId: args.me.id,
    amount: pricing.total - pricing.discount,
    couponCode: pricing.coupon?.code ?? null,
    provider: args.payments.providerId,
    currency: PAYMENT_CURRENCY,
    expiresAt: args.payments.holdEndsAt(args.now),
  });
}

interface OrderTerms {
  pricing: Pricing;
  paymentId: string | null;
  codFee: number;
  buyerGstin: string | null;
}

/** One order per cart line; the checkout's COD fee rides on the first. */
async function writeOrders(r: Repositories, args: CheckoutArgs, buyer: Buyer, rows: CartRow[], terms: OrderTerms) {
  const { me, now } = args;
  const prepaid = buyer.payment_method === 'prepaid';
  const orders = [];
  for (const [i, row] of rows.entries()) {
    const share = terms.pricing.shares[i] ?? 0;
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
        payment_method: buyer.payment_method,
        payment_status: prepaid ? 'pending' : 'cod',
        payment_id: terms.paymentId,
        coupon_code: terms.pricing.coupon?.code ?? null,
        status: prepaid ? 'payment_pending' : 'order_placed',
        cancel_reason: null,
        full_name: `${buyer.firstname.trim()} ${buyer.lastname.trim()}`,
        email: buyer.email.trim().toLowerCase(),
        phone_number: me.phone_number ?? buyer.alt_phone_number ?? '',
        address: buyer.address.trim(),
        pincode: buyer.pincode,
        city: buyer.city.trim(),
        state: buyer.state.trim(),
        alt_phone_number: buyer.alt_phone_number || null,
        cod_fee: i === 0 ? terms.codFee : 0,
        buyer_gstin: terms.buyerGstin,
      },
      now,
      ACTOR.customer(me.id),
    );
    orders.push(order);
  }
  return orders;
}

/** A guest's first checkout also fills in name and e-mail (the address went to the book already). */
async function fillInCustomer(r: Repositories, me: CustomerRow, buyer: Buyer): Promise<CustomerRow> {
  const email = buyer.email.trim().toLowerCase();
  const patch: Parameters<typeof r.customers.update>[1] = {};
  if (buyer.alt_phone_number) patch.alt_phone_number = buyer.alt_phone_number;
  if (!me.firstname) patch.firstname = buyer.firstname.trim();
  if (!me.lastname) patch.lastname = buyer.lastname.trim();
  if (!me.email && !(await r.customers.byEmail(email))) patch.email = email;
  return r.customers.update(me.id, patch);
}

/** Places the orders of the customer's server cart; what the answer carries. */
export async function placeOrder(deps: { tx: Transaction }, args: CheckoutArgs): Promise<CheckoutResult> {
  const { me, input, now, payments } = args;
  const buyerGstin = checkBuyerGstin(input.buyer_gstin);
  return deps.tx(async (r) => {
    const rows = await readCart(r, me.id);
    const buyer: Buyer = { ...input, ...(await checkoutAddress(r, me.id, input.address_id, input)) };
    checkStock(rows);
    await checkOpenCheckouts(r, buyer, me.id, now);
    const pricing = await price(r, rows, input, now, me.id);
    // The pincode served, and cash on delivery within the owner's rules; before any stock is taken.
    const { codFee } = await checkDeliveryAndCod(r, {
      pincode: buyer.pincode,
      paymentMethod: buyer.payment_method,
      orderValue: pricing.total - pricing.discount,
      mobile: me.phone_number ?? buyer.alt_phone_number ?? null,
      sessionId: args.sessionId ?? null,
      now,
      prepaidOffered: payments.prepaidAvailable,
    });
    await reserveStock(r, rows);
    const paymentId = await holdPayment(r, args, buyer, pricing);
    const orders = await writeOrders(r, args, buyer, rows, { pricing, paymentId, codFee, buyerGstin });
    const customer = await fillInCustomer(r, me, buyer);
    await r.carts.clear(me.id);
    const amount = pricing.total - pricing.discount;
    return {
      order_id: orders.map((o) => o.id),
      order_numbers: orders.map((o) => o.order_number),
      customer: toCustomer(customer),
      cod_fee: money(codFee),
      payment: paymentId
        ? {
            payment_id: paymentId,
            amount: money(amount),
            provider: payments.providerId,
            expires_at: new Date(payments.holdEndsAt(now)).toISOString(),
          }
        : null,
    };
  });
}
