import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` with `secret`, as lower-case hex (the form Razorpay signs with). */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex signatures; anything that is not 64 hex characters fails. */
export function sameSignature(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay Checkout's `razorpay_signature`: HMAC-SHA256(order_id + "|" + payment_id, key_secret). */
export function checkoutSignature(gatewayOrderId: string, gatewayPaymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${gatewayOrderId}|${gatewayPaymentId}`);
}

/** The `X-Razorpay-Signature` of a webhook: HMAC-SHA256 of the raw request body with the webhook secret. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}
