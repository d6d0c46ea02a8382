import type { BrowserCheckout, GatewayPayment, GatewayRefund, PaymentProvider } from './provider';
import { GatewayError } from './provider';
import { checkoutSignature, sameSignature, webhookSignature } from './signatures';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a local server speaking the same API in tests. */
  apiUrl: string;
  checkoutUrl: string;
  /** Per request; the gateway is a network hop away. */
  timeoutMs?: number;
}

interface PaymentEntity {
  id: string;
  order_id?: string | null;
  amount: number;
  currency: string;
  status: string;
  error_description?: string | null;
}

interface RefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  receipt?: string | null;
}

const toPayment = (p: PaymentEntity): GatewayPayment => ({
  id: p.id,
  orderId: p.order_id ?? null,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  errorDescription: p.error_description ?? null,
});
const toRefund = (r: RefundEntity): GatewayRefund => ({ id: r.id, paymentId: r.payment_id, amount: r.amount, status: r.status });

/**
 * Razorpay's documented REST API (Orders, Payments, Refunds) over fetch with Basic auth key_id:key_secret,
 * and its two signatures: the checkout's over `order_id|payment_id` with the key secret, the webhook's over
 * the raw body with the webhook secret. Both compared in constant time.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly id = 'razorpay' as const;
  private readonly auth: string;

  constructor(private readonly opts: RazorpayOptions) {
    this.auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.opts.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { authorization: this.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new GatewayError(`razorpay ${method} ${path}: ${(err as Error).message}`, 0);
    }
    const text = await res.text();
    if (!res.ok) {
      let description = text.slice(0, 300);
      try {
        description = (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? description;
      } catch {
        // not JSON: keep the text
      }
      throw new GatewayError(`razorpay ${method} ${path}: ${res.status} ${description}`, res.status);
    }
    return JSON.parse(text) as T;
  }

  async createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<string> {
    const order = await this.call<{ id: string }>('POST', '/v1/orders', input);
    return order.id;
  }

  browserCheckout(): BrowserCheckout {
    return { keyId: this.opts.keyId, checkoutUrl: this.opts.checkoutUrl };
  }

  verifyCheckout(gatewayOrderId: string, gatewayPaymentId: string, signature: string): boolean {
    return sameSignature(checkoutSignature(gatewayOrderId, gatewayPaymentId, this.opts.keySecret), signature);
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
    return sameSignature(webhookSignature(rawBody, this.opts.webhookSecret), signature);
  }

  async fetchPayment(gatewayPaymentId: string): Promise<GatewayPayment> {
    return toPayment(await this.call<PaymentEntity>('GET', `/v1/payments/${encodeURIComponent(gatewayPaymentId)}`));
  }

  async capture(gatewayPaymentId: string, amount: number, currency: string): Promise<GatewayPayment> {
    return toPayment(
      await this.call<PaymentEntity>('POST', `/v1/payments/${encodeURIComponent(gatewayPaymentId)}/capture`, { amount, currency }),
    );
  }

  async refund(input: { gatewayPaymentId: string; amount: number; receipt: string; retry: boolean }): Promise<GatewayRefund> {
    const id = encodeURIComponent(input.gatewayPaymentId);
    if (input.retry) {
      // The first request may have reached the gateway although its answer never reached us.
      const list = await this.call<{ items: RefundEntity[] }>('GET', `/v1/payments/${id}/refunds`);
      const earlier = list.items.find((r) => r.receipt === input.receipt);
      if (earlier) return toRefund(earlier);
    }
    return toRefund(await this.call<RefundEntity>('POST', `/v1/payments/${id}/refund`, { amount: input.amount, receipt: input.receipt }));
  }
}
