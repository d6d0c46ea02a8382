import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createSession, MESSAGES, reportError, type RuntimeConfig } from '@storefront/shared';
import '@storefront/shared/styles.css';
import './styles.css';
import { App } from './app/App';
import { debugMf, federationDiagnostics, printDiagnostics } from './startup/federation';

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
  // `?debug=mf`: the tables now (the remotes loaded so far), and again as each further remote loads.
  if (debugMf()) printDiagnostics();

  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  const root = createRoot(el);
  // A transition renders in slices that yield to the browser, so the first render is not one long
  // task on a slow phone (Total Blocking Time); the boot frame stays on screen until it commits.
  startTransition(() => root.render(<App store={store} config={config} />));
}
