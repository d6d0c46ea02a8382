import type { InputHTMLAttributes, ReactNode } from 'react';
import { InputField } from '@storefront/shared';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required'> {
  name: string;
  /** Makes the id unique when the same field name is on screen twice (a form per variation). */
  idPrefix: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
}

/** The shared labelled input in the back office's styles. */
export function TextField({ name, idPrefix, ...rest }: TextFieldProps) {
  return <InputField id={`${idPrefix}-${name}`} name={name} classPrefix="adm-field" {...rest} />;
}

/** When something happened, for staff in India: "27 Nov 2026, 2:05 pm". */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Date(t).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}
