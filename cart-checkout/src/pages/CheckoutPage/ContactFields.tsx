import type { UseFormResult } from '@storefront/shared';
import type { AddressForm } from '../../stores/checkoutForm';
import { CheckoutTextField } from './CheckoutTextField';

/** Who the order is for: e-mail and names (a new guest becomes a customer with them). */
export function ContactFields({ form }: { form: UseFormResult<AddressForm> }) {
  return (
    <fieldset className="cc-fieldset">
      <legend>Contact</legend>
      <CheckoutTextField form={form} name="email" label="Email" type="email" autoComplete="email" inputMode="email" wide />
      <CheckoutTextField form={form} name="firstname" label="First name" autoComplete="given-name" maxLength={50} />
      <CheckoutTextField form={form} name="lastname" label="Last name" autoComplete="family-name" maxLength={50} />
    </fieldset>
  );
}
