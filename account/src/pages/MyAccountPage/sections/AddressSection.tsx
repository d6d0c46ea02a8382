import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { MESSAGES, notify, reportError, useStores, useDocumentTitle } from '@storefront/shared';
import { useForm } from '../../../hooks/useForm';
import { useLocalStore } from '../../../hooks/useLocalStore';
import { FormActions } from '../../../components/FormActions';
import { FormField } from '../../../components/FormField';
import { AddressStore } from '../../../stores/AddressStore';

interface AddressValues extends Record<string, unknown> {
  address: string;
  pincode: string;
  city: string;
  state: string;
}

/** /my-account/address: the saved shipping address (address, pincode, city, state). */
export const AddressSection = observer(function AddressSection() {
  const { api, auth } = useStores();
  useDocumentTitle('Address');
  const store = useLocalStore(() => new AddressStore(api, (customer) => auth.mergeCustomer(customer)));
  const form = useForm<AddressValues>(
    (v) => v.addressSchema,
    { address: '', pincode: '', city: '', state: '' },
    { failure: MESSAGES.shippingAddressSaveFailed },
  );
  const { setValues } = form;

  useEffect(() => {
    store.fetch().catch((err: unknown) => reportError(err, MESSAGES.shippingAddressFetchFailed));
  }, [store]);

  // Fill the form once the saved address arrives (and again after each save's refetch).
  useEffect(() => {
    const a = store.address;
    if (a) setValues({ address: a.address, pincode: a.pincode, city: a.city, state: a.state });
  }, [store.address, setValues]);

  // Spec §4: saving toasts, stores the customer data in the session and refetches the address.
  const submit = form.handleSubmit(async (v) => {
    const message = await store.save({
      address: v.address.trim(),
      pincode: v.pincode.trim(),
      city: v.city.trim(),
      state: v.state.trim(),
    });
    notify.success(message);
  });

  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">Shipping Address</h1>
      {store.loading && !store.loaded ? (
        <p role="status">Loading your address…</p>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate aria-label="Shipping address">
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
          <FormActions error={form.formError} submitting={form.submitting} label="Save address" busyLabel="Saving…" />
        </form>
      )}
    </div>
  );
});
