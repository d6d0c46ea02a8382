import type { RefundRow } from '../../db/repositories/payments';
import type { Repositories } from '../../db/repositories';
import { money } from '../../lib/money';
import { ACTOR, type PaymentDeps } from './deps';
import { noteOrders } from './orderChanges';
import type { GatewayRefund, PaymentProvider } from './provider';

const REFUND_LEASE_MS = 60_000;

/**
 * Refunds through the provider: asked once per lease, moved once by the gateway's answer or webhook, and
 * written in the orders' history. A gateway failure leaves a refund requested for the sweeper's retry.
 */
export class Refunds {
  constructor(
    private readonly d: PaymentDeps,
    private readonly provider: () => PaymentProvider,
  ) {}

  private get gateway(): PaymentProvider {
    return this.provider();
  }

  /**
   * Asks the provider for a requested refund, once per lease (two processes never ask at once; a retry
   * after a lost answer looks for the earlier refund first). A gateway failure leaves it requested for the
   * sweeper to retry.
   */
  async process(refundId: number, actor: string): Promise<void> {
    const refund = await this.d.repos.payments.claimRefund(refundId, REFUND_LEASE_MS);
    if (!refund) return;
    let answer: GatewayRefund;
    try {
      const gatewayPaymentId = refund.gateway_payment_id;
      if (!gatewayPaymentId && this.gateway.id !== 'test') throw new Error('no gateway payment to refund');
      answer = await this.gateway.refund({
        gatewayPaymentId: gatewayPaymentId ?? refund.payment_id,
        amount: refund.amount,
        receipt: refund.refund_key,
        retry: refund.attempts > 1,
      });
    } catch (err) {
      this.d.log.error(
        { refund_id: refund.id, payment_id: refund.payment_id, err: (err as Error).message },
        'payment: refund request failed, will retry',
      );
      return;
    }
    await this.d.tx(async (r) => {
      const status = answer.status === 'processed' ? 'processed' : answer.status === 'failed' ? 'failed' : 'pending';
      if (!(await r.payments.moveRefund(refund.id, ['requested'], status, answer.id))) return;
      await this.reached(r, refund, status, actor, answer.id);
    });
  }

  /** A refund webhook (refund.processed / refund.failed): moves the refund and its order once. */
  async update(gr: GatewayRefund, actor: string): Promise<void> {
    const refund = await this.d.repos.payments.refundByGatewayId(gr.id);
    if (!refund) {
      this.d.log.warn({ gateway_refund_id: gr.id }, 'payment: refund event for an unknown refund');
      return;
    }
    const status = gr.status === 'processed' ? 'processed' : gr.status === 'failed' ? 'failed' : null;
    if (!status) return;
    await this.d.tx(async (r) => {
      if (!(await r.payments.moveRefund(refund.id, ['requested', 'pending'], status))) return;
      await this.reached(r, refund, status, actor, gr.id);
    });
  }

  /** Refunds the provider has not accepted yet (a failed or lost request), asked again. */
  async retry(limit = 20): Promise<void> {
    for (const id of await this.d.repos.payments.refundsToRetry(this.d.clock.now(), limit)) await this.process(id, ACTOR.refundRetry);
  }

  private async reached(
    r: Repositories,
    refund: RefundRow,
    status: 'processed' | 'failed' | 'pending',
    actor: string,
    gatewayRefundId: string,
  ): Promise<void> {
    const orders = refund.order_id !== null ? [refund.order_id] : [];
    const text = `₹${money(refund.amount)}`;
    for (const id of orders) {
      if (status === 'processed')
        await r.orders.movePayment(
          id,
          ['refund_pending', 'refund_failed'],
          'refunded',
          actor,
          `Refund ${gatewayRefundId} of ${text} processed`,
        );
      else if (status === 'failed')
        await r.orders.movePayment(
          id,
          ['refund_pending'],
          'refund_failed',
          actor,
          `Refund ${gatewayRefundId} of ${text} failed: the shop will follow up`,
        );
      else {
        const row = await r.orders.rowById(id);
        if (row) await r.orders.note(id, row.status, actor, `Refund ${gatewayRefundId} of ${text} accepted by the gateway, pending`);
      }
    }
    if (refund.order_id === null) await noteOrders(r, refund.payment_id, actor, `Refund ${gatewayRefundId} of ${text} ${status}`);
    if (status === 'failed')
      this.d.log.error({ refund_id: refund.id, gateway_refund_id: gatewayRefundId }, 'payment: refund failed at the gateway');
  }
}
