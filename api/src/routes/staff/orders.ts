import { formatStatus, nextStatuses, ORDER_STATUSES, PAYMENT_STATUSES, TRACKING_URL_PATTERN } from '@storefront/contract';
import {
  answer,
  documentQuery,
  documentReply,
  sendDocument,
  fields,
  replies,
  reply,
  staffSecurity,
  type RoutesPlugin,
} from '../../schemas';
import { documentDownload } from '../../domain/invoicePdf';
import { moveOrder, type FulfilmentDeps } from '../../domain/fulfilment';
import { toOrder } from '../../domain/wire';
import { notFound } from '../../lib/errors';
import { toPaise } from '../../lib/money';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-messages': { invalid: 'Must be a date (YYYY-MM-DD)' } } as const;
const status = (label: string) =>
  ({
    type: 'string',
    enum: ORDER_STATUSES,
    'x-messages': { required: `${label} is required`, invalid: `${label} is not an order status` },
  }) as const;
const numberParams = {
  type: 'object',
  properties: { number: { type: 'string', pattern: '^[A-Za-z0-9]{4,40}$', 'x-messages': { invalid: 'Invalid order number' } } },
  required: ['number'],
  additionalProperties: false,
} as const;
const next = { type: 'array', items: { type: 'string', enum: ORDER_STATUSES } } as const;

/** The order queue and the moves of contract/fulfilment's table (any staff member). */
export const staffOrderRoutes: RoutesPlugin = async (app) => {
  const config = { staff: 'staff' as const };
  const deps: FulfilmentDeps = {
    repos: app.repos,
    tx: app.tx,
    processRefund: (id, actor) => app.payments.processRefund(id, actor),
    invoices: app.invoices,
  };

  app.get(
    '/orders/:number/document',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: "An order's tax invoice or credit note as a PDF (issue 39)",
        security: staffSecurity,
        params: numberParams,
        querystring: documentQuery,
        response: documentReply,
      },
    },
    async (req, res) => {
      const order = await app.repos.orders.byNumberRow(req.params.number.toUpperCase());
      if (!order) throw notFound('Order not found');
      return sendDocument(res, await documentDownload(app.repos, order, req.query.kind));
    },
  );

  app.get(
    '/orders',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'The order queue, oldest waiting first; filter by status, payment status and order date',
        security: staffSecurity,
        querystring: {
          type: 'object',
          properties: {
            status: status('Status'),
            payment_status: { type: 'string', enum: PAYMENT_STATUSES, 'x-messages': { invalid: 'Unknown payment status' } },
            from: day,
            to: day,
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, 'x-messages': { invalid: 'Page must be a positive number' } },
            per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25, 'x-messages': { invalid: 'Per page must be 1 to 100' } },
          },
          additionalProperties: false,
        } as const,
        response: reply(
          answer({
            orders: { type: 'array', items: replies.order },
            total: { type: 'integer' },
            page: { type: 'integer' },
            per_page: { type: 'integer' },
          }),
        ),
      },
    },
    async (req) => {
      const q = req.query;
      const { ids, total } = await app.repos.fulfilment.queue({
        page: q.page,
        perPage: q.per_page,
        ...(q.status !== undefined ? { status: q.status } : {}),
        ...(q.payment_status !== undefined ? { paymentStatus: q.payment_status } : {}),
        ...(q.from !== undefined ? { fromDay: q.from } : {}),
        ...(q.to !== undefined ? { toDay: q.to } : {}),
      });
      const byId = new Map((await app.repos.orders.byIds(ids)).map((o) => [o.row.id, toOrder(o)]));
      const orders = ids.flatMap((id) => byId.get(id) ?? []);
      return { success: true, data: { orders, total, page: q.page, per_page: q.per_page } };
    },
  );

  app.get(
    '/orders/:number',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'One order with the statuses it may move to',
        security: staffSecurity,
        params: numberParams,
        response: reply(answer({ order: replies.order, next })),
      },
    },
    async (req) => {
      const record = await app.repos.orders.byNumber(req.params.number.toUpperCase());
      if (!record) throw notFound('Order not found');
      const order = toOrder(record);
      return { success: true, data: { order, next: [...nextStatuses(order.status)] } };
    },
  );

  app.post(
    '/orders/:number/status',
    {
      config,
      schema: {
        tags: ['staff'],
        summary: 'Moves an order from the status the member saw to an allowed next one (contract ORDER_TRANSITIONS)',
        description:
          'shipped needs courier and tracking_number (AWB); delivered of a cash-on-delivery order needs collected_amount; cancelled needs reason. A repeat by the same member answers the order unchanged (`changed: false`); a move someone else made first is 409.',
        security: staffSecurity,
        params: numberParams,
        body: {
          type: 'object',
          properties: {
            from: status('From'),
            to: status('To'),
            courier: fields.text('Courier is required', 60),
            tracking_number: {
              type: 'string',
              pattern: '^[A-Za-z0-9-]{4,40}$',
              'x-messages': { invalid: 'Tracking number must be 4 to 40 letters, digits or dashes' },
            },
            tracking_url: {
              type: 'string',
              maxLength: 500,
              pattern: TRACKING_URL_PATTERN,
              'x-messages': { invalid: 'Tracking link must be an https:// address', maxLength: 'Cannot exceed 500 characters' },
            },
            collected_amount: {
              type: 'string',
              pattern: '^\\d{1,9}(\\.\\d{1,2})?$',
              'x-messages': { invalid: 'Must be an amount in rupees' },
            },
            reason: fields.text('Please give the reason for cancelling', 300),
          },
          required: ['from', 'to'],
          additionalProperties: false,
        } as const,
        response: reply(answer({ order: replies.order, changed: { type: 'boolean' }, next })),
      },
    },
    async (req) => {
      const b = req.body;
      const { order, changed } = await moveOrder(deps, req.requireStaff().member, req.params.number.toUpperCase(), {
        from: b.from,
        to: b.to,
        courier: b.courier?.trim(),
        tracking_number: b.tracking_number?.toUpperCase(),
        tracking_url: b.tracking_url,
        reason: b.reason?.trim(),
        collected: b.collected_amount !== undefined ? (toPaise(b.collected_amount) ?? undefined) : undefined,
      });
      return {
        success: true,
        message: changed
          ? `Order ${order.order_number} is now ${formatStatus(order.status)}`
          : `Order ${order.order_number} was already ${formatStatus(order.status)}`,
        data: { order, changed, next: [...nextStatuses(order.status)] },
      };
    },
  );
};
