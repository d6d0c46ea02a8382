import type { Repositories } from '../../db/repositories';
import type { PaymentRow } from '../../db/repositories/payments';
import type { OrderRow } from '../../db/repositories/orders';
import { money } from '../../lib/money';
import { AppError, conflict, notFound } from '../../lib/errors';
import { CANCELLABLE_STATUSES, type Order, type PaymentSession } from '@storefront/contract';
import { ACTOR, type PaymentDeps, type SettleResult } from './deps';
import { noteOrders, releaseCheckout } from './orderChanges';
import { GatewayError, type GatewayPayment, type GatewayRefund, type PaymentProvider } from './provider';
import { Refunds } from './refunds';
import { toOrder } from '../wire';

export { ACTOR, PAYMENT_CURRENCY, type PaymentDeps, type PaymentLog, type SettleResult } from './deps';

const rupeesText = (paise: number, currency: string) => `${currency} ${money(paise)}`;

/**
 * Prepaid checkouts from hold to settlement, cancellation and refund. Pure rules and transactions: the
 * routes validate and call these; the provider is the only way out to the gateway. Every change is a
 * conditional update, so replays, retries and several API processes change each thing at most once.
 *
 * Payment (one per checkout): pending → paid | failed (test provider) | expired (hold ran out) | cancelled
 * (the shopper cancelled before paying). Order: payment_pending → order_placed | payment_failed |
 * payment_expired | cancelled; order_placed … ready_for_pickup → cancelled (spec §4), with a refund when paid.
 */
export class PaymentService {
  private readonly refunds: Refunds;

  constructor(private readonly d: PaymentDeps) {
    this.refunds = new Refunds(d, () => this.gateway);
  }

  /** The end of the hold of a checkout placed now. */
  holdEndsAt(now = this.d.clock.now()): number {
    return now + Math.round(this.d.config.holdMinutes * 60_000);
  }

  /** A webhook's signature over its raw body, checked by the provider in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return this.d.provider?.verifyWebhook(rawBody, signature) ?? false;
  }

  /** Whether shoppers may pay online at all: PAYMENT_PROVIDER=none takes cash on delivery only. */
  get prepaidAvailable(): boolean {
    return this.d.provider !== null;
  }

  /**
   * The gateway, for work on payments made while one was configured (a refund of an order paid before the
   * shop turned online payments off): such work fails like an unreachable gateway and stays requested.
   */
  private get gateway(): PaymentProvider {
    if (!this.d.provider) throw new GatewayError('no payment provider is configured (PAYMENT_PROVIDER=none)', 503);
    return this.d.provider;
  }

  /** The provider new checkouts are paid through. */
  get providerId(): 'test' | 'razorpay' {
    return this.gateway.id;
  }

  // ---------- the payment page ----------

  /**
   * `POST /payment/start`: the payment as the page needs it. A gateway provider gets its order created on
   * the first call (outside any transaction: a network call) and recorded once; later calls reuse it.
   */
  async start(customerId: number, paymentId: string): Promise<PaymentSession> {
    let payment = await this.owned(customerId, paymentId);
    const browser = this.gateway.browserCheckout();
    if (payment.status === 'pending' && browser && !payment.gateway_order_id) {
      const orderNumbers = (await this.d.repos.orders.rowsByPayment(payment.id)).map((o) => o.order_number);
      const gatewayOrderId = await this.gateway.createOrder({
        amount: payment.amount,
        currency: payment.currency,
        receipt: payment.id,
        notes: { payment_id: payment.id, orders: orderNumbers.join(',').slice(0, 250) },
      });
      // Two tabs asking at once: the first recorded wins, the other gateway order is never paid.
      await this.d.repos.payments.setGatewayOrder(payment.id, gatewayOrderId);
      payment = await this.owned(customerId, paymentId);
    }
    const orders = await this.d.repos.orders.rowsByPayment(payment.id);
    const now = this.d.clock.now();
    const expires = payment.expires_at ? Date.parse(payment.expires_at) : now;
    return {
      payment_id: payment.id,
      provider: payment.provider === 'razorpay' ? 'razorpay' : 'test',
      status: payment.status as PaymentSession['status'],
      amount: money(payment.amount),
      amount_paise: payment.amount,
      currency: payment.currency,
      expires_at: payment.expires_at,
      seconds_left: payment.status === 'pending' ? Math.max(0, Math.floor((expires - now) / 1000)) : 0,
      order_numbers: orders.map((o) => o.order_number),
      gateway:
        payment.status === 'pending' && browser && payment.gateway_order_id
          ? { key_id: browser.keyId, order_id: payment.gateway_order_id, checkout_url: browser.checkoutUrl }
          : null,
    };
  }

