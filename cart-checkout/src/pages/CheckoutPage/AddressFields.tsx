import { observer } from 'mobx-react-lite';
import { Field, type UseFormResult } from '@storefront/shared';
import { BuyerGstin } from '../../components/BuyerGstin/BuyerGstin';
import { SavedAddressChooser } from '../../components/SavedAddressChooser/SavedAddressChooser';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import type { AddressForm } from '../../stores/checkoutForm';
import { CheckoutTextField } from './CheckoutTextField';

interface Props {
  form: UseFormResult<AddressForm>;
  store: CheckoutStore;
  /** The pincode's delivery window (or why it is not served), under the field once known. */
  deliveryEstimate: string | null;
}

/** The shipping address: a saved one to choose (signed in), the fields, the state and city lists, a GSTIN. */
export const AddressFields = observer(function AddressFields({ form, store, deliveryEstimate }: Props) {
  const { values, errors } = form;
  return (
    <fieldset className="cc-fieldset">
      <legend>Shipping address</legend>
      <SavedAddressChooser store={store} values={values} onChoose={(a) => form.setValues((v) => store.withAddress(v, a))} />
      <Field classPrefix="cc-field" id="cc-address" label="Address" error={errors.address} className="cc-field--wide">
        {(aria) => (
          <textarea name="address" rows={3} autoComplete="street-address" value={values.address} onChange={form.onChange} {...aria} />
        )}
      </Field>
      <StateSelect form={form} store={store} />
      <CitySelect form={form} store={store} />
      <CheckoutTextField
        form={form}
        name="pincode"
        label="Pincode"
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={6}
        help={deliveryEstimate ?? undefined}
      />
      <CheckoutTextField
        form={form}
        name="alt_phone_number"
        label="Alternate phone (optional)"
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={10}
      />
      <BuyerGstin store={store} />
    </fieldset>
  );
});

type ListProps = Omit<Props, 'deliveryEstimate'>;

/** The states of spec §7; a saved state not (yet) in the list stays choosable. A new state empties the city. */
const StateSelect = observer(function StateSelect({ form, store }: ListProps) {
  const { values, errors } = form;
  return (
    <Field classPrefix="cc-field" id="cc-state" label="State" error={errors.state}>
      {(aria) => (
        <select
          name="state"
          value={values.state}
          onChange={(e) => {
            form.onChange(e);
            form.setValue('city', '');
          }}
          aria-busy={store.statesLoading}
          {...aria}
        >
          <PlaceOptions places={store.states} chosen={values.state} prompt={store.statesLoading ? 'Loading states…' : 'Select a state'} />
        </select>
      )}
    </Field>
  );
});

/** The chosen state's cities; a saved city not (yet) in the list stays choosable. */
const CitySelect = observer(function CitySelect({ form, store }: ListProps) {
  const { values, errors } = form;
  return (
    <Field classPrefix="cc-field" id="cc-city" label="City" error={errors.city}>
      {(aria) => (
        <select name="city" value={values.city} onChange={form.onChange} disabled={!values.state} aria-busy={store.citiesLoading} {...aria}>
          <PlaceOptions
            places={store.cities}
            chosen={values.city}
            prompt={store.citiesLoading ? 'Loading cities…' : values.state ? 'Select a city' : 'Select a state first'}
          />
        </select>
      )}
    </Field>
  );
});

/** A prompt, the places of spec §7, and a saved place not (yet) in the list, so it stays chosen. */
function PlaceOptions({ places, chosen, prompt }: { places: readonly { id: number; name: string }[]; chosen: string; prompt: string }) {
  return (
    <>
      <option value="">{prompt}</option>
      {places.map((p) => (
        <option key={p.id} value={p.name}>
          {p.name}
        </option>
      ))}
      {chosen && !places.some((p) => p.name === chosen) ? <option value={chosen}>{chosen}</option> : null}
    </>
  );
}
