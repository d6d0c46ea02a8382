import { ApiError, toMessages } from './errors';

/**
 * The one place an answer the server marked unsuccessful (`success: false` with a 200) becomes the same
 * `ApiError` a failed request rejects with, carrying the server's messages and field errors — so stores
 * and pages handle one kind of failure and never test `success` themselves. The cancel call reports with
 * `status` instead of `success` (spec §7): `status: true` counts as success. A cancelled call (`null`)
 * passes through.
 */
export function checkAnswer<T>(answer: T): T {
  if (answer && typeof answer === 'object' && 'success' in answer) {
    const a = answer as { success: unknown; status?: unknown; message?: unknown; errors?: unknown };
    if (a.success === false && a.status !== true) {
      const errors = a.errors && typeof a.errors === 'object' && !Array.isArray(a.errors) ? (a.errors as Record<string, string>) : {};
      throw new ApiError(200, toMessages(a.message), errors);
    }
  }
  return answer;
}

/**
 * The typed API with every call's answer checked (`checkAnswer`). `createApi` applies it, and so does the
 * test fake, so stores behave the same over both. Methods are looked up at call time: a test that
 * replaces one (`api.login = async () => …`) is checked too. Synchronous members pass through untouched.
 */
export function withCheckedAnswers<A extends object>(api: A): A {
  return new Proxy(api, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(member as (...a: unknown[]) => unknown, target, args);
        return result instanceof Promise ? result.then(checkAnswer) : result;
      };
    },
  });
}

/**
 * A call made without an AbortSignal is never cancelled; should one resolve to `null` anyway (spec §7:
 * a cancelled call resolves to null), the caller treats it as a request that did not get through.
 */
export function answered<T>(answer: T | null): T {
  if (answer === null) throw new ApiError(0, []);
  return answer;
}

/**
 * The data of a successful answer. One without it (or without the named part of it) is a failure that
 * carries the server's message, so callers never test `data` nor assert it with `!`.
 */
export function dataOf<T>(answer: { message?: unknown; data?: T | null }): T;
export function dataOf<T, K extends keyof T>(answer: { message?: unknown; data?: T | null }, part: K): NonNullable<T[K]>;
export function dataOf<T, K extends keyof T>(answer: { message?: unknown; data?: T | null }, part?: K): T | NonNullable<T[K]> {
  const data = answer.data;
  const value = data === undefined || data === null || part === undefined ? data : data[part];
  if (value === undefined || value === null) throw new ApiError(200, toMessages(answer.message));
  return value;
}
