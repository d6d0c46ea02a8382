/**
 * The address book (issue 39): up to MAX_SAVED_ADDRESSES saved addresses per customer, one of them the
 * default. The default is also written to the customer's own address columns, so spec §3's shipping-address
 * calls (and everything that reads `customer.shipping_address`) keep answering it. Every change is one
 * transaction with the customer locked, so two tabs adding at once cannot pass the cap together. The
 * repository names the customer in every statement: another customer's address id finds nothing (404).
 * No Fastify here.
 */
import { ADDRESS_BOOK_FULL, MAX_SAVED_ADDRESSES, type SavedAddress, type SavedAddressPayload } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { AddressFields, AddressRow } from '../db/repositories/addresses';
import { toSavedAddress } from './wire';
import { conflict, notFound } from '../lib/errors';
import type { Transaction } from './cart';

export const ADDRESS_NOT_FOUND = 'Address not found';

/** What the server takes: the contract's payload, with null for the optional fields. */
export type AddressInput = Omit<SavedAddressPayload, 'label' | 'alt_phone_number' | 'is_default'> & {
  label?: string | null | undefined;
  alt_phone_number?: string | null | undefined;
  is_default?: boolean | null | undefined;
};

const fieldsOf = (a: AddressInput): AddressFields => ({
  label: a.label?.trim() ?? '',
  address: a.address.trim(),
  pincode: a.pincode,
  city: a.city.trim(),
  state: a.state.trim(),
  alt_phone_number: a.alt_phone_number || null,
});

const sameAddress = (a: AddressFields, b: AddressRow) =>
  [a.address, a.pincode, a.city, a.state].join('|').toLowerCase() === [b.address, b.pincode, b.city, b.state].join('|').toLowerCase();

/** Makes `id` the default (null: none) and writes it to the customer's own columns (spec §3). */
async function setDefault(r: Repositories, customerId: number, id: number | null): Promise<void> {
  await r.addresses.setDefault(customerId, id);
  const chosen = id === null ? undefined : await r.addresses.owned(customerId, id);
  await r.customers.update(customerId, {
    address: chosen?.address ?? null,
    pincode: chosen?.pincode ?? null,
    city: chosen?.city ?? null,
    state: chosen?.state ?? null,
    address_alt_phone: chosen?.alt_phone_number ?? null,
  });
}

/** Adds a saved address under the cap; the first one, or one asked to be, becomes the default. */
async function addOne(r: Repositories, customerId: number, fields: AddressFields, makeDefault: boolean): Promise<AddressRow> {
  const book = await r.addresses.list(customerId);
  if (book.length >= MAX_SAVED_ADDRESSES) throw conflict(ADDRESS_BOOK_FULL);
  const row = await r.addresses.add(customerId, fields);
  if (makeDefault || !book.some((a) => a.is_default === 1)) await setDefault(r, customerId, row.id);
  return row;
}

export async function listAddresses(r: Repositories, customerId: number): Promise<SavedAddress[]> {
  return (await r.addresses.list(customerId)).map(toSavedAddress);
}

/** Runs a change of the book with the customer locked; answers the book as it then is. */
function change(tx: Transaction, customerId: number, work: (r: Repositories) => Promise<unknown>): Promise<SavedAddress[]> {
  return tx(async (r) => {
    await r.carts.lock(customerId);
    await work(r);
    return listAddresses(r, customerId);
  });
}

export function addAddress(tx: Transaction, customerId: number, input: AddressInput): Promise<SavedAddress[]> {
  return change(tx, customerId, (r) => addOne(r, customerId, fieldsOf(input), input.is_default === true));
}

export function updateAddress(tx: Transaction, customerId: number, id: number, input: AddressInput): Promise<SavedAddress[]> {
  return change(tx, customerId, async (r) => {
    const row = await r.addresses.owned(customerId, id);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    await r.addresses.update(customerId, id, fieldsOf(input));
    // The default's new text reaches the customer's columns; unticking the default is not a way to have none.
    if (row.is_default === 1 || input.is_default === true) await setDefault(r, customerId, id);
  });
}

/** Deletes a saved address; when it was the default, the most recently changed other one takes over. */
export function deleteAddress(tx: Transaction, customerId: number, id: number): Promise<SavedAddress[]> {
  return change(tx, customerId, async (r) => {
    const row = await r.addresses.owned(customerId, id);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    await r.addresses.remove(customerId, id);
    if (row.is_default === 1) await setDefault(r, customerId, (await r.addresses.list(customerId))[0]?.id ?? null);
  });
}

export function makeDefaultAddress(tx: Transaction, customerId: number, id: number): Promise<SavedAddress[]> {
  return change(tx, customerId, async (r) => {
    if (!(await r.addresses.owned(customerId, id))) throw notFound(ADDRESS_NOT_FOUND);
    await setDefault(r, customerId, id);
  });
}

/** Spec §3's `POST /customer/shipping-address`: the default address rewritten, or added as the default. */
export function saveDefaultAddress(tx: Transaction, customerId: number, input: AddressInput): Promise<SavedAddress[]> {
  return change(tx, customerId, async (r) => {
    const current = (await r.addresses.list(customerId)).find((a) => a.is_default === 1);
    const fields = { ...fieldsOf(input), label: current?.label ?? '' };
    if (!current) return addOne(r, customerId, fields, true);
    await r.addresses.update(customerId, current.id, fields);
    return setDefault(r, customerId, current.id);
  });
}

/**
 * The delivery address of a checkout, inside its transaction: a saved address chosen by id (only the
 * customer's own), or the one typed, which is saved to the book unless it is there already or the book is
 * full (the order goes out either way). A customer with no default gets this one as the default.
 */
export async function checkoutAddress(
  r: Repositories,
  customerId: number,
  chosenId: number | null | undefined,
  typed: AddressInput,
): Promise<AddressFields> {
  if (chosenId) {
    const row = await r.addresses.owned(customerId, chosenId);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return {
      label: row.label,
      address: row.address,
      pincode: row.pincode,
      city: row.city,
      state: row.state,
      alt_phone_number: row.alt_phone_number,
    };
  }
  const fields = fieldsOf(typed);
  const book = await r.addresses.list(customerId);
  const known = book.find((a) => sameAddress(fields, a));
  if (!known && book.length < MAX_SAVED_ADDRESSES) await addOne(r, customerId, fields, false);
  else if (known && !book.some((a) => a.is_default === 1)) await setDefault(r, customerId, known.id);
  return fields;
}
