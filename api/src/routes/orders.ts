import { CANCELLABLE_STATUSES, CANCEL_REASONS, PAYMENT_METHODS } from '@storefront/contract';
import { answer, body, documentQuery, documentReply, sendDocument, fields, replies, reply, security, type RoutesPlugin } from '../schemas';
import { documentDownload } from '../domain/invoicePdf';
import { placeOrder } from '../domain/checkout';
import { PREPAID_UNAVAILABLE } from '../domain/payments';
import { fieldError, notFound } from '../lib/errors';
import { applyCoupon } from '../domain/coupons';
import { cancelledMessage, cancelReason, trackOrder } from '../domain/orders';
import { toOrder } from '../domain/wire';

const TOO_MANY_DOWNLOADS = 'Too many invoice downloads. Please try again in {after}.';

export const orderRoutes: RoutesPlugin = async (app) => {
  const config = { auth: 'customer' as const };
  const ordersReply = reply({ type: 'array', items: replies.order });

  app.get(
    '/customer/orders',
    {
      config,
      schema: {
        tags: ['orders'],
        summary: 'Orders of the signed-in customer, newest first',
        security: security.customer,
        response: ordersReply,
      },
    },
    async (req) => ({
      success: true,
      message: 'Orders fetched successfully',
      data: (await app.repos.orders.listForCustomer(req.requireCustomer().id)).map(toOrder),
    }),
  );

  app.get(
    '/customer/orders/:order_id/document',
    {
      config,
      preHandler: app.limits.perAddress('invoiceDownloadAddress'),
      schema: {
        tags: ['orders'],
        summary: "An own order's tax invoice or credit note as a PDF (issue 39)",
        security: security.customer,
        params: {
          type: 'object',
          properties: { order_id: fields.id('Order') },
          required: ['order_id'],
          additionalProperties: false,
        } as const,
        querystring: documentQuery,
        response: documentReply,
      },
    },
    async (req, res) => {
      const customerId = req.requireCustomer().id;
      await app.limits.forRequest(res).hit('invoiceDownloadCustomer', `customer:${customerId}`, TOO_MANY_DOWNLOADS);
      const order = await app.repos.orders.rowById(req.params.order_id);
      // Someone else's order is answered as one that does not exist.
      if (!order || order.customer_id !== customerId) throw notFound('Order not found');
      return sendDocument(res, await documentDownload(app.repos, order, req.query.kind));
    },
  );

  app.post(
    '/customer/cancel-order',
    {
      config,
      schema: {
        tags: ['orders'],
        summary: `Cancel an order in a cancellable status (spec §4: ${CANCELLABLE_STATUSES.join(', ')}) or awaiting its payment`,
        security: security.customer,
        body: body(
          {
            order_id: fields.id('Order'),
            reject_reason_select: {
              type: 'string',
              enum: [...CANCEL_REASONS],
              'x-messages': { required: 'Please select a reason', invalid: 'Please select a valid reason' },
            },
            reject_reason_input: {
              type: ['string', 'null'],
              maxLength: 500,
              'x-messages': { maxLength: 'Cannot exceed 500 characters', invalid: 'Please specify your reason' },
            },
          },
          ['order_id', 'reject_reason_select'],
        ),
        response: reply(replies.order, { status: { type: 'boolean' } }),
      },
    },
    async (req) => {
      const { order_id, reject_reason_select, reject_reason_input } = req.body;
      const reason = cancelReason(reject_reason_select, reject_reason_input);
      // Unpaid: the checkout is cancelled and its stock returns; paid: cancelled with a full refund (domain/payments).
      const order = await app.payments.cancel(req.requireCustomer().id, order_id, reason);
      return { success: true, status: true, message: cancelledMessage(order), data: order };
    },
  );

  app.post(
    '/checkout1',
    {
      config,
      schema: {
        tags: ['orders'],
        summary: 'Place the order(s) of the server cart: one order per line, in one transaction',
        security: security.customer,
        body: body(
          {
            email: fields.email,
            firstname: fields.name,
            lastname: fields.name,
            address: fields.address,
            pincode: fields.pincode,
            city: fields.city,
            state: fields.state,
            alt_phone_number: fields.altPhone,
            payment_method: {
              type: 'string',
              enum: [...PAYMENT_METHODS],
              'x-messages': { required: 'Please select a payment method', invalid: 'Please select a payment method' },
            },
            coupon_code: { type: ['string', 'null'], maxLength: 50 },
            address_id: fields.nullableId('Address'),
            buyer_gstin: fields.gstin,
          },
          ['email', 'firstname', 'lastname', 'address', 'pincode', 'city', 'state', 'payment_method'],
        ),
        response: reply(replies.checkoutResult, {}, 201),
      },
    },
    async (req, res) => {
      if (req.body.payment_method === 'prepaid' && !app.payments.prepaidAvailable) {
        throw fieldError('payment_method', PREPAID_UNAVAILABLE);
      }
      const result = await placeOrder(app, {
        me: req.requireCustomer(),
        input: req.body,
        now: app.clock.now(),
        payments: app.payments,
        sessionId: req.sessionId,
      });
      res.status(201);
      return { success: true, message: 'Order placed successfully', data: result };
    },
  );

  app.post(
    '/apply-coupon',
    {
      config,
      schema: {
        tags: ['orders'],
        summary: 'Check a coupon against the cart total',
        security: security.customer,
        body: body(
          {
            coupon_code: {
              type: 'string',
              minLength: 1,
              maxLength: 50,
              pattern: '\\S',
              'x-messages': { required: 'Please enter a coupon code', invalid: 'Invalid Code' },
            },
          },
          ['coupon_code'],
        ),
        response: reply(answer({ coupon: replies.coupon })),
      },
    },
    async (req) => {
      const coupon = await applyCoupon(app.repos, req.requireCustomer().id, req.body.coupon_code, app.clock.now());
      return { success: true, message: 'Coupon applied successfully', data: { coupon } };
    },
  );

  app.post(
    '/customer/track-order',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['orders'],
        summary:
          'Track an order by its number: status, dates, item, city and masked name; the full address and phones only to its signed-in owner',
        security: security.apiKey,
        body: body(
          {
            track_no: {
              type: 'string',
              minLength: 1,
              maxLength: 50,
              pattern: '\\S',
              'x-messages': { required: 'Please enter your order number', invalid: 'Please enter your order number' },
            },
          },
          ['track_no'],
        ),
        response: reply(replies.trackedOrder),
      },
    },
    async (req) => {
      return { success: true, message: 'Order found', data: await trackOrder(app.repos, req.body.track_no, req.customer?.id ?? null) };
    },
  );
};
