import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import {
  MAX_SAVED_ADDRESSES,
  MESSAGES,
  notify,
  reportError,
  useStores,
  useDocumentTitle,
  type SavedAddress,
  useForm,
} from '@storefront/shared';
import { useLocalStore } from '../../../hooks/useLocalStore';
import { FormActions } from '../../../components/FormActions';
import { FormField } from '../../../components/FormField';
import { AddressBookStore } from '../../../stores/AddressBookStore';

interface AddressValues extends Record<string, unknown> {
  label: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number: string;
  is_default: boolean;
}

const EMPTY: AddressValues = { label: '', address: '', pincode: '', city: '', state: '', alt_phone_number: '', is_default: false };

/** The add / edit form of one saved address. */
function AddressForm({ store, editing, onDone }: { store: AddressBookStore; editing: SavedAddress | null; onDone: () => void }) {
  const form = useForm<AddressValues>(
    (v) => v.savedAddressSchema,
    editing ? { ...editing, alt_phone_number: editing.alt_phone_number ?? '' } : { ...EMPTY, is_default: store.addresses.length === 0 },
    { failure: MESSAGES.shippingAddressSaveFailed },
  );
  const submit = form.handleSubmit(async (v) => {
    const message = await store.save(editing?.id ?? null, {
      label: v.label.trim(),
      address: v.address.trim(),
      pincode: v.pincode.trim(),
      city: v.city.trim(),
      state: v.state.trim(),
      alt_phone_number: v.alt_phone_number.trim() || null,
      is_default: v.is_default,
    });
    notify.success(message);
    onDone();
  });
  const title = editing ? 'Edit address' : 'New address';
  return (
    <form className="acc-form acc-address-form" onSubmit={submit} noValidate aria-label={title}>
      <h2 className="acc-address-form__title">{title}</h2>
      <FormField idPrefix="address" {...form.field('label')} label="Label (Home, Office…)" maxLength={30} />
      <FormField idPrefix="address" {...form.field('address')} label="Address" autoComplete="street-address" />
      <div className="acc-form__row">
        <FormField
          idPrefix="address"
          {...form.field('pincode')}
          label="Pincode"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
        />
        <FormField idPrefix="address" {...form.field('city')} label="City" autoComplete="address-level2" />
        <FormField idPrefix="address" {...form.field('state')} label="State" autoComplete="address-level1" />
      </div>
      <FormField
        idPrefix="address"
        {...form.field('alt_phone_number')}
        label="Alternate phone (optional)"
        type="tel"
        inputMode="numeric"
        maxLength={10}
      />
      {!editing?.is_default && (
        <div className="acc-check">
          <input id="address-is_default" name="is_default" type="checkbox" checked={form.values.is_default} onChange={form.onChange} />
          <label htmlFor="address-is_default">Make this my default address</label>
        </div>
      )}
      <div className="acc-address-form__actions">
        <FormActions error={form.formError} submitting={form.submitting} label="Save address" busyLabel="Saving…" />
        <button type="button" className="acc-btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * /my-account/address: the address book (issue 39). Several saved addresses, one the default (spec §3's
 * shipping address, what checkout offers first); add, edit, delete and choose the default. One column
 * of cards, so it reads the same on a 375 px phone.
 */
export const AddressSection = observer(function AddressSection() {
  const { api, auth } = useStores();
  useDocumentTitle('Address');
  const store = useLocalStore(() => new AddressBookStore(api, (address) => auth.mergeCustomer({ shipping_address: address })));
  // null: no form; 'new': adding; a saved address: editing it.
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);

  useEffect(() => {
    store.fetch().catch((err: unknown) => reportError(err, MESSAGES.shippingAddressFetchFailed));
  }, [store]);

  const act = (work: Promise<string>, failure: string) => {
    work.then((message) => notify.success(message)).catch((err: unknown) => reportError(err, failure));
  };
  const full = store.addresses.length >= MAX_SAVED_ADDRESSES;

  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">Shipping Addresses</h1>
      {store.loading && !store.loaded ? (
        <p role="status">Loading your addresses…</p>
      ) : (
        <>
          {store.addresses.length === 0 && editing === null && <p>You have no saved addresses yet.</p>}
          <ul className="acc-addresses" aria-label="Saved addresses">
            {store.addresses.map((a) => (
              <li key={a.id} className="acc-address-card" aria-label={a.label || a.address}>
                <p className="acc-address-card__head">
                  <strong>{a.label || 'Address'}</strong>
                  {a.is_default && <span className="acc-address-card__badge">Default</span>}
                </p>
                <p className="acc-address-card__text">
                  {a.address}, {a.city}, {a.state} {a.pincode}
                  {a.alt_phone_number ? ` · ${a.alt_phone_number}` : ''}
                </p>
                <div className="acc-address-card__actions">
                  <button type="button" className="acc-btn acc-btn--small" onClick={() => setEditing(a)}>
                    Edit
                  </button>
                  {!a.is_default && (
                    <button
                      type="button"
                      className="acc-btn acc-btn--small"
                      disabled={store.busyId === a.id}
                      onClick={() => act(store.makeDefault(a.id), MESSAGES.shippingAddressSaveFailed)}
                    >
                      Make default
                    </button>
                  )}
                  <button
                    type="button"
                    className="acc-btn acc-btn--small acc-btn--danger"
                    disabled={store.busyId === a.id}
                    onClick={() => act(store.remove(a.id), MESSAGES.addressDeleteFailed)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {editing === null ? (
            <>
              <button type="button" className="acc-btn acc-btn--primary" disabled={full} onClick={() => setEditing('new')}>
                Add a new address
              </button>
              {full && <p className="acc-form__note">You can save up to {MAX_SAVED_ADDRESSES} addresses. Delete one to add another.</p>}
            </>
          ) : (
            <AddressForm
              key={editing === 'new' ? 'new' : editing.id}
              store={store}
              editing={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </>
      )}
    </div>
  );
});
