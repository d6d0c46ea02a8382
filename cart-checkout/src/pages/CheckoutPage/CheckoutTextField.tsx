import { Field, type UseFormResult } from '@storefront/shared';
import type { AddressForm } from '../../stores/checkoutForm';

interface Props {
  form: UseFormResult<AddressForm>;
  name: keyof AddressForm;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  maxLength?: number;
  /** Spans the whole row. */
  wide?: boolean;
  /** A line under the field (the pincode's delivery window). */
  help?: string | undefined;
}

/** One text field of the checkout form, bound to its value and message; its id is `cc-<name>`. */
export function CheckoutTextField({ form, name, label, type = 'text', wide, help, ...input }: Props) {
  const { value, onChange, error } = form.field(name);
  return (
    <Field classPrefix="cc-field" id={`cc-${name}`} label={label} error={error} className={wide ? 'cc-field--wide' : undefined} hint={help}>
      {(aria) => <input name={name} type={type} value={value} onChange={onChange} {...input} {...aria} />}
    </Field>
  );
}
