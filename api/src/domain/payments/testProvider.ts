import { randomCode } from '../../lib/crypto';
import type { GatewayPayment, GatewayRefund, PaymentProvider } from './provider';

/**
 * Development and test only (config refuses it in production): no money moves. The shopper picks the
 * outcome on the payment page (`POST /payment/test/confirm`); refunds are processed at once.
 */
export class TestProvider implements PaymentProvider {
  readonly id = 'test' as const;

  async createOrder(): Promise<string> {
    return `test_order_${randomCode(12)}`;
  }

  browserCheckout(): null {
    return null;
  }

  verifyCheckout(): boolean {
    return false;
  }

  verifyWebhook(): boolean {
    return false;
  }

  async fetchPayment(id: string): Promise<GatewayPayment> {
    throw new Error(`the test provider has no gateway payments (${id})`);
  }

  async capture(id: string): Promise<GatewayPayment> {
    throw new Error(`the test provider has no gateway payments (${id})`);
  }

  async refund(input: { gatewayPaymentId: string; amount: number }): Promise<GatewayRefund> {
    return { id: `test_refund_${randomCode(12)}`, paymentId: input.gatewayPaymentId, amount: input.amount, status: 'processed' };
  }
}
