import { answer, body, replies, reply, security, type RoutesPlugin } from '../schemas';
import { ACTOR, GatewayError, type GatewayPayment, type GatewayRefund } from '../domain/payments';
import { AppError, badRequest } from '../lib/errors';
import { sha256 } from '../lib/crypto';

const paymentId = { type: 'string', minLength: 1, maxLength: 100, 'x-messages': { required: 'payment_id is required' } } as const;
const gatewayId = (name: string) =>
  ({ type: 'string', minLength: 1, maxLength: 100, 'x-messages': { required: `${name} is required` } }) as const;
const ordersReply = reply(answer({ orders: { type: 'array', items: replies.order } }));

const sessionReply = reply(replies.paymentSession);

/** Webhook bodies are small JSON documents; the gateway retries on anything but 2xx. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

interface WebhookEvent {
  event?: unknown;
  payload?: {
    payment?: {
      entity?: Partial<{
        id: string;
        order_id: string | null;
        amount: number;
        currency: string;
        status: string;
        error_description: string | null;
      }>;
    };
    refund?: { entity?: Partial<{ id: string; payment_id: string; amount: number; status: string }> };
  };
}

function paymentOf(ev: WebhookEvent): GatewayPayment | null {
  const p = ev.payload?.payment?.entity;
  if (!p || typeof p.id !== 'string' || typeof p.amount !== 'number' || typeof p.currency !== 'string' || typeof p.status !== 'string')
    return null;
  return {
    id: p.id,
    orderId: typeof p.order_id === 'string' ? p.order_id : null,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    errorDescription: p.error_description ?? null,
  };
}

function refundOf(ev: WebhookEvent): GatewayRefund | null {
  const r = ev.payload?.refund?.entity;
  if (!r || typeof r.id !== 'string' || typeof r.status !== 'string') return null;
  return { id: r.id, paymentId: r.payment_id ?? '', amount: r.amount ?? 0, status: r.status };
}

/**
 * Payment calls (spec §7: "Payment provider calls: not shown"; docs/api-contract.md): the payment page's
 * start, the Razorpay checkout's verification, cancel before paying, the test provider's confirm
 * (development and test only), and the Razorpay webhook (no API key: its signature is the proof).
 */
