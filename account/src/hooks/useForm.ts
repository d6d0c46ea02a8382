import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrorsOf, loadOnce, reportError } from '@storefront/shared';
import type { AnyObjectSchema } from '@storefront/shared/validation';

/** The shared validation entry (yup and the spec §5 schemas), as a type: importing it for real loads it. */
export type Validation = typeof import('@storefront/shared/validation');
/** Picks a form's schema from the validation entry once it has loaded. */
export type SchemaOf = (validation: Validation) => AnyObjectSchema;

/**
 * yup and the schemas (about 13 KB gzip) are not part of the first screen (issue 19: TBT): a form asks
 * for them on its first input and waits for them on submit, where the messages show. One load for
 * every form; a failed load is tried again next time.
 */
export const loadValidation: () => Promise<Validation> = loadOnce(() => import('@storefront/shared/validation'));

export type FormErrors<T> = Partial<Record<keyof T & string, string>>;

interface UseFormOptions {
  /** Spec §8 fallback reported when a submission fails without a server message (or one made from the error). */
  failure: string | ((err: unknown) => string);
}

interface UseFormResult<T extends Record<string, unknown>> {
  values: T;
  errors: FormErrors<T>;
  /** The last failure reported for the whole form (also toasted), shown under the fields. */
  formError: string | null;
  submitting: boolean;
  /** onChange for an input named after a key of the values (checkboxes give booleans). */
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  setValue: <K extends keyof T>(name: K, value: T[K]) => void;
  /** Replaces the values, or derives them from the current ones (a function, as React's setState takes). */
  setValues: (next: T | ((current: T) => T)) => void;
  setErrors: (errors: FormErrors<T>) => void;
  /**
   * Validates with the schema and calls `onValid` only when valid. When `onValid` rejects, the server's
   * field errors go to their fields (STYLE.md: not a toast); any other failure is reported once through
   * `reportError` with the form's fallback.
   */
  handleSubmit: (onValid: (values: T) => Promise<void> | void) => (e: FormEvent) => Promise<void>;
  reset: () => void;
  /** The props that bind a text input (FormField) to one value: name, value, onChange and its message. */
  field: (name: keyof T & string) => { name: string; value: string; onChange: UseFormResult<T>['onChange']; error: string | undefined };
}

/**
 * Form state for the account forms: values and flags stay in React state (STYLE.md), validation is
 * the shared yup schema with the spec §5 messages, and a failed submission is handled in one place.
 */
export function useForm<T extends Record<string, unknown>>(schemaOf: SchemaOf, initial: T, options: UseFormOptions): UseFormResult<T> {
  const [values, setValuesState] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A second submit while the first is on its way is dropped (double click, Enter twice).
  const inFlight = useRef(false);
  const initialRef = useRef(initial);

  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValuesState((v) => ({ ...v, [name]: value }));
    setFormError(null);
    setErrors((errs) => {
      if (!(name in errs)) return errs;
      const next = { ...errs };
      delete next[name as keyof T & string];
      return next;
    });
  }, []);

  const onChange = useCallback(
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const target = e.target;
      const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
      setValue(target.name as keyof T, value as T[keyof T]);
      // The shopper has started on the form: the schemas load while they type, ready for the submit.
      void loadValidation().catch(() => undefined);
    },
    [setValue],
  );

  const { failure } = options;
  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void) => async (e: FormEvent) => {
      e.preventDefault();
      // React clears currentTarget once the handler yields; keep the form for focusing later.
      const form = e.currentTarget as HTMLFormElement;
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        let found: FormErrors<T>;
        try {
          const v = await loadValidation();
          found = (await v.validateForm(schemaOf(v), values)) as FormErrors<T>;
        } catch (err) {
          setFormError(reportError(err, typeof failure === 'string' ? failure : failure(err)));
          return;
        }
        setErrors(found);
        setFormError(null);
        if (Object.keys(found).length > 0) {
          focusFirstInvalid(form, Object.keys(found));
          return;
        }
        setSubmitting(true);
        try {
          await onValid(values);
        } catch (err) {
          const server = onlyFields(fieldErrorsOf(err), values);
          if (Object.keys(server).length > 0) {
            setErrors(server as FormErrors<T>);
            focusFirstInvalid(form, Object.keys(server));
          } else {
            setFormError(reportError(err, typeof failure === 'string' ? failure : failure(err)));
          }
        } finally {
          setSubmitting(false);
        }
      } finally {
        inFlight.current = false;
      }
    },
    [schemaOf, values, failure],
  );

  const reset = useCallback(() => {
    setValuesState(initialRef.current);
    setErrors({});
    setFormError(null);
  }, []);

  const field = (name: keyof T & string) => ({ name, value: String(values[name] ?? ''), onChange, error: errors[name] });

  return { values, errors, formError, submitting, onChange, setValue, setValues: setValuesState, setErrors, handleSubmit, reset, field };
}

/** Server field errors this form can show beside a field; errors for other fields are not shown there. */
function onlyFields(errors: Record<string, string>, values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k in values));
}

/** Moves focus to the first field with a message, in the order of the form. */
function focusFirstInvalid(form: HTMLFormElement | null, names: string[]): void {
  if (!form) return;
  for (const el of Array.from(form.elements)) {
    if ('name' in el && names.includes((el as HTMLInputElement).name)) {
      (el as unknown as HTMLElement).focus();
      return;
    }
  }
}
