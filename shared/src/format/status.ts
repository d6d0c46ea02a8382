import { formatStatus } from '@storefront/contract/rules';

/** Spec §4's status text (the API's track-order steps use the same function). */
export { formatStatus };

const PAYMENT_LABELS: Record<string, string> = {
  cod: 'Cash on delivery',
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  expired: 'Not paid in time',
  cancelled: 'Not charged',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  refund_failed: 'Refund delayed: the shop will contact you',
};

/** Where an order's money stands, in words for the shopper (issue 14); unknown values fall back to Title Case. */
export function paymentStatusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return PAYMENT_LABELS[status] ?? formatStatus(status);
}

/** "mm:ss" of a number of seconds (the payment hold's time left). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
