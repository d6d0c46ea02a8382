import { ValidationError, type AnyObjectSchema } from 'yup';

/** Field name → first message; empty when the values are valid. */
export type FieldErrors = Record<string, string>;

/**
 * Validates form values against a spec §5 schema, collecting the first message of every field (so the
 * whole form shows its problems at once) instead of stopping at the first.
 */
export async function validateForm(schema: AnyObjectSchema, values: unknown): Promise<FieldErrors> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors: FieldErrors = {};
    for (const e of err.inner.length ? err.inner : [err]) {
      const key = e.path ?? '_form';
      if (!(key in errors) && e.message) errors[key] = e.message;
    }
    return errors;
  }
}

/** Synchronous variant for on-change validation of a single field. */
export function validateField(schema: AnyObjectSchema, field: string, values: Record<string, unknown>): string | undefined {
  try {
    schema.validateSyncAt(field, values);
    return undefined;
  } catch (err) {
    return err instanceof ValidationError ? err.message : undefined;
  }
}
