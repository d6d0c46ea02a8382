import type { Order } from '@storefront/shared';

/** What a payment attempt ended with. */
export type PaymentOutcome = { ok: true; orders: Order[] } | { ok: false; message: string; orders: Order[] };

/**
 * A payment provider behind the /payment page (spec §7: "Payment provider calls: not shown").
 * checkout1 answers a prepaid order with `payment: { payment_id, amount }`; a provider takes the
 * shopper through its own step and confirms that payment. A real gateway would implement this same
 * interface (its `confirm` would open its widget and then verify on the server).
 */
export interface PaymentProvider {
  /** Stable id, e.g. 'test'. */
  readonly id: string;
  /** Shown on the payment page. */
  readonly label: string;
  /** True for a provider that moves no money; the page labels it clearly as test mode. */
  readonly testMode: boolean;
  /**
   * Confirms the payment. `choice` is what the shopper picked in the provider's own step (the test
   * provider lets them choose the outcome). Rejects only on transport failure.
   */
  confirm(paymentId: string, choice: PaymentChoice): Promise<PaymentOutcome>;
}

/** The outcome a test-mode shopper asks for; real providers ignore it. */
export type PaymentChoice = 'success' | 'failure';
