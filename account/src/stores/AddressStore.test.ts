import type { Api, Customer, ShippingAddress } from '@storefront/shared';
import { AddressStore } from './AddressStore';

const customer: Customer = {
  id: 1,
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.test',
  phone_number: '9876543210',
  alt_phone_number: null,
  shipping_address: null,
};

describe('AddressStore', () => {
  it('saves, hands the customer to the session and refetches (spec §4)', async () => {
    let saved: ShippingAddress | null = null;
    let fetches = 0;
    const api: Pick<Api, 'getShippingAddress' | 'saveShippingAddress'> = {
      getShippingAddress: async () => {
        fetches += 1;
        return { success: true, data: { data: saved } };
      },
      saveShippingAddress: async (a) => {
        saved = a;
        return { success: true, message: 'Shipping address saved', data: { customer: { ...customer, shipping_address: a } } };
      },
    };
    const received: Customer[] = [];
    const store = new AddressStore(api, (c) => received.push(c));
    await store.fetch();
    expect(store.address).toBeNull();
    const address = { address: '12 MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    await expect(store.save(address)).resolves.toBe('Shipping address saved');
    expect(received[0]?.shipping_address).toEqual(address);
    expect(fetches).toBe(2);
    expect(store.address).toEqual(address);
    expect(store.saving).toBe(false);
  });
});
