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
