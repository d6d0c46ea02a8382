import { lazy, useCallback, useRef, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from '@storefront/shared/router';
import { FullScreenSpinner, HydrationBoundary, StoresProvider, ToastHost, type RootStore, type RuntimeConfig } from '@storefront/shared';
import { ROUTES, isRemoteRoute, type ShellRoute } from '../routeTable';
import { Guard } from './guards';
import { usePrefetchOnIntent } from './prefetch';
import { RemotePage } from './RemotePage';
import { Layout } from './Layout';
import { FirstCommitContext, FirstCommitMark, SectionLoaderContext, type SectionLoader } from './sections';
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
 * transition, keeps the current page until the next page's chunk has arrived. Hydrating, a page whose
 * chunk is still on its way keeps the server's markup until it arrives.
 */
export function AppRoutes() {
  return (
    <HydrationBoundary fallback={<FullScreenSpinner />}>
      <RouteTable />
    </HydrationBoundary>
  );
}

function RouteTable() {
  const NotFoundPage = SHELL_PAGES.NotFound;
  return (
    <Routes>
      {ROUTES.map((route) => {
        let element;
        if (isRemoteRoute(route)) {
          element = <RemotePage key={`${route.remote}/${route.module}`} remote={route.remote} module={route.module} />;
        } else {
          const Page = SHELL_PAGES[route.shell];
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
