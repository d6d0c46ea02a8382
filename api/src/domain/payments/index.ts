import type { PaymentConfig } from '../../config';
import type { PaymentProvider } from './provider';
import { RazorpayProvider } from './razorpay';
import { TestProvider } from './testProvider';

export { PaymentService, ACTOR, PAYMENT_CURRENCY, type PaymentLog, type PaymentDeps, type SettleResult } from './service';
export { PaymentSweeper } from './sweeper';
export { GatewayError, type GatewayPayment, type GatewayRefund, type PaymentProvider } from './provider';
export { checkoutSignature, webhookSignature, sameSignature } from './signatures';

/** The field error of a prepaid checkout sent to a shop that takes cash on delivery only. */
export const PREPAID_UNAVAILABLE = 'Paying online is not available: please choose cash on delivery';

/**
 * The adapter the configuration names (config.ts has already refused the test one in production); none for
 * a shop that takes cash on delivery only.
 */
export function createProvider(config: PaymentConfig): PaymentProvider | null {
  if (config.provider === 'none') return null;
  if (config.provider === 'razorpay') {
    if (!config.razorpay) throw new Error('PAYMENT_PROVIDER=razorpay without its keys');
    return new RazorpayProvider(config.razorpay);
  }
  return new TestProvider();
}
