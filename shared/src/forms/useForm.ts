import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { prefetchValidation } from './loadValidation';
import { submitForm, type Failure, type FormErrors, type SchemaOf } from './submitForm';

type FieldChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

export interface UseFormOptions {
  /** Spec §8 fallback reported when a submission fails without a server message (or one made from the error). */
  failure: Failure;
}

export interface UseFormResult<T extends object> {
  values: T;
  errors: FormErrors<T>;
  /** The last failure reported for the whole form (also toasted), shown under the fields. */
  formError: string | null;
  submitting: boolean;
  /** onChange for an input named after a key of the values (checkboxes give booleans). */
  onChange: (e: FieldChange) => void;
  /** Sets one value and clears its message (and the form's). */
  setValue: <K extends keyof T>(name: K, value: T[K]) => void;
  /** Replaces the values, or derives them from the current ones (a function, as React's setState takes). */
  setValues: (next: T | ((current: T) => T)) => void;
  setErrors: (errors: FormErrors<T>) => void;
  /** The submit handler: validates, then runs `onValid` (see submitForm); a second submit in flight is dropped. */
  handleSubmit: (onValid: (values: T) => Promise<void> | void) => (e?: FormEvent) => Promise<void>;
  reset: () => void;
  /** The props that bind a text input to one value: name, value, onChange and its message. */
  field: (name: keyof T & string) => { name: string; value: string; onChange: (e: FieldChange) => void; error: string | undefined };
}

/**
 * The one way to hold a form (every section's): values and flags in React state (STYLE.md), the shared
 * yup schema with the spec §5 messages loaded on the first input, failures handled in one place. Text
 * typed before hydration reaches it as an input event (docs/performance.md: the page loader).
 */
export function useForm<T extends object>(schemaOf: SchemaOf<T>, initial: T, options: UseFormOptions): UseFormResult<T> {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A second submit while the first is on its way is dropped (double click, Enter twice).
  const inFlight = useRef(false);
  const initialRef = useRef(initial);

  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setFormError(null);
    setErrors((errs) => {
      if (!(name in errs)) return errs;
      const next = { ...errs };
      delete next[name as keyof T & string];
      return next;
    });
  }, []);

  const onChange = useCallback(
    (e: FieldChange) => {
      const target = e.target;
      const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
      setValue(target.name as keyof T, value as T[keyof T]);
      // The shopper has started on the form: the schemas load while they type, ready for the submit.
      prefetchValidation();
    },
    [setValue],
  );

  const { failure } = options;
  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void) => async (e?: FormEvent) => {
      e?.preventDefault();
      // React clears currentTarget once the handler yields; keep the form for focusing later.
      const form = (e?.currentTarget as HTMLFormElement | undefined) ?? null;
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await submitForm({ form, values, schemaOf, failure, onValid, setErrors, setFormError, setSubmitting });
      } finally {
        inFlight.current = false;
      }
    },
    [schemaOf, values, failure],
  );

  const reset = useCallback(() => {
    setValues(initialRef.current);
    setErrors({});
    setFormError(null);
  }, []);

  const field = (name: keyof T & string) => ({ name, value: String(values[name] ?? ''), onChange, error: errors[name] });

  return { values, errors, formError, submitting, onChange, setValue, setValues, setErrors, handleSubmit, reset, field };
}
