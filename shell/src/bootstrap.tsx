import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createSession,
  MESSAGES,
  paths,
  reportError,
  ServerAnswers,
  whenHydrated,
  whenIdle,
  yieldToBrowser,
  type RenderedSession,
  type RootStore,
  type RuntimeConfig,
} from '@storefront/shared';
import '@storefront/shared/styles.css';
import './styles.css';
import { App } from './app/App';
import type { ServerRendered } from './startup/config';
import type { HeldInput } from './startup/earlyInput';
import { browserSections, debugMf, federationDiagnostics, loadSection, printDiagnostics } from './startup/federation';
import { pageLocation } from './routeTable';
import { reportHydrationError } from './startup/hydrationCheck';

/** What a signed-in shopper's session fetches at start: their cart and wishlist (spec §4, §6). */
function startCustomerSession(store: RootStore): void {
  if (!store.auth.isAuthenticated) return;
  store.cart.fetchCart().catch((err: unknown) => reportError(err, MESSAGES.cartFetchFailed));
  void store.wishlist.fetch().catch(() => undefined);
}

function expose(config: RuntimeConfig): void {
  const w = window as unknown as { storefront?: unknown };
  w.storefront = { diagnostics: federationDiagnostics, config };
  // `?debug=mf`: the tables now (the remotes loaded so far), and again as each further remote loads.
  if (debugMf()) printDiagnostics();
}

/** `<html data-hydrated="true">`: the page's scripts run and the shopper's session is applied (tests, diagnostics). */
function markInteractive(): void {
  document.documentElement.dataset.hydrated = 'true';
  // Telemetry (issue 17) only once the page has loaded and the browser is idle: nothing of it runs, or
  // is fetched, before the page is interactive, nor next to its start-up work (issue 19: TBT). Signals
  // wait in their queue meanwhile; the Web Vitals are read from the browser's buffered entries.
  whenIdle(() => {
    import(/* webpackChunkName: "telemetry" */ './telemetry/client').then(
      (t) => t.startTelemetry(),
      () => undefined,
    );
  }, TELEMETRY_IDLE_TIMEOUT_MS);
}

/** The longest telemetry waits for an idle moment after the load (a page kept busy still reports). */
const TELEMETRY_IDLE_TIMEOUT_MS = 4000;

function rootElement(): HTMLElement {
  const el = document.getElementById('root');
  if (!el) throw new Error('#root is missing from index.html');
  return el;
}

/**
 * Hydrates a page the host rendered on the server. The stores are filled from the server's answers
 * first (the store info, then the page's own `load`), so the first client render is the server's
 * markup; the shopper's saved session (sign-in, cart) is applied right after that first commit.
 */
async function hydrate(config: RuntimeConfig, ssr: ServerRendered, held: HeldInput | null): Promise<void> {
  const answers = new ServerAnswers(ssr.answers);
  const { store } = createSession(config, window, { answers, deferPersistence: true });
  // Rendered with the shopper's session (issue 33): the same user and cart before the first render.
  if (ssr.session) store.applyRenderedSession(ssr.session as RenderedSession);
  expose(config);
  await yieldToBrowser();
  // The server found nothing at this address (an unknown product) and rendered the not-found page
  // with a 404: show it where spec §2 sends the shopper, so the router renders the same page.
  if ('shell' in ssr.route && ssr.route.shell === 'NotFound' && 'remote' in pageLocation(window.location.pathname, '').route) {
    window.history.replaceState(window.history.state, '', paths.notFound);
  }
  await store.storeInfo.fetch().catch((err: unknown) => reportError(err, MESSAGES.storeInfoFailed, { flow: 'shell' }));
  if ('remote' in ssr.route) {
    const { at } = pageLocation(window.location.pathname, window.location.search);
    // A remote that fails here fails again inside its boundary, which shows its fallback.
    const page = await loadSection(ssr.route.remote, ssr.route.module).catch(() => null);
    await yieldToBrowser();
    await page?.load?.(store, at).catch(() => undefined);
    await yieldToBrowser();
  }
  let firstCommit!: () => void;
  const committed = new Promise<void>((resolve) => {
    firstCommit = resolve;
  });
  const root = rootElement();
  const hydrated = whenHydrated(root);
  // React commits what lies outside the Suspense boundaries first, then hydrates each boundary (header,
  // page, footer, a list's items) in renders that yield to input, a tapped one first; a shell page
  // whose chunk is still on its way keeps the server's markup until it arrives.
  hydrateRoot(root, <App store={store} config={config} sections={browserSections} onFirstCommit={firstCommit} />, {
    onRecoverableError: reportHydrationError,
  });
  // The saved session is applied once the page's content has committed and every boundary has
  // hydrated: a boundary still waiting keeps the server's markup, which the session must not change.
  await Promise.all([committed, hydrated]);
  answers.close();
  store.startPersistence();
  startCustomerSession(store);
  // A tap made while the page hydrated now acts, on the shopper's own session.
  held?.release();
  markInteractive();
}

/** Creates the one API client and the one RootStore of the page, then renders (or hydrates) the shell. */
export function mount(config: RuntimeConfig, ssr: ServerRendered | null = null, held: HeldInput | null = null): void {
  if (ssr) {
    hydrate(config, ssr, held).catch((err: unknown) => {
      held?.drop();
      console.error('[storefront] hydration failed', err);
    });
    return;
  }
  const { store } = createSession(config);
  store.storeInfo.fetch().catch((err: unknown) => reportError(err, MESSAGES.storeInfoFailed, { flow: 'shell' }));
  startCustomerSession(store);
  expose(config);
  const root = createRoot(rootElement());
  // A transition renders in slices that yield to the browser, so the first render is not one long
  // task on a slow phone (Total Blocking Time); the boot frame stays on screen until it commits.
  startTransition(() => root.render(<App store={store} config={config} sections={browserSections} onFirstCommit={markInteractive} />));
}
