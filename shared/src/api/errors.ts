/**
 * The one error type every failed call rejects with (STYLE.md "Errors"): the HTTP status, the server's
 * messages (spec §7: `message` may be a list) and its field errors. The client never toasts; handlers
 * pick the server message or the spec §8 fallback with `messageOf` / `reportError`.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when the server was not reached. */
  readonly status: number;
  /** Messages the server sent, in order; empty when it sent none (network failure, bad gateway). */
  readonly messages: string[];
  /** Field errors of a 400 answer, keyed by field name. */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, messages: string[], fieldErrors: Record<string, string> = {}) {
    super(messages[0] ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.fieldErrors = fieldErrors;
  }

  /** True when the server itself said something the shopper should read. */
  get hasServerMessage(): boolean {
    return this.messages.length > 0;
  }
}

/** Normalises a `message` field that may be a string, a list or missing. */
export function toMessages(message: unknown): string[] {
  if (typeof message === 'string') return message.trim() ? [message] : [];
  if (Array.isArray(message)) return message.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  return [];
}

/**
 * The server's first message when there is one, else the spec §8 fallback. Accepts an `ApiError`, an
 * envelope-like object, a plain string or anything else (which gives the fallback).
 */
export function messageOf(err: unknown, fallback: string): string {
  return messagesOf(err, fallback)[0] ?? fallback;
}

/** Every server message (a list gives one toast each, spec §8), or `[fallback]`. */
export function messagesOf(err: unknown, fallback: string): string[] {
  if (typeof err === 'string') return err.trim() ? [err] : [fallback];
  if (err instanceof ApiError) return err.messages.length ? err.messages : [fallback];
  if (typeof err === 'object' && err !== null && 'message' in err) {
    const list = toMessages((err as { message: unknown }).message);
    // A plain Error's message is a programmer's text, not the server's; only envelopes count.
    if (list.length && !(err instanceof Error)) return list;
  }
  return [fallback];
}

/** Field errors carried by an `ApiError` (400 answers), else an empty object. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof ApiError ? { ...err.fieldErrors } : {};
}
