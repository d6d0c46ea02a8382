import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation, type Location } from '@storefront/shared/router';
import { FullScreenSpinner, StoresProvider, ToastHost, type RootStore, type RuntimeConfig } from '@storefront/shared';
import { ROUTES, isRemoteRoute, pageLocation, type ShellRoute } from '../routeTable';
import { Guard } from './guards';
import { usePrefetchOnIntent } from './prefetch';
import { RemotePage } from './RemotePage';
import { Layout } from './Layout';
import { FirstCommitContext, FirstCommitMark, SectionLoaderContext, useSectionLoader, type SectionLoader } from './sections';
import { PageViews } from '../telemetry/PageViews';

// Shell-owned pages, each its own chunk named as in spec §2. The importers serve the lazy components and
// the prefetch on intent alike (the bundler loads a chunk once).
const SHELL_IMPORTS = {
  Faq: () => import(/* webpackChunkName: "Faq" */ '../pages/FaqPage'),
  Terms: () => import(/* webpackChunkName: "Terms" */ '../pages/TermsPage'),
  PrivacyPolicy: () => import(/* webpackChunkName: "PrivacyPolicy" */ '../pages/PrivacyPolicyPage'),
  Support: () => import(/* webpackChunkName: "Support" */ '../pages/SupportPage'),
  Contacts: () => import(/* webpackChunkName: "Contacts" */ '../pages/ContactPage'),
  NotFound: () => import(/* webpackChunkName: "NotFound" */ '../pages/NotFoundPage'),
} satisfies Record<ShellRoute['shell'], () => Promise<{ default: ComponentType }>>;
const SHELL_PAGES: Record<ShellRoute['shell'], ComponentType> = {
  Faq: lazy(SHELL_IMPORTS.Faq),
  Terms: lazy(SHELL_IMPORTS.Terms),
  PrivacyPolicy: lazy(SHELL_IMPORTS.PrivacyPolicy),
  Support: lazy(SHELL_IMPORTS.Support),
  Contacts: lazy(SHELL_IMPORTS.Contacts),
  NotFound: lazy(SHELL_IMPORTS.NotFound),
};

/** Shell pages whose chunk has arrived, rendered at once instead of through their lazy component. */
const LOADED_SHELL_PAGES = new Map<ShellRoute['shell'], ComponentType>();

/**
 * Loads a shell page's chunk before a page the server rendered hydrates (shell/src/bootstrap.tsx), so
 * hydration renders it in one pass. A lazy component suspends on its first render even when its chunk
 * is here, and Preact then keeps the server's markup unhydrated, without its handlers, while the rest
 * of the page (and the first-commit mark beside it) goes on.
 */
export async function preloadShellPage(name: string): Promise<void> {
  if (!(name in SHELL_IMPORTS)) return;
  const page = name as ShellRoute['shell'];
  LOADED_SHELL_PAGES.set(page, (await SHELL_IMPORTS[page]()).default);
}

function shellPage(name: ShellRoute['shell']): ComponentType {
  return LOADED_SHELL_PAGES.get(name) ?? SHELL_PAGES[name];
}

/** A shell page, loaded on demand (suspending to the routes' boundary), marking its first commit. */
function ShellPage({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <FirstCommitMark />
    </>
  );
}

/**
 * The route table of spec §2 rendered: every path to its owner's page, behind its guard. One Suspense
 * boundary holds every page: the full-screen spinner of spec §2 shows while nothing of a page is painted
 * (the first page rendered in the browser), and a client navigation, which React Router runs as a
 * transition, keeps the current page until the next page's chunk has arrived.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <RouteTable />
    </Suspense>
  );
}

/**
 * The location the pages show: the router's, once the page it names has arrived; until then the one
 * shown before. A client navigation to a page whose chunk is still on its way keeps the current page on
 * screen instead of the full-screen spinner (Preact has no transitions to hold the old screen, as React
 * Router's did with React). The first page has nothing before it: it suspends to the spinner; so does a
 * move to or from a guarded page.
 */
function useArrivedLocation(): Location {
  const location = useLocation();
  const sections = useSectionLoader();
  const [shown, setShown] = useState(location);
  const { route } = pageLocation(location.pathname, location.search);
  // Only between public pages: a page behind a guard is not kept on screen once the session that let
  // the shopper in may have changed (a logout sends the shopper on from a private page).
  const publicMove = route.access === 'public' && pageLocation(shown.pathname, shown.search).route.access === 'public';
  const arrived = !publicMove || (isRemoteRoute(route) ? !!sections.peek(route.remote, route.module) : LOADED_SHELL_PAGES.has(route.shell));
  useEffect(() => {
    if (shown === location) return undefined;
    if (arrived) {
      setShown(location);
      return undefined;
    }
    let live = true;
    const next = pageLocation(location.pathname, location.search).route;
    const loading = isRemoteRoute(next) ? sections.load(next.remote, next.module) : preloadShellPage(next.shell);
    // A page that fails to load is shown anyway: its section boundary says so.
    void loading
      .catch(() => undefined)
      .then(() => {
        if (live) setShown(location);
      });
    return () => {
      live = false;
    };
  }, [location, shown, arrived, sections]);
  return arrived ? location : shown;
}

function RouteTable() {
  const NotFoundPage = shellPage('NotFound');
  const location = useArrivedLocation();
  return (
    <Routes location={location}>
      {ROUTES.map((route) => {
        let element;
        if (isRemoteRoute(route)) {
          element = <RemotePage key={`${route.remote}/${route.module}`} remote={route.remote} module={route.module} />;
        } else {
          const Page = shellPage(route.shell);
          element = (
            <ShellPage>
              <Page />
            </ShellPage>
          );
        }
        return <Route key={route.path} path={route.path} element={<Guard access={route.access}>{element}</Guard>} />;
      })}
      <Route
        path="*"
        element={
          <ShellPage>
            <NotFoundPage />
          </ShellPage>
        }
      />
    </Routes>
  );
}

export interface AppProps {
  store: RootStore;
  config: RuntimeConfig;
  sections: SectionLoader;
  /** A server render's URL (path and query): the router stays there. Absent: the browser's address. */
  url?: string;
  /**
   * Called once, when the first page's own content has committed (its effects have run) or its
   * section failed: a hydrated page applies the saved session from here.
   */
  onFirstCommit?: () => void;
}

export function App({ store, config, sections, url, onFirstCommit }: AppProps) {
  const first = useRef({ fired: false, onFirstCommit });
  const firstCommit = useCallback(() => {
    if (first.current.fired) return;
    first.current.fired = true;
    first.current.onFirstCommit?.();
  }, []);
  usePrefetchOnIntent(sections, SHELL_IMPORTS);
  const content = (
    <>
      <Layout config={config}>
        <AppRoutes />
      </Layout>
      <ToastHost />
      <PageViews />
    </>
  );
  return (
    <StoresProvider store={store}>
      <SectionLoaderContext.Provider value={sections}>
        <FirstCommitContext.Provider value={firstCommit}>
          {url === undefined ? <BrowserRouter>{content}</BrowserRouter> : <MemoryRouter initialEntries={[url]}>{content}</MemoryRouter>}
        </FirstCommitContext.Provider>
      </SectionLoaderContext.Provider>
    </StoresProvider>
  );
}
