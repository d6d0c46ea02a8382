import { observer } from 'mobx-react-lite';
import { CodMobileConfirm } from '../../components/CodMobileConfirm/CodMobileConfirm';
import { CodOption } from '../../components/CodOption/CodOption';
import type { CheckoutDelivery } from '../../hooks/useCheckoutDelivery';
import type { CheckoutStore } from '../../stores/CheckoutStore';
import type { PaymentMethod } from '../../stores/checkoutForm';

interface Props {
  store: CheckoutStore;
  payment: PaymentMethod;
  onChoose: (method: PaymentMethod) => void;
  /** False for a shop that takes cash on delivery only (PAYMENT_PROVIDER=none). */
  prepaidOffered: boolean;
  delivery: CheckoutDelivery;
  /** The signed-in customer's mobile, for the code a large cash order asks for. */
  phone: string | null | undefined;
}

/** Cash on delivery (with its fee, or why not here; a code above the owner's threshold) or pay online. */
export const PaymentMethodFields = observer(function PaymentMethodFields({
  store,
  payment,
  onChoose,
  prepaidOffered,
  delivery,
  phone,
}: Props) {
  return (
    <fieldset className="cc-fieldset">
      <legend>Payment method</legend>
      <CodOption checked={payment === 'cod'} onChoose={() => onChoose('cod')} cod={delivery.cod} />
      {payment === 'cod' && delivery.codCodeAbove && phone && store.otpStep !== 'done' ? (
        <CodMobileConfirm mobile={phone} threshold={delivery.codCodeAbove} />
      ) : null}
      {prepaidOffered && (
        <label className="cc-radio">
          <input type="radio" name="payment_method" value="prepaid" checked={payment === 'prepaid'} onChange={() => onChoose('prepaid')} />
          <span>
            Pay online (prepaid)
            <small>You will confirm the payment on the next page.</small>
          </span>
        </label>
      )}
    </fieldset>
  );
});
