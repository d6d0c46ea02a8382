import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { MESSAGES, answered, messageOf, withLoadState, type Api, type Customer, type ShippingAddress } from '@storefront/shared';

/**
 * The saved shipping address (spec §3, §4): saving stores the returned customer data in the session
 * (through `onCustomer`) and refetches the address.
 */
export class AddressStore {
  address: ShippingAddress | null = null;
  loading = false;
  loaded = false;
  saving = false;
  error: string | null = null;

  constructor(
    private readonly api: Pick<Api, 'getShippingAddress' | 'saveShippingAddress'>,
    private readonly onCustomer: (customer: Customer) => void,
  ) {
    makeAutoObservable<AddressStore, 'api' | 'onCustomer'>(
      this,
      { api: false, onCustomer: false, address: observableRef },
      { autoBind: true },
    );
  }

  /** Loads the saved address (none yet is `null`); rejects on failure. */
  async fetch(): Promise<void> {
    await withLoadState(this, MESSAGES.shippingAddressFetchFailed, async () => {
      const res = await this.api.getShippingAddress();
      runInAction(() => {
        if (res) this.address = res.data?.data ?? null;
        this.loaded = true;
      });
    });
  }

  /** Saves the address and resolves to the server's message; rejects on failure. */
  async save(address: ShippingAddress): Promise<string> {
    this.saving = true;
    try {
      const res = answered(await this.api.saveShippingAddress(address));
      const customer = res?.data?.customer;
      if (customer) this.onCustomer(customer);
      await this.fetch().catch(() => undefined);
      return messageOf(res, 'Shipping address saved');
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }
}