export const paymentRoutes: RoutesPlugin = async (app) => {
  const config = { auth: 'customer' as const };
  const provider = app.config.payments.provider;
  // A cash-on-delivery shop has no payment to start, verify or be told about: the routes do not exist.
  if (provider === 'none') return;

  app.post(
    '/payment/start',
    {
      config,
      schema: {
        tags: ['payments'],
        summary: 'The payment page: amount, hold, and what the gateway checkout needs (creates the gateway order once)',
        security: security.customer,
        body: body({ payment_id: paymentId }, ['payment_id']),
        response: sessionReply,
      },
    },
    async (req) => {
      try {
        return { success: true, message: 'Payment ready', data: await app.payments.start(req.requireCustomer().id, req.body.payment_id) };
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        // No gateway order yet, so nothing can have been paid: the page offers to try again.
        req.log.error({ err: err.message }, 'razorpay unreachable while creating a gateway order');
        throw new AppError(502, 'We could not reach the payment gateway. Nothing was charged: please try again in a moment.');
      }
    },
  );

  app.post(
    '/payment/cancel',
    {
      config,
      schema: {
        tags: ['payments'],
        summary: 'Cancel an unpaid prepaid checkout: its orders are cancelled and their stock returns at once',
        security: security.customer,
        body: body({ payment_id: paymentId }, ['payment_id']),
        response: ordersReply,
      },
    },
    async (req) => ({
      success: true,
      message: 'Order cancelled. Nothing was charged.',
      data: { orders: await app.payments.cancelPayment(req.requireCustomer().id, req.body.payment_id) },
    }),
  );

  if (provider === 'test' && app.config.dev) {
    app.post(
      '/payment/test/confirm',
      {
        config,
        schema: {
          tags: ['payments'],
          summary: 'Test payment provider (development and test only): settle a prepaid checkout',
          security: security.customer,
          body: body(
            {
              payment_id: paymentId,
              outcome: {
                type: 'string',
                enum: ['success', 'failure'],
                'x-messages': { required: 'outcome is required', invalid: 'outcome must be success or failure' },
              },
            },
            ['payment_id', 'outcome'],
          ),
          response: ordersReply,
        },
      },
      async (req) => {
        const { payment_id, outcome } = req.body;
        const orders = await app.payments.confirmTest(req.requireCustomer().id, payment_id, outcome);
        return {
          success: true,
          message: outcome === 'success' ? 'Payment successful. Order placed successfully' : 'Payment failed',
          data: { orders },
        };
      },
    );
  }

  if (provider !== 'razorpay') return;

  app.post(
    '/payment/razorpay/verify',
    {
      config,
      schema: {
        tags: ['payments'],
        summary: "Razorpay Checkout's handler result: signature checked, payment read back from Razorpay, settled once",
        security: security.customer,
        body: body(
          {
            payment_id: paymentId,
            razorpay_payment_id: gatewayId('razorpay_payment_id'),
            razorpay_order_id: gatewayId('razorpay_order_id'),
            razorpay_signature: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              'x-messages': { required: 'razorpay_signature is required' },
            },
          },
          ['payment_id', 'razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature'],
        ),
        response: ordersReply,
      },
    },
    async (req) => {
      try {
        return {
          success: true,
          message: 'Payment received. Order placed successfully',
          data: { orders: await app.payments.verifyCheckout(req.requireCustomer().id, req.body) },
        };
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        req.log.error({ err: err.message }, 'razorpay unreachable while verifying a checkout');
        throw new AppError(
          502,
          'We could not reach the payment gateway to confirm your payment. If money was taken, your order will be confirmed automatically.',
        );
      }
    },
  );

  // The webhook is signed over its exact bytes: this scope keeps the body raw instead of parsing JSON.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, raw, done) => done(null, raw));
    hook.post(
      '/payment/razorpay/webhook',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['payments'],
          summary:
            'Razorpay webhook: X-Razorpay-Signature = HMAC-SHA256(raw body, webhook secret); events payment.captured, order.paid, payment.failed, refund.processed, refund.failed',
          response: reply(),
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['x-razorpay-signature'];
        if (!app.payments.verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined)) {
          req.log.warn('razorpay webhook with a bad signature refused');
          throw badRequest('Invalid signature');
        }
        let event: WebhookEvent;
        try {
          event = JSON.parse(raw.toString('utf8')) as WebhookEvent;
        } catch {
          throw badRequest('Invalid JSON');
        }
        const type = typeof event.event === 'string' ? event.event : '';
        const header = req.headers['x-razorpay-event-id'];
        const eventId = typeof header === 'string' && header ? header.slice(0, 100) : `sha256:${sha256(raw.toString('utf8'))}`;
        // A replay (the gateway retrying, or someone resending a signed body) is answered and ignored.
        if (!(await app.repos.payments.recordEvent(eventId, type))) return { success: true, message: 'Already processed' };
        try {
          const payment = paymentOf(event);
          if ((type === 'payment.captured' || type === 'order.paid' || type === 'payment.authorized') && payment) {
            await app.payments.settleGatewayPayment(payment, ACTOR.webhook);
          } else if (type === 'payment.failed' && payment) {
            await app.payments.failedAttempt(payment, ACTOR.webhook);
          } else if (type === 'refund.processed' || type === 'refund.failed') {
            const refund = refundOf(event);
            if (refund) await app.payments.refundUpdate(refund, ACTOR.webhook);
          }
        } catch (err) {
          // Let the gateway retry this event later.
          await app.repos.payments.forgetEvent(eventId);
          throw err;
        }
        return { success: true, message: 'Processed' };
      },
    );
  });
};
