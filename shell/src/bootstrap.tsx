import { createRoot } from 'react-dom/client';
import { createSession, MESSAGES, reportError, type RuntimeConfig } from '@storefront/shared';
import '@storefront/shared/styles.css';
import './styles.css';
import { App } from './app/App';
import { federationDiagnostics } from './startup/federation';

/** Creates the one API client and the one RootStore of the page, then renders the shell. */
export function mount(config: RuntimeConfig): void {
  const { store } = createSession(config);
  store.storeInfo.fetch().catch((err: unknown) => reportError(err, MESSAGES.storeInfoFailed, { flow: 'shell' }));
  if (store.auth.isAuthenticated) {
    store.cart.fetchCart().catch((err: unknown) => reportError(err, MESSAGES.cartFetchFailed));
    void store.wishlist.fetch().catch(() => undefined);
  }

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
