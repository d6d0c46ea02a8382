import { ApiError, checkAnswer, messageOf, type Api } from '@storefront/shared';
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
    let res;
    try {
      res = checkAnswer(await this.api.confirmTestPayment({ payment_id: paymentId, outcome: choice }));
    } catch (err) {
      // The server refused the confirmation (already processed, expired): its message says why.
      if (!(err instanceof ApiError && err.status === 200)) throw err;
      return { ok: false, message: choice === 'success' ? messageOf(err, PAYMENT_FAILED_MESSAGE) : PAYMENT_FAILED_MESSAGE, orders: [] };
    }
    const orders = res?.data?.orders ?? [];
    if (res && choice === 'success') return { ok: true, orders };
    return { ok: false, message: PAYMENT_FAILED_MESSAGE, orders };
  }
}
