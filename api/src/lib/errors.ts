/**
 * The one error the routes and repositories throw for an expected failure. The app's error handler turns
 * it into `{ success: false, message, errors? }` with its status (docs/api-contract.md "Conventions").
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly messages: string | string[];
  readonly errors: Record<string, string> | undefined;

  constructor(statusCode: number, message: string | string[], errors?: Record<string, string>) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.messages = message;
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
/** A 400 for one field: the message doubles as the toast and as the field's error (spec §5 "shown as given"). */
export const fieldError = (field: string, message: string) => new AppError(400, message, { [field]: message });
export const unauthorized = (message = 'Unauthenticated') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string | string[], errors?: Record<string, string>) => new AppError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string>) => new AppError(422, message, errors);
export const tooMany = (message: string) => new AppError(429, message);

/** A unique-constraint failure on SQLite (SQLITE_CONSTRAINT_UNIQUE) or PostgreSQL (23505). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Runs `work` (a transaction) again once after a unique-key conflict: another request took the key
 * between its read and its write, and the second run reads that and decides (a 409, or a row to update).
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return work();
  }
}

/** PostgreSQL refusing a value's characters: a NUL (22021) or one the encoding cannot hold (22P05). */
export function isEncodingError(err: unknown): boolean {
  const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  return code === '22021' || code === '22P05';
}

/**
 * The database could not be reached, or ended the connection a query ran on (a restart, a failover, a
 * network cut). Not the request's fault and not a bug: the error handler answers 503 with Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${String((cause as { message?: unknown })?.message ?? cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Whether a PostgreSQL failure means the connection, not the statement, failed: `pg` gives socket and
 * protocol failures no SQLSTATE; the server's own are class 08 (connection exception) and 57P01–57P03
 * (terminated by an administrator, a crash, a server still starting).
 */
export function isConnectionFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || /^57P0[1-3]$/.test(code);
}
