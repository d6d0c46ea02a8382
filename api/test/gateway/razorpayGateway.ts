import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Razorpay at the network edge (tests only): its documented REST shapes (Basic auth
 * key_id:key_secret; POST /v1/orders; GET /v1/payments/:id; POST /v1/payments/:id/capture; POST
 * /v1/payments/:id/refund; GET /v1/payments/:id/refunds; errors as `{ error: { code, description } }`),
 * signed webhooks (X-Razorpay-Signature = HMAC-SHA256 of the raw body with the webhook secret), and a small
 * checkout.js that behaves like Razorpay's Checkout for browser tests: `new Razorpay(options).open()`,
 * `handler` with razorpay_payment_id / razorpay_order_id / razorpay_signature, `modal.ondismiss`, and
 * `on('payment.failed')`. Everything the product does is real; only the gateway is this server.
 */

export interface GatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where to send webhooks (the API's /api/payment/razorpay/webhook); none when omitted. */
  webhookUrl?: string;
  port?: number;
  /** The status new refunds get: 'processed' at once, or 'pending' until `processRefund`. */
  refundStatus?: 'processed' | 'pending';
  /** Captured payments start 'authorized' (manual capture) instead of 'captured'. */
  authorizeOnly?: boolean;
}

interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
export const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

export class RazorpayGateway {
  readonly orders = new Map<string, OrderEntity>();
  readonly payments = new Map<string, PaymentEntity>();
  readonly refunds = new Map<string, RefundEntity>();
  /** Every API request received: method, path and body (the tests read what the product sent). */
  readonly requests: { method: string; path: string; body: unknown; auth: string | undefined }[] = [];
  /** Webhook answers from the API, newest last. */
  readonly deliveries: { event: string; status: number }[] = [];
  /** Set to make the next N refund requests fail with a 502 (a gateway outage). */
  failRefunds = 0;
  private server: http.Server | null = null;
  url = '';

