import { paths } from '@storefront/shared';

/**
 * The payment and outcome pages read everything they need from the URL (`?orders=` numbers, `payment_id`, `amount`),
 * so a reload or a shared link shows the same page; router state only repeats it.
 */
export interface OrderOutcomeState {
  orderNumbers: string[];
  paymentId?: string;
  amount?: string;
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function orderSuccessUrl(orderNumbers: string[]): string {
  return `${paths.orderSuccess}${query({ orders: orderNumbers.join(',') })}`;
}

/** The failure page does not pay again (a settled payment is final), so it carries no payment id. */
export function orderFailureUrl(orderNumbers: string[], amount?: string): string {
  return `${paths.orderFailure}${query({ orders: orderNumbers.join(','), amount })}`;
}

export function paymentUrl(orderNumbers: string[], paymentId: string, amount: string): string {
  return `${paths.payment}${query({ orders: orderNumbers.join(','), payment_id: paymentId, amount })}`;
}

/** Order numbers from the router state, else from `?orders=` (comma-separated). */
export function readOutcome(search: string, state: unknown): OrderOutcomeState {
  const params = new URLSearchParams(search);
  const fromState = state && typeof state === 'object' ? (state as Partial<OrderOutcomeState>) : {};
  const numbers = Array.isArray(fromState.orderNumbers)
    ? fromState.orderNumbers.filter((n): n is string => typeof n === 'string')
    : (params.get('orders') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const paymentId = typeof fromState.paymentId === 'string' ? fromState.paymentId : (params.get('payment_id') ?? undefined);
  const amount = typeof fromState.amount === 'string' ? fromState.amount : (params.get('amount') ?? undefined);
  return { orderNumbers: numbers, ...(paymentId ? { paymentId } : {}), ...(amount ? { amount } : {}) };
}
