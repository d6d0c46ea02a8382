import { runInAction } from 'mobx';
import { messageOf } from '../api/errors';

/** The observable fields a store keeps around one load. */
export interface LoadState {
  loading: boolean;
  /** The message to show (server message or the spec §8 fallback), or null. */
  error: string | null;
}

/**
 * Runs a load with the store's `loading` on and `error` cleared; a failure keeps the message to show
 * (the server's, else `fallback`) and rejects, so the page can also report it.
 */
export async function withLoadState<T>(state: LoadState, fallback: string, run: () => Promise<T>): Promise<T> {
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
