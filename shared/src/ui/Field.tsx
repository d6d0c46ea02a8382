import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { observer } from 'mobx-react-lite';

/** What a field hands its control: the id its label points at, and the state a screen reader announces. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FieldProps {
  /** The control's id (unique on the page: prefix it when a form can be on screen twice). */
  id: string;
  label: ReactNode;
  /** The spec §5 message under the field, or nothing. */
  error?: string | null | undefined;
  /** A standing explanation under the field (kept while an error shows; both are read out). */
  hint?: ReactNode;
  /** Marks the field required: `aria-required` on the control and a `*` beside the label (hidden from screen readers, which hear aria-required). */
  required?: boolean;
  /**
   * The section's class family (default `sf-field`): `<p>`, `<p>--invalid`, `<p>__label`, `<p>__head` (label and star), `<p>__required`,
   * `<p>__hint`, `<p>__error`. The markup and the accessibility are the same everywhere.
   */
  classPrefix?: string;
  className?: string | undefined;
  /** Renders the control with the props it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The one form field of every section: a label bound to its control, an optional hint, and the
 * validation message linked with `aria-describedby` while the control is `aria-invalid` — so a screen
 * reader reads the label, the hint and the error together, and tests find controls by their labels.
 * An observer: the control is rendered here, so store values it reads (a select's options) are tracked.
 */
export const Field = observer(function Field({
  id,
  label,
  error,
  hint,
  required,
  classPrefix = 'sf-field',
  className,
  children,
}: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = { id };
  if (error) control['aria-invalid'] = true;
  if (describedBy) control['aria-describedby'] = describedBy;
  if (required) control['aria-required'] = true;
  const classes = [classPrefix, error ? `${classPrefix}--invalid` : null, className].filter(Boolean).join(' ');
  const labelEl = (
    <label className={`${classPrefix}__label`} htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={classes}>
      {required ? (
        // The star sits beside the label, not in it: the control's name stays the label's words.
        <div className={`${classPrefix}__head`}>
          {labelEl}
          <span className={`${classPrefix}__required`} aria-hidden="true">
            *
          </span>
        </div>
      ) : (
        labelEl
      )}
      {children(control)}
      {hint && (
        <p id={hintId} className={`${classPrefix}__hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={`${classPrefix}__error`}>
          {error}
        </p>
      )}
    </div>
  );
});

export interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'required'> {
  id: string;
  /** Field name: the key of the form values and of the error map. */
  name: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  classPrefix?: string;
  /** The wrapper's extra class. */
  fieldClassName?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A `Field` holding a text input: the common case. */
export function InputField({
  id,
  name,
  label,
  error,
  hint,
  required,
  classPrefix = 'sf-field',
  fieldClassName,
  className,
  ref,
  ...input
}: InputFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} classPrefix={classPrefix} className={fieldClassName}>
      {(control) => <input ref={ref} name={name} className={className ?? `${classPrefix}__input`} {...control} {...input} />}
    </Field>
  );
}
