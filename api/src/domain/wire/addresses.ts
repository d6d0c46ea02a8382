import type { SavedAddress } from '@storefront/contract';
import type { AddressRow } from '../../db/repositories/addresses';

export function toSavedAddress(a: AddressRow): SavedAddress {
  return {
    id: a.id,
    label: a.label,
    address: a.address,
    pincode: a.pincode,
    city: a.city,
    state: a.state,
    alt_phone_number: a.alt_phone_number,
    is_default: a.is_default === 1,
  };
}
