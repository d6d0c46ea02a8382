import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  MESSAGES,
  answered,
  messageOf,
  withLoadState,
  type Api,
  type ApiEnvelope,
  type SavedAddress,
  type SavedAddressPayload,
  type ShippingAddress,
} from '@storefront/shared';

type BookCalls = Pick<Api, 'getAddresses' | 'addAddress' | 'updateAddress' | 'makeDefaultAddress' | 'deleteAddress'>;

/**
 * The address book (issue 39): every change answers the whole book, which replaces the list here; the
 * default is handed to `onDefault` so the session's customer keeps spec §3's shipping address in step.
 */
export class AddressBookStore {
  addresses: SavedAddress[] = [];
  loading = false;
  loaded = false;
  error: string | null = null;
  /** The address a make-default or delete is on its way for. */
  busyId: number | null = null;

  constructor(
    private readonly api: BookCalls,
    private readonly onDefault: (address: ShippingAddress | null) => void,
  ) {
    makeAutoObservable<AddressBookStore, 'api' | 'onDefault'>(
      this,
      { api: false, onDefault: false, addresses: observableRef },
      { autoBind: true },
    );
  }

  get defaultAddress(): SavedAddress | undefined {
    return this.addresses.find((a) => a.is_default);
  }

  async fetch(): Promise<void> {
    await withLoadState(this, MESSAGES.shippingAddressFetchFailed, async () => {
      const res = await this.api.getAddresses();
      if (res) this.take(res);
      runInAction(() => {
        this.loaded = true;
      });
    });
  }

  /** Adds (id null) or changes an address; resolves to the server's message. */
  async save(id: number | null, payload: SavedAddressPayload): Promise<string> {
    const res = answered(id === null ? await this.api.addAddress(payload) : await this.api.updateAddress(id, payload));
    this.take(res);
    return messageOf(res, 'Address saved');
  }

  async makeDefault(id: number): Promise<string> {
    return this.busy(id, () => this.api.makeDefaultAddress(id), 'Default address changed');
  }

  async remove(id: number): Promise<string> {
    return this.busy(id, () => this.api.deleteAddress(id), 'Address deleted');
  }

  private async busy(
    id: number,
    call: () => Promise<ApiEnvelope<{ addresses: SavedAddress[] }> | null>,
    fallback: string,
  ): Promise<string> {
    this.busyId = id;
    try {
      const res = answered(await call());
      this.take(res);
      return messageOf(res, fallback);
    } finally {
      runInAction(() => {
        this.busyId = null;
      });
    }
  }

  private take(res: ApiEnvelope<{ addresses: SavedAddress[] }>): void {
    const addresses = res.data?.addresses;
    if (!addresses) return;
    runInAction(() => {
      this.addresses = addresses;
    });
    const d = addresses.find((a) => a.is_default);
    this.onDefault(
      d ? { address: d.address, pincode: d.pincode, city: d.city, state: d.state, alt_phone_number: d.alt_phone_number } : null,
    );
  }
}
