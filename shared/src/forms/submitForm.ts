import { fieldErrorsOf } from '../api/errors';
import { reportError } from '../notify';
import type { AnyObjectSchema } from '@storefront/shared/validation';
import { loadValidation, type Validation } from './loadValidation';

export type FormErrors<T> = Partial<Record<keyof T & string, string>>;

/** Picks a form's schema from the validation entry once it has loaded (it may depend on the values). */
export type SchemaOf<T> = (validation: Validation, values: T) => AnyObjectSchema;

/** Spec §8 fallback reported when a submission fails without a server message (or one made from the error). */
export type Failure = string | ((err: unknown) => string);

/** What one submission needs from the hook's state. */
export interface Submission<T> {
  form: HTMLFormElement | null;
  values: T;
  schemaOf: SchemaOf<T>;
  failure: Failure;
  onValid: (values: T) => Promise<void> | void;
  setErrors: (errors: FormErrors<T>) => void;
  setFormError: (message: string | null) => void;
  setSubmitting: (submitting: boolean) => void;
}

/**
 * Validates with the schema and calls `onValid` only when valid. When `onValid` rejects, the server's
 * field errors go to their fields (STYLE.md: not a toast); any other failure is reported once through
 * `reportError` with the form's fallback and kept as the form's own message.
 */
export async function submitForm<T extends object>(s: Submission<T>): Promise<void> {
  const fail = (err: unknown) => s.setFormError(reportError(err, typeof s.failure === 'string' ? s.failure : s.failure(err)));
  let found: FormErrors<T>;
  try {
    const v = await loadValidation();
    found = (await v.validateForm(s.schemaOf(v, s.values), s.values)) as FormErrors<T>;
  } catch (err) {
    fail(err);
    return;
  }
  s.setErrors(found);
  s.setFormError(null);
  if (Object.keys(found).length > 0) {
    focusFirstInvalid(s.form, Object.keys(found));
    return;
  }
  s.setSubmitting(true);
  try {
    await s.onValid(s.values);
  } catch (err) {
    const server = onlyFields(fieldErrorsOf(err), s.values as Record<string, unknown>);
    if (Object.keys(server).length > 0) {
      s.setErrors(server as FormErrors<T>);
      focusFirstInvalid(s.form, Object.keys(server));
    } else fail(err);
  } finally {
    s.setSubmitting(false);
  }
}

/** Server field errors this form can show beside a field; errors for other fields are not shown there. */
function onlyFields(errors: Record<string, string>, values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k in values));
}

/** Moves focus to the first field with a message, in the order of the form. */
export function focusFirstInvalid(form: HTMLFormElement | null, names: string[]): void {
  if (!form) return;
  for (const el of Array.from(form.elements)) {
    if (el instanceof HTMLElement && names.includes(el.getAttribute('name') ?? '')) {
      el.focus();
      return;
    }
  }
}
