import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../router';
import { ToastHost } from '../notify/ToastHost';
// Primes react-toastify so toasts render synchronously in tests.
import './toasts';
import { RootStore } from '../stores/RootStore';
import { memoryStorage, type KeyValueStorage } from '../stores/persistence';
import { StoresProvider } from '../stores/StoresProvider';
import { createFakeApi, type FakeApi } from './fakeApi';

export interface RenderWithStoresOptions {
  api?: FakeApi;
  /** The URL the memory router starts at. */
  route?: string;
  /** Route pattern for the element (e.g. '/products/:slug'), so `useParams` works. */
  path?: string;
  storage?: KeyValueStorage;
  /** Start signed in as the fake's first customer. */
  signedIn?: boolean;
  /** A store made by the test (for instance to pre-fill the cart). */
  store?: RootStore;
}

export interface RenderWithStoresResult extends RenderResult {
  store: RootStore;
  api: FakeApi;
  user: ReturnType<typeof userEvent.setup>;
  /** The router's current location (pathname + search), read after navigation. */
  location: () => string;
}

/** Signs the fake's first customer in without a call, as a restored session would be. */
export function signInForTest(store: RootStore, api: FakeApi): void {
  const c = api.state.customers[0];
  if (!c) throw new Error('the fake API has no customer');
  api.state.sessionCustomerId = c.id;
  const { password: _password, ...customer } = c;
  runInAction(() => store.auth.hydrate({ user: { customer }, token: `token-${c.id}`, isAuthenticated: true }));
}

/**
 * Renders a page or component the way the shell does: inside the one RootStore (over the fake API), a
 * router at `route`, and the toast host, so tests assert what the shopper sees.
 */
export function renderWithStores(ui: ReactElement, options: RenderWithStoresOptions = {}): RenderWithStoresResult {
  const api = options.api ?? createFakeApi();
  const store = options.store ?? new RootStore(api, { storage: options.storage ?? memoryStorage() });
  if (options.signedIn) signInForTest(store, api);
  let current = options.route ?? '/';
  function LocationProbe() {
    const l = useLocation();
    current = `${l.pathname}${l.search}`;
    return null;
  }
  const user = userEvent.setup();
  const result = render(
    <StoresProvider store={store}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <LocationProbe />
        {options.path ? (
          <Routes>
            <Route path={options.path} element={ui} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
        ) : (
          ui
        )}
        <ToastHost />
      </MemoryRouter>
    </StoresProvider>,
  );
  return { ...result, store, api, user, location: () => current };
}
