import type { FastifyInstance } from 'fastify';
import { customerOf } from '../app';
import { body, f, reply, s, security } from '../schemas';
import { badRequest, conflict, fieldError, notFound, unprocessable } from '../lib/errors';
import { money } from '../lib/money';
import { imageUrl } from '../lib/images';
import type { CheckoutPayload } from '../wire';
import { CART_LIMIT, cartTotal } from '../db/repositories/carts';
import { discountFor, PER_CUSTOMER_MESSAGE, toCoupon, type CouponRow } from '../db/repositories/coupons';
import { ACTOR, PAYMENT_CURRENCY } from '../domain/payments';
import { productImages } from '../db/repositories/catalog';
import { toTracked } from '../db/repositories/orders';
import { toCustomer } from '../db/repositories/customers';
import { LIMIT_MESSAGE } from './cart';

/** Spec §5 cancel reasons. */
export const CANCEL_REASONS = [
  'Ordered by Mistake', 'Found Cheaper Elsewhere', 'Delivery Time is Too Long', 'Changed My Mind',
  'Product Details Are Incorrect', 'Payment Issue', 'Quantity Issue', 'Not Needed Anymore', 'Other',
] as const;

/** The contract's checkout payload; the server also takes null for the optional fields. */
type CheckoutBody = Omit<CheckoutPayload, 'alt_phone_number' | 'coupon_code'> & {
  alt_phone_number?: string | null;
  coupon_code?: string | null;
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

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const config = { auth: 'customer' as const };
  const ordersReply = reply({ type: 'array', items: s.order });

  app.get('/customer/orders', {
    config,
    schema: { tags: ['orders'], summary: 'Orders of the signed-in customer, newest first', security: security.customer, response: ordersReply },
  }, async (req) => ({ success: true, message: 'Orders fetched successfully', data: await app.repos.orders.listForCustomer(customerOf(req).id) }));

  app.post<{ Body: { order_id: number; reject_reason_select: string; reject_reason_input?: string } }>('/customer/cancel-order', {
    config,
    schema: {
      tags: ['orders'], summary: 'Cancel an order in one of the five cancellable statuses (spec §4)', security: security.customer,
      body: body({
        order_id: f.id('Order'),
        reject_reason_select: { type: 'string', enum: [...CANCEL_REASONS], 'x-messages': { required: 'Please select a reason', invalid: 'Please select a valid reason' } },
        reject_reason_input: { type: ['string', 'null'], maxLength: 500, 'x-messages': { maxLength: 'Cannot exceed 500 characters', invalid: 'Please specify your reason' } },
      }, ['order_id', 'reject_reason_select']),
      response: reply(s.order, { status: { type: 'boolean' } }),
    },
  }, async (req) => {
    const me = customerOf(req);
    const { order_id, reject_reason_select, reject_reason_input } = req.body;
    let reason: string = reject_reason_select;
    if (reject_reason_select === 'Other') {
      if (reject_reason_input === undefined || reject_reason_input === null) throw fieldError('reject_reason_input', 'Please specify your reason');
      if (reject_reason_input.trim() === '') throw fieldError('reject_reason_input', 'Reason cannot be empty');
      reason = reject_reason_input.trim();
    }
    // Unpaid: the checkout is cancelled and its stock returns; paid: cancelled with a full refund (domain/payments).
    const order = await app.payments.cancel(me.id, order_id, reason);
    const message = order.payment_status === 'refund_pending' || order.payment_status === 'refunded'
      ? `Order cancelled successfully. A refund of ₹${order.final_amount} has been ${order.payment_status === 'refunded' ? 'made' : 'requested'}.`
      : 'Order cancelled successfully';
    return { success: true, status: true, message, data: order };
  });

  app.post<{ Body: CheckoutBody }>('/checkout1', {
    config,
    schema: {
      tags: ['orders'], summary: 'Place the order(s) of the server cart: one order per line, in one transaction', security: security.customer,
      body: body({
        email: f.email, firstname: f.name, lastname: f.name, address: f.address, pincode: f.pincode, city: f.city, state: f.state,
        alt_phone_number: f.altPhone,
        payment_method: { type: 'string', enum: ['cod', 'prepaid'], 'x-messages': { required: 'Please select a payment method', invalid: 'Please select a payment method' } },
        coupon_code: { type: ['string', 'null'], maxLength: 50 },
      }, ['email', 'firstname', 'lastname', 'address', 'pincode', 'city', 'state', 'payment_method']),
      response: reply({
        type: 'object',
        required: ['order_id', 'order_numbers', 'customer', 'payment'],
        properties: {
          order_id: { type: 'array', items: { type: 'integer' } },
          order_numbers: { type: 'array', items: { type: 'string' } },
          customer: s.customer,
          payment: { anyOf: [{ type: 'object', properties: { payment_id: { type: 'string' }, amount: { type: 'string' }, provider: { type: 'string' }, expires_at: { type: 'string' } } }, { type: 'null' }] },
        },
      }, {}, 201),
    },
  }, async (req, res) => {
    const me = customerOf(req);
    const b = req.body;
    const couponCode = b.coupon_code?.trim() ? b.coupon_code.trim().toUpperCase() : null;
    const now = app.clock.now();
    const result = await app.tx(async (r) => {
      const rows = await r.carts.listForCheckout(me.id);
      if (rows.length === 0) throw badRequest('Your cart is empty');
      // Stock is re-read inside the transaction: what the cart showed earlier may be gone.
      const problems = rows.flatMap((row) =>
        row.stock <= 0 ? [`${row.name} (${row.label}) is out of stock`]
          : row.stock < row.quantity ? [`${row.name} (${row.label}): only ${row.stock} left in stock`] : [],
      );
      if (problems.length) throw conflict(problems);
      const total = cartTotal(rows);
      if (total > CART_LIMIT) throw unprocessable(LIMIT_MESSAGE);

      let coupon: CouponRow | null = null;
      if (couponCode) {
        coupon = await r.coupons.check(couponCode, total, now, me.id);
        // Counted here, inside the transaction, by conditional updates: of two parallel checkouts with a
        // once-only coupon exactly one gets it (a guest's OTP checkout counts against the account it is in).
        if (!(await r.coupons.redeemFor(coupon, me.id))) throw conflict(PER_CUSTOMER_MESSAGE, { coupon_code: PER_CUSTOMER_MESSAGE });
        if (!(await r.coupons.redeem(coupon.id))) throw conflict('This coupon has reached its usage limit', { coupon_code: 'This coupon has reached its usage limit' });
      }
      const discount = coupon ? discountFor(coupon, total) : 0;
      const lineTotals = rows.map((row) => row.price * row.quantity);
      const shares = splitDiscount(lineTotals, discount);

      for (const row of rows) {
        if (!(await r.catalog.takeStock(row.variation_id, row.quantity))) {
          throw conflict(`${row.name} (${row.label}) sold out while you were checking out`);
        }
      }
      await r.catalog.refreshProducts(rows.map((row) => row.product_id));

      const prepaid = b.payment_method === 'prepaid';
      const holdEnds = app.payments.holdEndsAt(now);
      const paymentId = prepaid
        ? await r.payments.create({ customerId: me.id, amount: total - discount, couponCode: coupon?.code ?? null, provider: app.payments.providerId, currency: PAYMENT_CURRENCY, expiresAt: holdEnds })
        : null;
      const email = b.email.trim().toLowerCase();
      const fullName = `${b.firstname.trim()} ${b.lastname.trim()}`;
      const ids: number[] = [];
      const numbers: string[] = [];
      for (const [i, row] of rows.entries()) {
        const share = shares[i] ?? 0;
        const order = await r.orders.create({
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
        }, now, ACTOR.customer(me.id));
        ids.push(order.id);
        numbers.push(order.order_number);
      }

      // The checkout address becomes the saved one; a guest's first checkout also fills in name and e-mail.
      const patch: Parameters<typeof r.customers.update>[1] = {
        address: b.address.trim(), pincode: b.pincode, city: b.city.trim(), state: b.state.trim(), address_alt_phone: b.alt_phone_number || null,
      };
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
        payment: paymentId ? { payment_id: paymentId, amount: money(total - discount), provider: app.payments.providerId, expires_at: new Date(holdEnds).toISOString() } : null,
      };
    });
    res.status(201);
    return { success: true, message: 'Order placed successfully', data: result };
  });

  app.post<{ Body: { coupon_code: string } }>('/apply-coupon', {
    config,
    schema: {
      tags: ['orders'], summary: 'Check a coupon against the cart total', security: security.customer,
      body: body({ coupon_code: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S', 'x-messages': { required: 'Please enter a coupon code', invalid: 'Invalid Code' } } }, ['coupon_code']),
      response: reply({ type: 'object', required: ['coupon'], properties: { coupon: s.coupon } }),
    },
  }, async (req) => {
    const me = customerOf(req);
    const rows = await app.repos.carts.list(me.id);
    if (rows.length === 0) throw badRequest('Your cart is empty', { coupon_code: 'Your cart is empty' });
    const total = cartTotal(rows);
    const coupon = await app.repos.coupons.check(req.body.coupon_code, total, app.clock.now(), me.id);
    return { success: true, message: 'Coupon applied successfully', data: { coupon: toCoupon(coupon, total) } };
  });

  app.post<{ Body: { track_no: string } }>('/customer/track-order', {
    config: { auth: 'optional' },
    schema: {
      tags: ['orders'], summary: 'Track an order by its number: status, dates, item, city and masked name; the full address and phones only to its signed-in owner', security: security.apiKey,
      body: body({ track_no: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S', 'x-messages': { required: 'Please enter your order number', invalid: 'Please enter your order number' } } }, ['track_no']),
      response: reply(s.trackedOrder),
    },
  }, async (req) => {
    const trackNo = req.body.track_no.trim().toUpperCase();
    const order = await app.repos.orders.byNumber(trackNo);
    if (!order) throw notFound('Order not found');
    const owner = req.customer !== null && (await app.repos.orders.customerIdOf(trackNo)) === req.customer.id;
    return { success: true, message: 'Order found', data: toTracked(order, owner) };
  });
}
