import { makeAutoObservable } from 'mobx';
import { ApiError } from '../api/errors';
import { loadingFlag, reportLoad, whileLoading, withLoadState } from './loadState';

jest.mock('../notify/notify', () => ({
  notify: { error: jest.fn(), success: jest.fn(), info: jest.fn(), warning: jest.fn() },
  reportError: jest.fn((_err: unknown, fallback: string) => fallback),
}));

import { reportError } from '../notify/notify';

function state<E extends object>(extra: E = {} as E) {
  return makeAutoObservable({ loading: false, error: null as string | null, ...extra });
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('withLoadState', () => {
  it('is loading while the call runs, clears the last error, and resolves to its answer', async () => {
    const s = state();
    s.error = 'old';
    const call = deferred<number>();
    const done = withLoadState(s, 'fallback', () => call.promise);
    expect(s).toMatchObject({ loading: true, error: null });
    call.resolve(7);
    await expect(done).resolves.toBe(7);
    expect(s.loading).toBe(false);
  });

  it("keeps the server's message (else the fallback) and rejects", async () => {
    const s = state();
    await expect(withLoadState(s, 'fallback', () => Promise.reject(new ApiError(500, ['Down'])))).rejects.toBeInstanceOf(ApiError);
    expect(s).toMatchObject({ loading: false, error: 'Down' });
    await expect(withLoadState(s, 'fallback', () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(s.error).toBe('fallback');
  });

  it('leaves a store\'s own `loaded` alone (some mean "loaded successfully")', async () => {
    const s = state({ loaded: false });
    await expect(withLoadState(s, 'f', () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(s.loaded).toBe(false);
  });

  it('records nothing for a load a newer one replaced', async () => {
    const s = state();
    let latest = 1;
    const first = deferred<string>();
    const older = withLoadState(s, 'f', () => first.promise, { isCurrent: () => latest === 1 });
    latest = 2;
    const newer = withLoadState(s, 'f', () => new Promise<string>(() => undefined), { isCurrent: () => latest === 2 });
    first.reject(new ApiError(404, ['Gone']));
    await expect(older).rejects.toBeInstanceOf(ApiError);
    expect(s).toMatchObject({ loading: true, error: null });
    void newer;
  });
});

describe('reportLoad', () => {
  it('toasts a failure and resolves to undefined, keeping the message', async () => {
    const s = state({ loaded: false });
    const err = new ApiError(500, ['Down']);
    await expect(reportLoad(s, 'fallback', () => Promise.reject(err))).resolves.toBeUndefined();
    expect(reportError).toHaveBeenCalledWith(err, 'fallback');
    expect(s).toMatchObject({ loading: false, loaded: true, error: 'Down' });
  });
});

describe('whileLoading', () => {
  it('turns loading on for the call only and leaves any error to the caller', async () => {
    const s = makeAutoObservable({ loading: false });
    const call = deferred<number>();
    const done = whileLoading(s, () => call.promise);
    expect(s.loading).toBe(true);
    call.reject(new Error('x'));
    await expect(done).rejects.toThrow('x');
    expect(s.loading).toBe(false);
  });
});

describe('loadingFlag', () => {
  it("holds one of a store's named flags for the load, leaving the others alone", async () => {
    const store = makeAutoObservable({ listLoading: false, detailsLoading: false });
    let during: boolean[] = [];
    await whileLoading(loadingFlag(store, 'listLoading'), async () => {
      during = [store.listLoading, store.detailsLoading];
    });
    expect({ during, after: [store.listLoading, store.detailsLoading] }).toEqual({ during: [true, false], after: [false, false] });
  });
});
