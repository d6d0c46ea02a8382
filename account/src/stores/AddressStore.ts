import { makeAutoObservable, runInAction } from 'mobx';
import type { Api, Customer, ShippingAddress } from '@storefront/shared';

/**
 * The saved shipping address (spec §3, §4): saving stores the returned customer data in the session
 * (through `onCustomer`) and refetches the address.
 */
export class AddressStore {
  address: ShippingAddress | null = null;
  loading = false;
  loaded = false;
  saving = false;
  error: unknown = null;

  constructor(
    private readonly api: Pick<Api, 'getShippingAddress' | 'saveShippingAddress'>,
    private readonly onCustomer: (customer: Customer) => void,
  ) {
    makeAutoObservable<AddressStore, 'api' | 'onCustomer'>(this, { api: false, onCustomer: false }, { autoBind: true });
  }

  /** Loads the saved address; throws on failure. */
  async fetch(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const res = await this.api.getShippingAddress();
      runInAction(() => {
        if (res) this.address = res.data?.data ?? null;
        this.loaded = true;
      });
    } catch (err) {
      runInAction(() => {
        this.error = err;
      });
      throw err;
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  /** Saves the address; returns the server's message. Throws on failure. */
  async save(address: ShippingAddress): Promise<string | undefined> {
    this.saving = true;
    try {
      const res = await this.api.saveShippingAddress(address);
      const customer = res?.data?.customer;
      if (customer) this.onCustomer(customer);
      await this.fetch().catch(() => undefined);
      return Array.isArray(res?.message) ? res.message[0] : res?.message;
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }
}
