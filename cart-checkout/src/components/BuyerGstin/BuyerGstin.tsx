import { observer } from 'mobx-react-lite';
import { Field } from '@storefront/shared';
import type { CheckoutStore } from '../../stores/CheckoutStore';

/**
 * Issue 39: a business buyer's GSTIN, printed on the tax invoice so the business can claim the input tax.
 * Optional; checked with the contract's rule (format and check character) before the order is placed.
 */
export const BuyerGstin = observer(function BuyerGstin({ store }: { store: CheckoutStore }) {
  return (
    <Field
      classPrefix="cc-field"
      id="cc-buyer_gstin"
      label="GSTIN (optional, for a business purchase)"
      error={store.gstinError ?? undefined}
      className="cc-field--wide"
    >
      {(aria) => (
        <input
          name="buyer_gstin"
          type="text"
          autoCapitalize="characters"
          maxLength={15}
          value={store.buyerGstin}
          onChange={(e) => store.setBuyerGstin(e.target.value)}
          {...aria}
        />
      )}
    </Field>
  );
});
