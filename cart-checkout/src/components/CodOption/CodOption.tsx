import './CodOption.css';
import type { CheckoutDelivery } from '../../hooks/useCheckoutDelivery';

interface Props {
  checked: boolean;
  onChoose: () => void;
  /** What cash on delivery costs here, or why it is not offered (issue 39); null until the pincode is known. */
  cod: CheckoutDelivery['cod'];
}

/** The checkout's cash-on-delivery choice with its fee, or the reason the shop does not offer it here. */
export function CodOption({ checked, onChoose, cod }: Props) {
  return (
    <label className="cc-radio">
      <input type="radio" name="payment_method" value="cod" checked={checked} onChange={onChoose} />
      <span>
        Cash on delivery
        <small className={cod && !cod.offered ? 'cc-radio__refusal' : undefined}>
          {cod ? (cod.offered ? `${cod.text}. Pay when your order arrives.` : cod.text) : 'Pay when your order arrives.'}
        </small>
      </span>
    </label>
  );
}
