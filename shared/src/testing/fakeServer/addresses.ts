import type { Api } from '../../api/Api';
import { ApiError } from '../../api/errors';
import type { SavedAddress, SavedAddressPayload } from '../../api/types';
import { ADDRESS_BOOK_FULL, MAX_SAVED_ADDRESSES } from '../../constants';
import { ok, type FakeServer, type FakeState } from './server';

const toSaved = (p: SavedAddressPayload): Omit<SavedAddress, 'id' | 'is_default'> => ({
  label: p.label?.trim() ?? '',
  address: p.address,
  pincode: p.pincode,
  city: p.city,
  state: p.state,
  alt_phone_number: p.alt_phone_number || null,
});
const book = (state: FakeState) => [...state.addresses].sort((a, b) => Number(b.is_default) - Number(a.is_default));
/** Makes `id` the default (none: null), mirrored in the customer's `shipping_address` as the server does. */
const chooseDefault = ({ state, customer }: FakeServer, id: number | null) => {
  for (const a of state.addresses) a.is_default = a.id === id;
  const d = state.addresses.find((a) => a.is_default);
  customer().shipping_address = d
    ? { address: d.address, pincode: d.pincode, city: d.city, state: d.state, alt_phone_number: d.alt_phone_number }
    : null;
};

type AddressCalls = 'getAddresses' | 'addAddress' | 'updateAddress' | 'makeDefaultAddress' | 'deleteAddress';

/** The signed-in customer's address book (issue 39). */
export function addressCalls(server: FakeServer): Pick<Api, AddressCalls> {
  const { state, customer } = server;
  return {
    getAddresses: async () => {
      customer();
      return ok({ addresses: book(state) });
    },
    addAddress: async (p) => {
      customer();
      if (state.addresses.length >= MAX_SAVED_ADDRESSES) throw new ApiError(409, [ADDRESS_BOOK_FULL]);
      const id = Math.max(0, ...state.addresses.map((a) => a.id)) + 1;
      state.addresses.push({ ...toSaved(p), id, is_default: false });
      if (p.is_default || !state.addresses.some((a) => a.is_default)) chooseDefault(server, id);
      return ok({ addresses: book(state) }, 'Address saved');
    },
    updateAddress: async (id, p) => {
      customer();
      const a = state.addresses.find((x) => x.id === id);
      if (!a) throw new ApiError(404, ['Address not found']);
      Object.assign(a, toSaved(p));
      if (a.is_default || p.is_default) chooseDefault(server, id);
      return ok({ addresses: book(state) }, 'Address updated');
    },
    makeDefaultAddress: async (id) => {
      customer();
      if (!state.addresses.some((x) => x.id === id)) throw new ApiError(404, ['Address not found']);
      chooseDefault(server, id);
      return ok({ addresses: book(state) }, 'Default address changed');
    },
    deleteAddress: async (id) => {
      customer();
      const a = state.addresses.find((x) => x.id === id);
      if (!a) throw new ApiError(404, ['Address not found']);
      state.addresses = state.addresses.filter((x) => x.id !== id);
      if (a.is_default) chooseDefault(server, state.addresses[0]?.id ?? null);
      return ok({ addresses: book(state) }, 'Address deleted');
    },
  };
}
