import { isCancellable, newestFirst, paymentMethodLabel, summarizeOrder } from './orderSummary';
import { makeOrder } from './testOrders';

describe('order summary (spec §9)', () => {
  it('unit amount is price ÷ quantity, subtotal price − discount, total equals subtotal', () => {
    expect(summarizeOrder({ price: '1998.00', quantity: 2, discount_amount: '200.00' })).toEqual({
      unitAmount: 999,
      discount: 200,
      subtotal: 1798,
      total: 1798,
    });
  });

  it('treats a missing discount as zero and never divides by zero', () => {
    expect(summarizeOrder({ price: '500.00', quantity: 0, discount_amount: '' })).toEqual({
      unitAmount: 500,
      discount: 0,
      subtotal: 500,
      total: 500,
    });
  });

  it('names cod COD and anything else Prepaid (spec §3)', () => {
    expect(paymentMethodLabel('cod')).toBe('COD');
    expect(paymentMethodLabel('COD')).toBe('COD');
    expect(paymentMethodLabel('prepaid')).toBe('Prepaid');
    expect(paymentMethodLabel('upi')).toBe('Prepaid');
  });

  it('allows cancel in exactly the five statuses of spec §4', () => {
    const yes = ['order_placed', 'order_confirmed', 'dispatched_from_retailer', 'processed_by_wholesaler', 'ready_for_pickup'];
    const no = ['payment_pending', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'payment_failed'];
    for (const s of yes) expect(isCancellable(s)).toBe(true);
    for (const s of no) expect(isCancellable(s)).toBe(false);
  });

  it('sorts orders newest first, then by id', () => {
    const a = makeOrder({ order_id: 1, order_date: '2026-01-01T00:00:00Z' });
    const b = makeOrder({ order_id: 2, order_date: '2026-03-01T00:00:00Z' });
    const c = makeOrder({ order_id: 3, order_date: '2026-03-01T00:00:00Z' });
    expect(newestFirst([a, b, c]).map((o) => o.order_id)).toEqual([3, 2, 1]);
  });
});
