import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useStores, type SavedAddress } from '@storefront/shared';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import type { AddressForm } from '../../stores/checkoutForm';
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
 *
 * The book arrives after the form is on screen, so the chooser sits on the fieldset's top border beside
 * its legend and opens over the fields: appearing, it moves nothing (CLS; e2e layout-shift.spec).
 */
export const SavedAddressChooser = observer(function SavedAddressChooser({ store, values, onChoose }: Props) {
  const { auth } = useStores();
  const signedIn = auth.isAuthenticated;
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (signedIn) void store.loadSavedAddresses();
  }, [signedIn, store]);

  if (!signedIn || store.savedAddresses.length === 0) return null;
  const chosen = store.chosenAddress(values);
  const choose = (a: SavedAddress | null) => {
    onChoose(a);
    if (details.current) details.current.open = false;
  };
  return (
    <details className="cc-saved" ref={details}>
      <summary className="cc-saved__toggle">Saved addresses ({store.savedAddresses.length})</summary>
      <div className="cc-saved__list" role="radiogroup" aria-label="Deliver to">
        {store.savedAddresses.map((a) => (
          <label key={a.id} className="cc-radio cc-saved__option">
            <input type="radio" name="saved_address" checked={chosen?.id === a.id} onChange={() => choose(a)} />
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
          <input type="radio" name="saved_address" checked={!chosen} onChange={() => chosen && choose(null)} />
          <span>A new address</span>
        </label>
      </div>
    </details>
  );
});
