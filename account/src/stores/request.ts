import { runInAction } from 'mobx';
import { ApiError, messageOf, toMessages, type ApiEnvelope } from '@storefront/shared';

/**
 * An answer the server marked unsuccessful becomes the same `ApiError` a failed call rejects with, so
 * callers handle one kind of failure. The cancel call reports with `status` instead of `success` (spec §7).
 * `null` (a cancelled call) passes through.
 */
export function expectSuccess<T>(res: ApiEnvelope<T> | null, fallback: string): ApiEnvelope<T> | null {
  if (res && !res.success && res.status !== true) {
    const messages = toMessages(res.message);
    throw new ApiError(200, messages.length ? messages : [fallback], res.errors ?? {});
  }
  return res;
}

/** The observable fields a section store keeps around one load. */
export interface LoadState {
  loading: boolean;
  /** The message to show (server message or the spec §8 fallback), or null. */
  error: string | null;
}

/**
 * Runs a load with the store's `loading` on and `error` cleared; a failure keeps the message to show
 * and rejects, so the page can also report it.
 */
export async function load<T>(state: LoadState, fallback: string, run: () => Promise<T>): Promise<T> {
  runInAction(() => {
    state.loading = true;
    state.error = null;
  });
  try {
    return await run();
  } catch (err) {
    runInAction(() => {
      state.error = messageOf(err, fallback);
    });
    throw err;
  } finally {
    runInAction(() => {
      state.loading = false;
    });
  }
}
