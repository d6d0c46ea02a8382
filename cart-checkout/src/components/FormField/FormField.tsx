import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string | undefined;
  help?: string;
  /** The control; it must carry `id`, and gets aria-invalid / aria-describedby from the caller. */
  children: ReactNode;
  className?: string;
}

/** Label, control and field-level error (spec §5 messages shown under the field). */
export function FormField({ id, label, error, help, children, className }: Props) {
  return (
    <div className={`cc-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {help && !error && (
        <p className="cc-field__help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="cc-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes wiring a control to its FormField error. */
export function fieldAria(id: string, error: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
