import type { Api, TrackedOrder } from '@storefront/shared';
import { TrackOrderStore } from './TrackOrderStore';
import { makeOrder } from './testOrders';

describe('TrackOrderStore', () => {
  it('stores the tracked order with its steps', async () => {
    const { customer_data: _omit, ...order } = makeOrder({ order_number: 'SF-1' });
    const tracked: TrackedOrder = {
      ...order,
      steps: [
        { status: 'order_placed', label: 'Order placed', done: true, current: true },
        { status: 'shipped', label: 'Shipped', done: false, current: false },
      ],
    };
    const seen: string[] = [];
    const api: Pick<Api, 'trackOrder'> = {
      trackOrder: async (no) => {
        seen.push(no);
        return { success: true, data: tracked };
      },
    };
    const store = new TrackOrderStore(api);
    await store.track('  SF-1 ');
    expect(seen).toEqual(['SF-1']);
    expect(store.result?.steps).toHaveLength(2);
    expect(store.error).toBeNull();
    expect(store.loading).toBe(false);
  });

  it('keeps the failure for the page to show the server message', async () => {
    const failure = Object.assign(new Error('Order not found'), { status: 404 });
    const api: Pick<Api, 'trackOrder'> = {
      trackOrder: async () => {
        throw failure;
      },
    };
    const store = new TrackOrderStore(api);
    await store.track('NOPE');
    expect(store.result).toBeNull();
    expect(store.error).toBe(failure);
  });
});
