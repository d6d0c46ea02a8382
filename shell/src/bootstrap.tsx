import { createRoot } from 'react-dom/client';
import { createApi, createApiClient, RootStore, type RuntimeConfig } from '@storefront/shared';
import '@storefront/shared/styles.css';
import './styles.css';
import { App } from './app/App';
import { federationDiagnostics } from './startup/federation';

/** Creates the one API client and the one RootStore of the page, then renders the shell. */
export function mount(config: RuntimeConfig): void {
  const client = createApiClient({
    baseURL: config.apiBaseUrl,
    apiKey: config.apiKey,
    // `store` is created just below; the client is first used after that.
    getToken: () => store.auth.token ?? null,
    // The shell's 401 policy: a token the server no longer accepts ends the session locally.
    onUnauthorized: () => {
      if (store.auth.isAuthenticated) store.auth.localLogout();
    },
  });
  const api = createApi(client, { storeToken: config.storeToken });
  const store: RootStore = new RootStore(api, { storage: window.localStorage, storeToken: config.storeToken });
  void store.storeInfo.fetch().catch(() => undefined);
  if (store.auth.isAuthenticated) void store.cart.fetchCart().catch(() => undefined);

  const w = window as unknown as { storefront?: unknown };
  w.storefront = { diagnostics: federationDiagnostics, config };
  if (new URLSearchParams(window.location.search).get('debug') === 'mf') {
    window.setTimeout(() => {
      const d = federationDiagnostics();
      console.table(d.remotes.map((r) => ({ remote: r.name, version: r.version, entry: r.entry, fellBack: r.fellBack })));
      console.table(d.shared);
    }, 1500);
  }

  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  createRoot(el).render(<App store={store} config={config} />);
}
