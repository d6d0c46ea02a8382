import { ApiError } from '@storefront/shared';
import { createFakeApi, makeOrder } from '@storefront/shared/testing';
import { cancelFailureMessage, OrdersStore } from './OrdersStore';

function signedInApi(
  orders = [makeOrder({ order_id: 1, order_date: '2026-01-01T00:00:00Z' }), makeOrder({ order_id: 2, order_date: '2026-02-01T00:00:00Z' })],
) {
  const api = createFakeApi({ orders, sessionCustomerId: 1 });
  return api;
}

describe('OrdersStore', () => {
  it('does not fetch for a guest (spec §6)', async () => {
    const api = signedInApi();
    const store = new OrdersStore(api, { isAuthenticated: false });
    await store.fetch();
    expect(api.callsOf('getOrders')).toHaveLength(0);
    expect(store.orders).toEqual([]);
  });

  it('fetches newest first when signed in, whatever order the server sends', async () => {
    const api = signedInApi();
    // The server already sorts; an unsorted answer must still be shown newest first.
    api.getOrders = async () => ({ success: true, data: [...api.state.orders] });
    const store = new OrdersStore(api, { isAuthenticated: true });
    await store.fetch();
    expect(store.orders.map((o) => o.order_id)).toEqual([2, 1]);
    expect(store.loaded).toBe(true);
    expect(store.loading).toBe(false);
  });

  it('cancels, returns the server message and refetches the list (spec §4)', async () => {
    const api = signedInApi([makeOrder({ order_id: 5 })]);
    const store = new OrdersStore(api, { isAuthenticated: true });
    await store.fetch();
    const message = await store.cancel({ order_id: 5, reject_reason_select: 'Changed My Mind' });
    expect(message).toBe('Order cancelled successfully');
    expect(api.callsOf('cancelOrder')).toEqual([[{ order_id: 5, reject_reason_select: 'Changed My Mind' }]]);
    expect(api.callsOf('getOrders')).toHaveLength(2);
    expect(store.byId(5)?.status).toBe('cancelled');
  });

  it('refuses to cancel for a guest without calling the server', async () => {
    const api = signedInApi();
    const store = new OrdersStore(api, { isAuthenticated: false });
    await expect(store.cancel({ order_id: 1, reject_reason_select: 'Other', reject_reason_input: 'x' })).rejects.toThrow(
      'User not authenticated',
    );
    expect(api.callsOf('cancelOrder')).toHaveLength(0);
  });

  it('an unsuccessful cancel answer rejects with the server message', async () => {
    const api = signedInApi();
    api.cancelOrder = async () => ({ success: false, status: false, message: 'Too late to cancel' });
    const store = new OrdersStore(api, { isAuthenticated: true });
    const failure = await store.cancel({ order_id: 1, reject_reason_select: 'Payment Issue' }).catch((e: unknown) => e);
    expect(cancelFailureMessage(failure)).toBe('Too late to cancel');
  });

  it('keeps the message of a failed fetch and rejects', async () => {
    const api = signedInApi();
    api.failNext('getOrders', new ApiError(500, []));
    const store = new OrdersStore(api, { isAuthenticated: true });
    await expect(store.fetch()).rejects.toBeInstanceOf(ApiError);
    expect(store.error).toBe('Failed to fetch orders');
    expect(store.loading).toBe(false);
  });
});

describe('cancelFailureMessage (spec §8)', () => {
  it('prefers the server message, then the error message, then the fallback', () => {
    expect(cancelFailureMessage(new ApiError(409, ['This order can no longer be cancelled']))).toBe(
      'This order can no longer be cancelled',
    );
    expect(cancelFailureMessage(new Error('User not authenticated'))).toBe('User not authenticated');
    expect(cancelFailureMessage(null)).toBe('Failed to cancel order');
  });
});
