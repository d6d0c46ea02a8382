import { useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrorsOf, loadOnce, reportError } from '@storefront/shared';
import type { AnyObjectSchema } from '@storefront/shared/validation';

type Validation = typeof import('@storefront/shared/validation');

/** yup and the schemas come with the first form a member uses, not with the back office's first screen. */
const loadValidation = loadOnce<Validation>(() => import('@storefront/shared/validation'));

export type FormValues = Record<string, string>;

/**
 * A back-office form: text values in React state, checked with a shared schema before sending; the
 * server's field errors go under their fields and any other refusal is toasted once (`reportError`).
 */
export function useStaffForm<T extends FormValues>(pick: (v: Validation, values: T) => AnyObjectSchema, initial: T, failure: string) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const { name, value } = e.target;
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
    void loadValidation().catch(() => undefined);
  };

  const submit = (send: (values: T) => Promise<void>) => async (e?: FormEvent) => {
    e?.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const v = await loadValidation();
      const found = await v.validateForm(pick(v, values), values);
      setErrors(found);
      if (Object.keys(found).length) return;
      await send(values);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else reportError(err, failure);
    } finally {
      setSubmitting(false);
    }
  };

  /** The props binding an input to one value. */
  const field = (name: keyof T & string) => ({ name, value: values[name] ?? '', onChange, error: errors[name] });

  return { values, setValues, errors, submitting, submit, field };
}
