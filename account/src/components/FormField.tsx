import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  /** Field name: the key of the form values and of the error map. */
  name: string;
  /** Prefix that makes ids unique when the same form is on screen twice (page and modal). */
  idPrefix: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its validation message beside it: the message is linked with
 * aria-describedby and the input is marked aria-invalid, so a screen reader reads both.
 */
export function FormField({ name, idPrefix, label, error, hint, className, ref, ...input }: FormFieldProps) {
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`acc-field${error ? ' acc-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="acc-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name={name}
        className="acc-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="acc-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="acc-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
