import type { ReactNode } from 'react';
import { BrowserRouter } from './router';
import type { Api } from './api/Api';
import type { AnswerSink, AnswerSource } from './api/answers';
import { createApiClient } from './api/client';
import { createApi } from './api/createApi';
import { DEV_RUNTIME_CONFIG, type RuntimeConfig } from './config';
import { ToastHost } from './notify/ToastHost';
import { RootStore } from './stores/RootStore';
import { documentCookieWriter } from './stores/sessionCookie';
import { StoresProvider } from './stores/StoresProvider';

/** How a session is set up beyond the runtime config (a server render, or a page hydrated from one). */
export interface SessionOptions {
  /** The server render's answers (in the browser) or a recorder of them (on the server). */
  answers?: AnswerSource;
  sink?: AnswerSink;
  /** The saved session is applied after hydration (see `RootStore.startPersistence`). */
  deferPersistence?: boolean;
}

/**
 * The page's one API client, API object and RootStore, wired together: the client reads the bearer
 * token from the auth store, and a 401 on a call that carried one ends the session locally (spec §6).
 * On the server `browser` is undefined: no storage, no other tabs, a guest's session.
 */
export function createSession(
  config: RuntimeConfig,
  browser: Window | undefined = typeof window === 'undefined' ? undefined : window,
  options: SessionOptions = {},
): { api: Api; store: RootStore } {
  // The client is created before the store it reads the token from; the holder breaks the cycle.
  const holder: { store?: RootStore } = {};
  const client = createApiClient({
    baseURL: config.apiBaseUrl,
    apiKey: config.apiKey,
    getToken: () => holder.store?.auth.token ?? null,
    onUnauthorized: () => {
      if (holder.store?.auth.isAuthenticated) holder.store.auth.localLogout();
    },
    answers: options.answers,
    sink: options.sink,
  });
  const api = createApi(client, { storeToken: config.storeToken });
  let storage: Storage | undefined;
  try {
    storage = browser?.localStorage;
  } catch {
    storage = undefined; // blocked storage (privacy mode): the session lives in memory only
  }
  const store = new RootStore(api, {
    storage,
    storeUrl: config.storeUrl,
    connection: { apiBaseUrl: config.apiBaseUrl, apiKey: config.apiKey },
    eventTarget: browser,
    deferPersistence: options.deferPersistence,
    // The session cookie the edge renders the shopper's own pages with (issue 33).
    cookies: browser ? documentCookieWriter(browser.document, browser.location.protocol === 'https:') : undefined,
  });
  holder.store = store;
  return { api, store };
}

/**
 * Mounts a remote's pages on their own for `pnpm --filter <remote> dev` (never used by the composed
 * site): the same stores, router and toasts the shell provides, against the dev API through `/api`.
 */
export function mountStandalone(children: ReactNode, config: Partial<RuntimeConfig> = {}): void {
  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  const { store } = createSession({ ...DEV_RUNTIME_CONFIG, ...config });
  void store.storeInfo.fetch().catch(() => undefined);
  // react-dom/client is imported here, not at the top: the composed site's shared module then never
  // waits for (nor is evaluated with) React's renderer, which the shell loads itself (issue 19: TBT).
  void import('react-dom/client').then(({ createRoot }) =>
    createRoot(el).render(
      <StoresProvider store={store}>
        <BrowserRouter>
          {children}
          <ToastHost />
        </BrowserRouter>
      </StoresProvider>,
    ),
  );
}
