import type { PaymentConfig } from '../../config';
import type { PaymentProvider } from './provider';
import { RazorpayProvider } from './razorpay';
import { TestProvider } from './testProvider';

export { PaymentService, ACTOR, PAYMENT_CURRENCY, type PaymentLog, type PaymentDeps, type SettleResult } from './service';
export { PaymentSweeper } from './sweeper';
export { GatewayError, type GatewayPayment, type GatewayRefund, type PaymentProvider } from './provider';
export { checkoutSignature, webhookSignature, sameSignature } from './signatures';

/** The adapter the configuration names (config.ts has already refused the test one in production). */
export function createProvider(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'razorpay') {
    if (!config.razorpay) throw new Error('PAYMENT_PROVIDER=razorpay without its keys');
    return new RazorpayProvider(config.razorpay);
  }
  return new TestProvider();
}
