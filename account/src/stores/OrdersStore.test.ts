import type { Api, ApiEnvelope, CancelOrderPayload, Order } from '@storefront/shared';
import { OrdersStore } from './OrdersStore';
import { makeOrder } from './testOrders';

type OrdersApi = Pick<Api, 'getOrders' | 'cancelOrder'>;

function fakeOrdersApi(initial: Order[]) {
  let orders = [...initial];
  const calls = { getOrders: 0, cancel: [] as CancelOrderPayload[] };
  const api: OrdersApi = {
    getOrders: async () => {
      calls.getOrders += 1;
      return { success: true, data: orders } satisfies ApiEnvelope<Order[]>;
    },
    cancelOrder: async (payload) => {
      calls.cancel.push(payload);
      orders = orders.map((o) => (o.order_id === payload.order_id ? { ...o, status: 'cancelled' } : o));
      return { success: true, status: true, message: 'Order cancelled successfully' };
    },
  };
  return { api, calls };
}

describe('OrdersStore', () => {
  it('does not fetch for a guest (spec §6)', async () => {
    const { api, calls } = fakeOrdersApi([makeOrder()]);
    const store = new OrdersStore(api, { isAuthenticated: false });
    await store.fetch();
    expect(calls.getOrders).toBe(0);
    expect(store.orders).toEqual([]);
  });

  it('fetches newest first when signed in', async () => {
    const { api } = fakeOrdersApi([
      makeOrder({ order_id: 1, order_date: '2026-01-01T00:00:00Z' }),
      makeOrder({ order_id: 2, order_date: '2026-02-01T00:00:00Z' }),
    ]);
    const store = new OrdersStore(api, { isAuthenticated: true });
    await store.fetch();
    expect(store.orders.map((o) => o.order_id)).toEqual([2, 1]);
    expect(store.loaded).toBe(true);
    expect(store.loading).toBe(false);
  });

  it('cancels, returns the server message and refetches the list (spec §4)', async () => {
    const { api, calls } = fakeOrdersApi([makeOrder({ order_id: 5 })]);
    const store = new OrdersStore(api, { isAuthenticated: true });
    await store.fetch();
    const message = await store.cancel({ order_id: 5, reject_reason_select: 'Changed My Mind' });
    expect(message).toBe('Order cancelled successfully');
    expect(calls.cancel).toEqual([{ order_id: 5, reject_reason_select: 'Changed My Mind' }]);
    expect(calls.getOrders).toBe(2);
    expect(store.byId(5)?.status).toBe('cancelled');
  });

  it('refuses to cancel for a guest', async () => {
    const { api, calls } = fakeOrdersApi([makeOrder()]);
    const store = new OrdersStore(api, { isAuthenticated: false });
    await expect(store.cancel({ order_id: 1, reject_reason_select: 'Other', reject_reason_input: 'x' })).rejects.toThrow('User not authenticated');
    expect(calls.cancel).toHaveLength(0);
  });

  it('keeps the error of a failed fetch and rethrows it', async () => {
    const failure = Object.assign(new Error('Failed to fetch orders'), { status: 500 });
    const api: OrdersApi = {
      getOrders: async () => {
        throw failure;
      },
      cancelOrder: async () => null,
    };
    const store = new OrdersStore(api, { isAuthenticated: true });
    await expect(store.fetch()).rejects.toBe(failure);
    expect(store.error).toBe(failure);
    expect(store.loading).toBe(false);
  });
});
