/**
 * What the shop needs from a payment gateway (issue 14). Razorpay, Cashfree and PayU all work this way:
 * the server creates a gateway order for the amount, the browser opens the gateway's checkout, the gateway
 * returns a payment id with a signature, and a signed webhook confirms it later.
 */
export type ProviderId = 'test' | 'razorpay';

/** A payment as the gateway reports it (amounts in paise). */
export interface GatewayPayment {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  /** created | authorized | captured | refunded | failed */
  status: string;
  errorDescription?: string | null;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  /** pending | processed | failed */
  status: string;
}

/** What the browser needs to open the gateway's checkout (nothing secret). */
export interface BrowserCheckout {
  keyId: string;
  checkoutUrl: string;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Creates the gateway order for an amount in paise; returns its id. */
  createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<string>;
  /** Null for a provider without a browser step of its own (the test provider). */
  browserCheckout(): BrowserCheckout | null;
  /** True when the checkout's signature for this gateway order and payment is genuine. */
  verifyCheckout(gatewayOrderId: string, gatewayPaymentId: string, signature: string): boolean;
  /** True when a webhook's signature over its raw body is genuine. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment>;
  /** Captures an authorised payment for exactly this amount. */
  capture(gatewayPaymentId: string, amount: number, currency: string): Promise<GatewayPayment>;
  /**
   * Refunds `amount` paise of a payment. `receipt` names the refund; a retry after a lost answer first looks
   * for a refund with that receipt, so asking twice refunds once.
   */
  refund(input: { gatewayPaymentId: string; amount: number; receipt: string; retry: boolean }): Promise<GatewayRefund>;
}

/** A gateway call that failed (network, 4xx/5xx): the caller logs it and keeps the state it had. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
