/**
 * Reading the shared API error without depending on its class identity: the client turns every failure
 * into one error carrying status, message(s) and field errors (STYLE.md "Errors").
 */
export interface ErrorLike {
  status?: number;
  message?: string;
  messages?: string[];
  fieldErrors?: Record<string, string>;
}

function asErrorLike(err: unknown): ErrorLike | null {
  return typeof err === 'object' && err !== null ? (err as ErrorLike) : null;
}

/** Field errors the server sent (400 `errors`), keyed by field name; empty when none. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const e = asErrorLike(err);
  return e?.fieldErrors && typeof e.fieldErrors === 'object' ? { ...e.fieldErrors } : {};
}

/** The server's message when there is one, else the spec §8 fallback. */
export function messageOf(err: unknown, fallback: string): string {
  if (typeof err === 'string' && err) return err;
  const e = asErrorLike(err);
  const first = e?.messages?.find((m) => typeof m === 'string' && m.trim() !== '');
  if (first) return first;
  if (typeof e?.message === 'string' && e.message.trim() !== '') return e.message;
  return fallback;
}
