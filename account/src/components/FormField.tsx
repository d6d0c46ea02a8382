import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { InputField } from '@storefront/shared';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required'> {
  /** Field name: the key of the form values and of the error map. */
  name: string;
  /** Prefix that makes ids unique when the same form is on screen twice (page and modal). */
  idPrefix: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The shared `InputField` in the account's styles, its id made from the form's prefix and the field name. */
export function FormField({ name, idPrefix, className, ...rest }: FormFieldProps) {
  return <InputField id={`${idPrefix}-${name}`} name={name} classPrefix="acc-field" fieldClassName={className} {...rest} />;
}

/** A 6-digit one-time code (spec §5 OTP): the number pad, and the browser may fill it from the SMS or mail. */
export function OtpField(props: Omit<FormFieldProps, 'label' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <FormField label="OTP" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}
