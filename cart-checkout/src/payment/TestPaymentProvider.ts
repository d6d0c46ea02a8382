import type { Api } from '@storefront/shared';
import type { PaymentChoice, PaymentOutcome, PaymentProvider } from './PaymentProvider';

export const PAYMENT_FAILED_MESSAGE = 'The payment did not go through. No money was taken.';

/**
 * The reference server's test provider (`POST /payment/test/confirm`): no money moves; the shopper
 * picks whether the payment succeeds or fails, and the server marks the prepaid orders paid or failed.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = 'test';
  readonly label = 'Test payment provider';
  readonly testMode = true;

  constructor(private readonly api: Pick<Api, 'confirmTestPayment'>) {}

  async confirm(paymentId: string, choice: PaymentChoice): Promise<PaymentOutcome> {
    const res = await this.api.confirmTestPayment({ payment_id: paymentId, outcome: choice });
    const orders = res?.data?.orders ?? [];
    if (res?.success && choice === 'success') return { ok: true, orders };
    const message = typeof res?.message === 'string' && choice === 'success' ? res.message : PAYMENT_FAILED_MESSAGE;
    return { ok: false, message, orders };
  }
}
