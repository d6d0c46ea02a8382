import { runInAction } from 'mobx';
import { messageOf } from '../api/errors';
import { reportError } from '../notify/notify';

/** The observable fields a store keeps around one load. */
export interface LoadState {
  loading: boolean;
  /** The message to show (server message or the spec §8 fallback), or null. */
  error: string | null;
}

export interface LoadOptions {
  /** False once a newer load has replaced this one: its error and its end are not recorded. */
  isCurrent?: () => boolean;
}

/**
 * The one way a store shows that a call is on its way (STYLE.md "Stores"): `loading` is true for the
 * call only, whatever happens. For stores whose failures someone else records (a form's own fields).
 */
export async function whileLoading<T>(state: { loading: boolean }, run: () => Promise<T>, options: LoadOptions = {}): Promise<T> {
  runInAction(() => {
    state.loading = true;
  });
  try {
    return await run();
  } finally {
    runInAction(() => {
      if (options.isCurrent?.() === false) return;
      state.loading = false;
    });
  }
}

/**
 * Runs a load with the store's `loading` on and `error` cleared; a failure keeps the message to show
 * (the server's, else `fallback`) and rejects, so the page can also report it.
 */
export async function withLoadState<T>(state: LoadState, fallback: string, run: () => Promise<T>, options: LoadOptions = {}): Promise<T> {
  return whileLoading(
    state,
    async () => {
      runInAction(() => {
        state.error = null;
      });
      try {
        return await run();
      } catch (err) {
        runInAction(() => {
          if (options.isCurrent?.() !== false) state.error = messageOf(err, fallback);
        });
        throw err;
      }
    },
    options,
  );
}

/**
 * `withLoadState` for a part of a page that reports its own failure: the message is toasted and kept,
 * and the load resolves to undefined, so what was shown before stays and the rest of the page goes on.
 * `loaded` turns true once the first load has ended, however it ended.
 */
export async function reportLoad<T>(
  state: LoadState & { loaded: boolean },
  fallback: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await withLoadState(state, fallback, run);
  } catch (err) {
    reportError(err, fallback);
    return undefined;
  } finally {
    runInAction(() => {
      state.loaded = true;
    });
  }
}

/**
 * One of a store's named loading flags (`listLoading`, `addLoading`…) as the helpers above hold one, for a
 * store that shows several loads at once.
 */
export function loadingFlag<K extends string>(owner: Record<K, boolean>, key: K): { loading: boolean } {
  return {
    get loading() {
      return owner[key];
    },
    set loading(value: boolean) {
      owner[key] = value;
    },
  };
}
