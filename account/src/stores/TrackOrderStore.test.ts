import { createFakeApi, makeOrder } from '@storefront/shared/testing';
import { TrackOrderStore } from './TrackOrderStore';

describe('TrackOrderStore', () => {
  it('trims the number and stores the tracked order with its steps', async () => {
    const api = createFakeApi({ orders: [makeOrder({ order_number: 'SF-1' })] });
    const store = new TrackOrderStore(api);
    await store.track('  SF-1 ');
    expect(api.callsOf('trackOrder')).toEqual([['SF-1']]);
    expect(store.result?.order_number).toBe('SF-1');
    expect(store.result?.steps).toHaveLength(1);
    expect(store.error).toBeNull();
    expect(store.loading).toBe(false);
  });

  it('keeps the server message for the page to show (spec §8)', async () => {
    const store = new TrackOrderStore(createFakeApi());
    await store.track('NOPE');
    expect(store.result).toBeNull();
    expect(store.error).toBe('No order found with this number');
  });

  it('an unsuccessful answer shows its message', async () => {
    const api = createFakeApi();
    api.trackOrder = async () => ({ success: false, message: 'Tracking is unavailable' });
    const store = new TrackOrderStore(api);
    await store.track('SF-1');
    expect(store.error).toBe('Tracking is unavailable');
  });
});
