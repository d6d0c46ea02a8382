import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores, type SavedAddress } from '@storefront/shared';
import type { AddressForm, CheckoutStore } from '../../stores/CheckoutStore';
import './SavedAddressChooser.css';

interface Props {
  store: CheckoutStore;
  values: AddressForm;
  /** Puts a saved address in the form's fields, or empties them for a new one (null). */
  onChoose: (address: SavedAddress | null) => void;
}

/**
 * Issue 39: "Deliver to" one of the signed-in customer's saved addresses, or a new one. Choosing fills the
 * address fields below (the shopper sees and may still change them); which one is chosen is read from
 * those fields, so editing one turns the choice into a new address. Nothing for a guest or an empty book.
 */
export const SavedAddressChooser = observer(function SavedAddressChooser({ store, values, onChoose }: Props) {
  const { auth } = useStores();
  const signedIn = auth.isAuthenticated;
  useEffect(() => {
    if (signedIn) void store.loadSavedAddresses();
  }, [signedIn, store]);

  if (!signedIn || store.savedAddresses.length === 0) return null;
  const chosen = store.chosenAddress(values);
  return (
    <div className="cc-saved" role="radiogroup" aria-label="Deliver to">
      {store.savedAddresses.map((a) => (
        <label key={a.id} className="cc-radio cc-saved__option">
          <input type="radio" name="saved_address" checked={chosen?.id === a.id} onChange={() => onChoose(a)} />
          <span>
            {a.label || 'Saved address'}
            {a.is_default ? ' (default)' : ''}
            <small>
              {a.address}, {a.city}, {a.state} {a.pincode}
            </small>
          </span>
        </label>
      ))}
      <label className="cc-radio cc-saved__option">
        <input type="radio" name="saved_address" checked={!chosen} onChange={() => chosen && onChoose(null)} />
        <span>A new address</span>
      </label>
    </div>
  );
});