  /**
   * `POST /payment/razorpay/verify`: the checkout's handler result. The signature proves the gateway
   * issued this payment for this order; the payment is then read back from the gateway and settled only
   * when captured for exactly the order's amount and currency.
   */
  async verifyCheckout(
    customerId: number,
    input: { payment_id: string; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  ): Promise<Order[]> {
    const payment = await this.owned(customerId, input.payment_id);
    if (
      !payment.gateway_order_id ||
      payment.gateway_order_id !== input.razorpay_order_id ||
      !this.gateway.verifyCheckout(input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature)
    ) {
      this.d.log.warn(
        { payment_id: payment.id, gateway_order_id: input.razorpay_order_id, gateway_payment_id: input.razorpay_payment_id },
        'payment: checkout signature refused',
      );
      await noteOrders(this.d.repos, payment.id, ACTOR.checkout, 'Payment confirmation refused: the signature did not match');
      throw new AppError(400, 'The payment could not be verified', { razorpay_signature: 'The payment could not be verified' });
    }
    const gp = await this.gateway.fetchPayment(input.razorpay_payment_id);
    const result = await this.settleGatewayPayment(gp, ACTOR.checkout);
    if (result.kind === 'mismatch') throw new AppError(422, 'The amount paid does not match the order. The money taken is being refunded.');
    if (result.kind === 'not-captured') throw conflict('The payment has not gone through yet');
    if (result.kind === 'late') throw conflict('The time to pay this order had run out. The money taken is being refunded.');
    return this.ordersOf(payment.id);
  }

  /** The test provider's confirm (development and test only): the shopper picks the outcome. */
  async confirmTest(customerId: number, paymentId: string, outcome: 'success' | 'failure'): Promise<Order[]> {
    const payment = await this.owned(customerId, paymentId);
    if (payment.provider !== 'test') throw notFound('Payment not found');
    const ids = await this.d.tx(async (r) => {
      // The conditional update first: it decides, and takes the write lock before any read (see expireDue).
      if (!(await r.payments.settle(payment.id, outcome === 'success' ? 'paid' : 'failed')))
        throw conflict('This payment has already been processed');
      const rows = await r.orders.rowsByPayment(payment.id);
      if (outcome === 'success') await this.markPaid(r, rows, ACTOR.testProvider, 'Paid (test provider: no money moved)');
      else
        await releaseCheckout(
          r,
          payment,
          rows,
          { to: 'payment_failed', payment_status: 'failed' },
          ACTOR.testProvider,
          'Payment failed (test provider)',
        );
      return rows.map((o) => o.id);
    });
    return (await this.d.repos.orders.byIds(ids)).map(toOrder);
  }

  // ---------- settlement (checkout handler and webhooks) ----------

  /**
   * Settles the checkout a gateway payment belongs to. Idempotent: the same payment twice changes nothing
   * the second time. An authorised payment is captured first. A payment whose amount or currency differs
   * from the checkout's is refused, logged and, once captured, refunded in full. Money taken after the hold ended (or for a checkout
   * already paid by another payment) is refunded in full.
   */
  async settleGatewayPayment(gp: GatewayPayment, actor: string): Promise<SettleResult> {
    const payment = gp.orderId ? await this.d.repos.payments.byGatewayOrder(gp.orderId) : undefined;
    if (!payment) {
      this.d.log.warn({ gateway_payment_id: gp.id, gateway_order_id: gp.orderId }, 'payment: no checkout for this gateway order');
      return { kind: 'unknown' };
    }
    if (gp.amount !== payment.amount || gp.currency !== payment.currency) {
      const note = `Payment ${gp.id} refused: ${rupeesText(gp.amount, gp.currency)} received, ${rupeesText(payment.amount, payment.currency)} due`;
      this.d.log.error(
        {
          payment_id: payment.id,
          gateway_payment_id: gp.id,
          amount: gp.amount,
          currency: gp.currency,
          expected_amount: payment.amount,
          expected_currency: payment.currency,
        },
        'payment: amount or currency mismatch, not settled',
      );
      await noteOrders(this.d.repos, payment.id, actor, note);
      // Money taken that settles nothing goes back in full (once, whether the webhook or the checkout
      // reported it); an authorisation never captured is released by the gateway itself.
      if (gp.status === 'captured') {
        const refundId = await this.d.tx(async (r) => {
          const { created, refund } = await r.payments.requestRefund({
            key: `mismatch:${gp.id}`,
            paymentId: payment.id,
            orderId: null,
            gatewayPaymentId: gp.id,
            amount: gp.amount,
          });
          if (created)
            await noteOrders(r, payment.id, actor, `Payment ${gp.id}: full refund of ${rupeesText(gp.amount, gp.currency)} requested`);
          return refund.id;
        });
        await this.processRefund(refundId, actor);
      }
      return { kind: 'mismatch', paymentId: payment.id };
    }
    // A webhook carries a snapshot: an 'authorized' one may long be captured (auto-capture). Ask for the
    // payment as it is now, and capture it only if it still waits.
    let captured = gp.status === 'authorized' ? await this.gateway.fetchPayment(gp.id) : gp;
    if (captured.status === 'authorized') captured = await this.gateway.capture(gp.id, payment.amount, payment.currency);
    if (captured.status !== 'captured') return { kind: 'not-captured', paymentId: payment.id, status: captured.status };

    const outcome = await this.d.tx(async (r) => {
      if (await r.payments.settle(payment.id, 'paid', gp.id)) {
        await this.markPaid(
          r,
          await r.orders.rowsByPayment(payment.id),
          actor,
          `Paid: ${rupeesText(gp.amount, gp.currency)}, payment ${gp.id}`,
        );
        return { kind: 'paid' as const };
      }
      const now = await r.payments.byId(payment.id);
      if (now?.status === 'paid' && now.gateway_payment_id === gp.id) return { kind: 'already' as const };
      // Paid after the hold ended or after cancelling, or a second payment for one checkout: give it back.
      const { created, refund } = await r.payments.requestRefund({
        key: `late:${gp.id}`,
        paymentId: payment.id,
        orderId: null,
        gatewayPaymentId: gp.id,
        amount: gp.amount,
      });
      if (created)
        await noteOrders(
          r,
          payment.id,
          actor,
          `Payment ${gp.id} arrived after the order was ${now?.status ?? 'closed'}: full refund requested`,
        );
      return { kind: 'late' as const, refundId: refund.id };
    });
    if (outcome.kind === 'late') {
      this.d.log.warn({ payment_id: payment.id, gateway_payment_id: gp.id }, 'payment: captured after the checkout closed, refunding');
      await this.processRefund(outcome.refundId, actor);
      return { kind: 'late', paymentId: payment.id };
    }
    return { kind: outcome.kind, paymentId: payment.id };
  }

  /** A failed attempt (webhook payment.failed): written in the history; the shopper may still pay until the hold ends. */
  async failedAttempt(gp: GatewayPayment, actor: string): Promise<void> {
    const payment = gp.orderId ? await this.d.repos.payments.byGatewayOrder(gp.orderId) : undefined;
    if (!payment || payment.status !== 'pending') return;
    await noteOrders(
      this.d.repos,
      payment.id,
      actor,
      `Payment attempt ${gp.id} failed${gp.errorDescription ? `: ${gp.errorDescription}` : ''}`,
    );
  }

  // ---------- cancel and refund ----------

  /**
   * The shopper cancels an order. Unpaid: the whole checkout is cancelled (one payment covers its orders)
   * and the stock returns at once. Paid or cash on delivery, in one of spec §4's statuses: the order is
   * cancelled, its stock returns, and a paid one gets a full refund through the provider.
   */
  async cancel(customerId: number, orderId: number, reason: string): Promise<Order> {
    const actor = ACTOR.customer(customerId);
    const result = await this.d.tx(async (r) => {
      const row = await r.orders.rowById(orderId);
      if (!row || row.customer_id !== customerId) throw notFound('Order not found');
      if (row.status === 'payment_pending' && row.payment_id) {
        const payment = await r.payments.byId(row.payment_id);
        if (!payment || !(await r.payments.settle(payment.id, 'cancelled')))
          throw conflict('The payment of this order has just changed. Please refresh.');
        await releaseCheckout(
          r,
          payment,
          await r.orders.rowsByPayment(payment.id),
          { to: 'cancelled', payment_status: 'cancelled', cancel_reason: reason },
          actor,
          'Cancelled before payment: nothing was charged',
        );
        return { refundId: null };
      }
      if (!(CANCELLABLE_STATUSES as readonly string[]).includes(row.status)) throw conflict('This order can no longer be cancelled');
      const paid = row.payment_status === 'paid';
      const moved = await r.orders.move(
        row.id,
        {
          from: [...CANCELLABLE_STATUSES],
          to: 'cancelled',
          cancel_reason: reason,
          ...(paid ? { payment_status: 'refund_pending' as const } : {}),
        },
        actor,
        paid ? `Cancelled: full refund of ₹${money(row.final_amount)} requested` : 'Cancelled',
      );
      if (!moved) throw conflict('This order can no longer be cancelled');
      if (paid) await this.d.invoices.creditNote(r, row.id, actor);
      await r.catalog.returnStock(row.variation_id, row.quantity);
      await r.catalog.refreshProducts([row.product_id]);
      if (!paid || !row.payment_id) return { refundId: null };
      const payment = await r.payments.byId(row.payment_id);
      const { refund } = await r.payments.requestRefund({
        key: `order:${row.id}`,
        paymentId: row.payment_id,
        orderId: row.id,
        gatewayPaymentId: payment?.gateway_payment_id ?? null,
        amount: row.final_amount,
      });
      return { refundId: refund.id };
    });
    if (result.refundId !== null) await this.processRefund(result.refundId, actor);
    const record = await this.d.repos.orders.byId(orderId);
    if (!record) throw notFound('Order not found');
    return toOrder(record);
  }

  /** The payment page's cancel: the checkout of this payment, before it is paid. */
  async cancelPayment(customerId: number, paymentId: string): Promise<Order[]> {
    const payment = await this.owned(customerId, paymentId);
    const first = (await this.d.repos.orders.rowsByPayment(payment.id))[0];
    if (!first) throw notFound('Payment not found');
    if (payment.status !== 'pending') throw conflict('This payment is no longer waiting');
    await this.cancel(customerId, first.id, 'Cancelled before payment');
    return this.ordersOf(payment.id);
  }

  /** Asks the provider for a requested refund (Refunds.process). */
  processRefund(refundId: number, actor: string): Promise<void> {
    return this.refunds.process(refundId, actor);
  }

  /** A refund webhook (refund.processed / refund.failed): moves the refund and its order once. */
  refundUpdate(gr: GatewayRefund, actor: string): Promise<void> {
    return this.refunds.update(gr, actor);
  }

  /** Refunds the provider has not accepted yet (a failed or lost request), asked again. */
  retryRefunds(limit = 20): Promise<void> {
    return this.refunds.retry(limit);
  }

  // ---------- the sweeper ----------

  /**
   * Expires unpaid checkouts whose hold has ended: payment pending → expired, orders → payment_expired,
   * stock and coupon use given back. The conditional update decides, so several sweepers in several
   * processes expire each checkout exactly once. Returns how many this call expired.
   */
  async expireDue(limit = 100): Promise<number> {
    const now = this.d.clock.now();
    let expired = 0;
    for (const id of await this.d.repos.payments.dueForExpiry(now, limit)) {
      const done = await this.d.tx(async (r) => {
        // The conditional update comes first: it decides, and on SQLite it takes the write lock before any
        // read, so a second process waits for it instead of failing on a stale snapshot.
        if (!(await r.payments.settle(id, 'expired', null, now))) return false;
        const payment = await r.payments.byId(id);
        if (!payment) return false;
        await releaseCheckout(
          r,
          payment,
          await r.orders.rowsByPayment(id),
          { to: 'payment_expired', payment_status: 'expired' },
          ACTOR.holdExpiry,
          `Not paid within ${this.d.config.holdMinutes} minutes: stock returned`,
        );
        return true;
      });
      if (done) expired += 1;
    }
    if (expired) this.d.log.info({ expired }, 'payment: unpaid checkouts expired');
    return expired;
  }

  // ---------- helpers ----------

  /** The orders of a payment (a checkout), as the shopper sees them. */
  private async ordersOf(paymentId: string): Promise<Order[]> {
    return (await this.d.repos.orders.byIds((await this.d.repos.orders.rowsByPayment(paymentId)).map((o) => o.id))).map(toOrder);
  }

  private async owned(customerId: number, paymentId: string): Promise<PaymentRow> {
    const payment = await this.d.repos.payments.byId(paymentId);
    if (!payment || payment.customer_id !== customerId) throw notFound('Payment not found');
    return payment;
  }

  private async markPaid(r: Repositories, rows: OrderRow[], actor: string, note: string): Promise<void> {
    for (const row of rows)
      if (await r.orders.move(row.id, { from: ['payment_pending'], to: 'order_placed', payment_status: 'paid' }, actor, note))
        await this.d.invoices.invoice(r, row, actor);
  }
}
