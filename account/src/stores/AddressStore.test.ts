import { ApiError, type Customer } from '@storefront/shared';
import { createFakeApi } from '@storefront/shared/testing';
import { AddressStore } from './AddressStore';

describe('AddressStore', () => {
  it('saves, hands the customer to the session and refetches (spec §4)', async () => {
    const api = createFakeApi({ sessionCustomerId: 1 });
    const received: Customer[] = [];
    const store = new AddressStore(api, (c) => received.push(c));
    await store.fetch();
    expect(store.address).toBeNull();
    const address = { address: '12 MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    await expect(store.save(address)).resolves.toBe('Shipping address saved');
    expect(received[0]?.shipping_address).toEqual(address);
    expect(api.callsOf('getShippingAddress')).toHaveLength(2);
    expect(store.address).toEqual(address);
    expect(store.saving).toBe(false);
  });

  it('a failed fetch keeps the spec §8 fallback when the server says nothing', async () => {
    const api = createFakeApi({ sessionCustomerId: 1 });
    api.failNext('getShippingAddress', new ApiError(0, []));
    const store = new AddressStore(api, () => undefined);
    await expect(store.fetch()).rejects.toBeInstanceOf(ApiError);
    expect(store.error).toBe('Failed to fetch shipping address');
    expect(store.loaded).toBe(false);
  });
});
