import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { validateForm, type AnyObjectSchema } from '@storefront/shared';
import { fieldErrorsOf } from '../components/errors';

export type FormErrors<T> = Partial<Record<keyof T & string, string>>;

interface UseFormResult<T extends Record<string, unknown>> {
  values: T;
  errors: FormErrors<T>;
  submitting: boolean;
  /** onChange for an input named after a key of the values (checkboxes give booleans). */
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  setValue: <K extends keyof T>(name: K, value: T[K]) => void;
  setValues: (next: T) => void;
  setErrors: (errors: FormErrors<T>) => void;
  /** Validates with the schema; calls `onValid` only when valid; server field errors go to the fields. */
  handleSubmit: (onValid: (values: T) => Promise<void> | void) => (e: FormEvent) => Promise<void>;
  reset: () => void;
}

/**
 * Form state for the account forms: values and open flags stay in React state (STYLE.md), validation
 * is the shared yup schema with the spec §5 messages, and a server's field errors land on the fields.
 */
export function useForm<T extends Record<string, unknown>>(schema: AnyObjectSchema, initial: T): UseFormResult<T> {
  const [values, setValuesState] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [submitting, setSubmitting] = useState(false);

  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValuesState((v) => ({ ...v, [name]: value }));
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
    },
    [setValue],
  );

  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void) => async (e: FormEvent) => {
      e.preventDefault();
      // React clears currentTarget once the handler yields; keep the form for focusing later.
      const form = e.currentTarget as HTMLFormElement;
      if (submitting) return;
      const found = (await validateForm(schema, values)) as FormErrors<T>;
      setErrors(found);
      if (Object.keys(found).length > 0) {
        focusFirstInvalid(form, Object.keys(found));
        return;
      }
      setSubmitting(true);
      try {
        await onValid(values);
      } catch (err) {
        const server = fieldErrorsOf(err) as FormErrors<T>;
        if (Object.keys(server).length > 0) {
          setErrors(server);
          focusFirstInvalid(form, Object.keys(server));
        }
      } finally {
        setSubmitting(false);
      }
    },
    [schema, values, submitting],
  );

  return {
    values,
    errors,
    submitting,
    onChange,
    setValue,
    setValues: setValuesState,
    setErrors,
    handleSubmit,
    reset: () => {
      setValuesState(initial);
      setErrors({});
    },
  };
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
