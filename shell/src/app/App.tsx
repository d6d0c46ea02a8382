import { lazy, Suspense, useCallback, useRef, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from '@storefront/shared/router';
import { FullScreenSpinner, StoresProvider, ToastHost, type RootStore, type RuntimeConfig } from '@storefront/shared';
import { ROUTES, isRemoteRoute, type ShellRoute } from '../routeTable';
import { Guard } from './guards';
import { RemotePage } from './RemotePage';
import { Layout } from '../chrome/Layout';
import { FirstCommitContext, FirstCommitMark, SectionLoaderContext, type SectionLoader } from './sections';

// Shell-owned pages, each its own chunk named as in spec §2.
const SHELL_PAGES: Record<ShellRoute['shell'], ComponentType> = {
  Faq: lazy(() => import(/* webpackChunkName: "Faq" */ '../pages/FaqPage')),
  Terms: lazy(() => import(/* webpackChunkName: "Terms" */ '../pages/TermsPage')),
  PrivacyPolicy: lazy(() => import(/* webpackChunkName: "PrivacyPolicy" */ '../pages/PrivacyPolicyPage')),
  Support: lazy(() => import(/* webpackChunkName: "Support" */ '../pages/SupportPage')),
  Contacts: lazy(() => import(/* webpackChunkName: "Contacts" */ '../pages/ContactPage')),
  NotFound: lazy(() => import(/* webpackChunkName: "NotFound" */ '../pages/NotFoundPage')),
};

/** A shell page, loaded on demand, marking its first commit. */
function ShellPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      {children}
      <FirstCommitMark />
    </Suspense>
  );
}

/** The route table of spec §2 rendered: every path to its owner's page, behind its guard. */
export function AppRoutes() {
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
            <SHELL_PAGES.NotFound />
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
  const content = (
    <>
      <Layout config={config}>
        <AppRoutes />
      </Layout>
      <ToastHost />
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