  constructor(readonly opts: GatewayOptions) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    // Started again after a stop (an outage in a test): the same port, so the API's configuration still fits.
    const wanted = this.opts.port ?? (this.url ? Number(new URL(this.url).port) : 0);
    await new Promise<void>((resolve) => this.server?.listen(wanted, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // ---------- what a shopper does in the gateway's window, and what the gateway then sends ----------

  /**
   * A payment attempt on a gateway order. Success: captured (or authorised) and signed as Checkout signs it
   * for the handler; failure: a failed payment. `amount`/`currency` default to the order's.
   */
  pay(
    orderId: string,
    opts: { outcome?: 'success' | 'failure'; amount?: number; currency?: string } = {},
  ): { payment: PaymentEntity; signature: string | null } {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no gateway order ${orderId}`);
    const ok = (opts.outcome ?? 'success') === 'success';
    const payment: PaymentEntity = {
      id: newId('pay'),
      entity: 'payment',
      amount: opts.amount ?? order.amount,
      currency: opts.currency ?? order.currency,
      status: ok ? (this.opts.authorizeOnly ? 'authorized' : 'captured') : 'failed',
      order_id: order.id,
      method: 'upi',
      captured: ok && !this.opts.authorizeOnly,
      amount_refunded: 0,
      refund_status: null,
      error_code: ok ? null : 'BAD_REQUEST_ERROR',
      error_description: ok ? null : 'Payment declined by the bank',
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = ok && payment.status === 'captured' ? 'paid' : 'attempted';
    if (order.status === 'paid') {
      order.amount_paid = payment.amount;
      order.amount_due = 0;
    }
    return { payment, signature: ok ? hmac(this.opts.keySecret, `${order.id}|${payment.id}`) : null };
  }

  /** The webhook body for an event about a payment (and its order) or a refund, as Razorpay shapes it. */
  eventBody(event: string, entity: PaymentEntity | RefundEntity): string {
    const payload: Record<string, unknown> = {};
    if (entity.entity === 'payment') {
      payload.payment = { entity };
      if (event === 'order.paid') payload.order = { entity: this.orders.get(entity.order_id) };
    } else {
      payload.refund = { entity };
      const payment = this.payments.get(entity.payment_id);
      if (payment) payload.payment = { entity: payment };
    }
    return JSON.stringify({ entity: 'event', account_id: 'acc_local', event, contains: Object.keys(payload), payload, created_at: now() });
  }

  /** Sends a signed webhook (or one signed with `secret`) to the API; resolves to the API's HTTP status. */
  async sendWebhook(body: string, opts: { secret?: string; eventId?: string } = {}): Promise<number> {
    if (!this.opts.webhookUrl) throw new Error('no webhook URL');
    const res = await fetch(this.opts.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac(opts.secret ?? this.opts.webhookSecret, body),
        'x-razorpay-event-id': opts.eventId ?? newId('evt'),
      },
      body,
    });
    await res.text();
    this.deliveries.push({ event: (JSON.parse(body) as { event: string }).event, status: res.status });
    return res.status;
  }

  /** Moves a pending refund to processed, as the bank's settlement would; returns the refund. */
  processRefund(refundId: string): RefundEntity {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = 'processed';
    return refund;
  }

  // ---------- HTTP ----------

  private send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'application/javascript; charset=utf-8' : 'application/json',
      ...headers,
    });
    res.end(text);
  }

  private error(res: http.ServerResponse, status: number, description: string, code = 'BAD_REQUEST_ERROR'): void {
    this.send(res, status, {
      error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} },
    });
  }

  /** The request body as JSON (an object); null after answering 400 when it is not JSON. */
  private async readBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      this.error(res, 400, 'The request body is not valid JSON');
      return null;
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const body = await this.readBody(req, res);
    if (!body) return;
    // The browser side: the checkout script, and the calls its window makes (CORS, no key secret).
    if (url.pathname === '/v1/checkout.js') return this.send(res, 200, CHECKOUT_JS, { 'cache-control': 'no-store' });
    if (url.pathname.startsWith('/checkout/')) return this.browserCall(req, res, url, body);

    const auth = req.headers.authorization;
    this.requests.push({ method: req.method ?? '', path: url.pathname, body, auth });
    const expected = `Basic ${Buffer.from(`${this.opts.keyId}:${this.opts.keySecret}`).toString('base64')}`;
    if (auth !== expected) return this.error(res, 401, 'The api key provided is invalid', 'BAD_REQUEST_ERROR');

    if (req.method === 'POST' && url.pathname === '/v1/orders') return this.createOrder(res, body);
    const m = /^\/v1\/payments\/([^/]+)(\/capture|\/refund|\/refunds)?$/.exec(url.pathname);
    const payment = m ? this.payments.get(decodeURIComponent(m[1] ?? '')) : undefined;
    if (m && !payment) return this.error(res, 400, 'The id provided does not exist');
    if (m && payment) {
      const action = m[2];
      if (req.method === 'GET' && !action) return this.send(res, 200, payment);
      if (req.method === 'POST' && action === '/capture') return this.capture(res, payment, body);
      if (req.method === 'GET' && action === '/refunds') {
        const items = [...this.refunds.values()].filter((r) => r.payment_id === payment.id);
        return this.send(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (req.method === 'POST' && action === '/refund') return this.refund(res, payment, body);
    }
    return this.error(res, 404, 'The requested URL was not found on the server.', 'NOT_FOUND');
  }

  /** What the checkout window calls (CORS): a payment attempt with the outcome the shopper picked. */
  private browserCall(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Record<string, unknown>): void {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (req.method === 'OPTIONS') return this.send(res, 204, {}, cors);
    if (url.pathname === '/checkout/attempt' && req.method === 'POST') {
      const orderId = String(body.order_id ?? '');
      if (body.key_id !== this.opts.keyId || !this.orders.has(orderId))
        return this.send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid key or order' } }, cors);
      const outcome = body.outcome === 'failure' ? 'failure' : 'success';
      const { payment, signature } = this.pay(orderId, { outcome });
      // Like Razorpay: the webhook goes out whatever the browser does next.
      if (this.opts.webhookUrl)
        void this.sendWebhook(this.eventBody(outcome === 'success' ? 'payment.captured' : 'payment.failed', payment)).catch(
          () => undefined,
        );
      return this.send(
        res,
        200,
        outcome === 'success'
          ? { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: signature }
          : {
              error: {
                code: 'BAD_REQUEST_ERROR',
                description: payment.error_description,
                source: 'bank',
                step: 'payment_authorization',
                reason: 'payment_failed',
                metadata: { order_id: orderId, payment_id: payment.id },
              },
            },
        cors,
      );
    }
    return this.send(res, 404, { error: { code: 'NOT_FOUND', description: 'Not found' } }, cors);
  }

  private createOrder(res: http.ServerResponse, body: Record<string, unknown>): void {
    const amount = body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      return this.error(res, 400, 'The amount must be atleast INR 1.00');
    if (typeof body.currency !== 'string') return this.error(res, 400, 'The currency field is required.');
    const order: OrderEntity = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: body.currency,
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'created',
      attempts: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: now(),
    };
    this.orders.set(order.id, order);
    return this.send(res, 200, order);
  }

  private capture(res: http.ServerResponse, payment: PaymentEntity, body: Record<string, unknown>): void {
    if (payment.status !== 'authorized') return this.error(res, 400, 'This payment has already been captured');
    if (body.amount !== payment.amount || body.currency !== payment.currency)
      return this.error(res, 400, 'Capture amount must be equal to the amount authorized');
    payment.status = 'captured';
    payment.captured = true;
    const order = this.orders.get(payment.order_id);
    if (order) order.status = 'paid';
    return this.send(res, 200, payment);
  }

  private refund(res: http.ServerResponse, payment: PaymentEntity, body: Record<string, unknown>): void {
    if (this.failRefunds > 0) {
      this.failRefunds -= 1;
      return this.error(res, 502, 'Bad gateway', 'SERVER_ERROR');
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded') return this.error(res, 400, 'The payment has not been captured');
    const amount = typeof body.amount === 'number' ? body.amount : payment.amount - payment.amount_refunded;
    if (amount <= 0 || payment.amount_refunded + amount > payment.amount)
      return this.error(res, 400, 'The refund amount provided is greater than amount captured');
    const refund: RefundEntity = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: this.opts.refundStatus ?? 'processed',
      created_at: now(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    return this.send(res, 200, refund);
  }
}

/**
 * The browser half of the stand-in: a tiny Razorpay Checkout. `open()` shows a dialog in the page with the
 * amount and three buttons (pay, fail, close); pay and fail call the gateway's origin (CSP connect-src),
 * then call `handler` or the `payment.failed` callbacks the way Razorpay does; close calls
 * `modal.ondismiss`. A failed attempt keeps the dialog open for another try, as Razorpay's does.
 */
const CHECKOUT_JS = `(function () {
  var script = document.currentScript;
  var origin = new URL(script.src).origin;
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
  }
  Razorpay.prototype.on = function (name, fn) { (this.listeners[name] = this.listeners[name] || []).push(fn); };
  Razorpay.prototype.close = function () { if (this.root) { this.root.remove(); this.root = null; } };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    if (self.root) return;
    var root = document.createElement('div');
    root.setAttribute('role', 'dialog');
    root.setAttribute('aria-label', 'Razorpay Checkout');
    root.setAttribute('data-gateway', 'razorpay-local');
    root.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:99999';
    var box = document.createElement('div');
    box.style.cssText = 'background:#fff;padding:24px;border-radius:8px;min-width:280px;font:16px sans-serif';
    var title = document.createElement('p');
    title.textContent = (o.name || 'Checkout') + ': ' + o.currency + ' ' + (o.amount / 100).toFixed(2);
    var status = document.createElement('p');
    status.setAttribute('role', 'status');
    function button(label, fn) { var b = document.createElement('button'); b.type = 'button'; b.textContent = label; b.style.margin = '4px'; b.onclick = fn; box.appendChild(b); return b; }
    box.appendChild(title); box.appendChild(status);
    function attempt(outcome) {
      status.textContent = 'Processing…';
      fetch(origin + '/checkout/attempt', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: o.key, order_id: o.order_id, outcome: outcome }) })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          if (answer.razorpay_payment_id) { self.close(); o.handler && o.handler(answer); return; }
          status.textContent = 'Payment failed: ' + answer.error.description;
          (self.listeners['payment.failed'] || []).forEach(function (fn) { fn({ error: answer.error }); });
        })
        .catch(function (e) { status.textContent = 'Network error: ' + e.message; });
    }
    button('Pay with UPI (local gateway)', function () { attempt('success'); });
    button('Fail this payment', function () { attempt('failure'); });
    button('Close the payment window', function () { self.close(); o.modal && o.modal.ondismiss && o.modal.ondismiss(); });
    root.appendChild(box);
    document.body.appendChild(root);
    self.root = root;
  };
  window.Razorpay = Razorpay;
})();
`;
