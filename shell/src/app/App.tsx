import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from '@storefront/shared/router';
import { FullScreenSpinner, StoresProvider, ToastHost, type RootStore, type RuntimeConfig } from '@storefront/shared';
import { ROUTES, isRemoteRoute, type ShellRoute } from '../routeTable';
import { Guard } from './guards';
import { RemotePage } from './RemotePage';
import { Layout } from '../chrome/Layout';
import { SectionLoaderContext, type SectionLoader } from './sections';

// Shell-owned pages, each its own chunk named as in spec §2.
const SHELL_PAGES: Record<ShellRoute['shell'], ComponentType> = {
  Faq: lazy(() => import(/* webpackChunkName: "Faq" */ '../pages/FaqPage')),
  Terms: lazy(() => import(/* webpackChunkName: "Terms" */ '../pages/TermsPage')),
  PrivacyPolicy: lazy(() => import(/* webpackChunkName: "PrivacyPolicy" */ '../pages/PrivacyPolicyPage')),
  Support: lazy(() => import(/* webpackChunkName: "Support" */ '../pages/SupportPage')),
  Contacts: lazy(() => import(/* webpackChunkName: "Contacts" */ '../pages/ContactPage')),
  NotFound: lazy(() => import(/* webpackChunkName: "NotFound" */ '../pages/NotFoundPage')),
};

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
            <Suspense fallback={<FullScreenSpinner />}>
              <Page />
            </Suspense>
          );
        }
        return <Route key={route.path} path={route.path} element={<Guard access={route.access}>{element}</Guard>} />;
      })}
      <Route
        path="*"
        element={
          <Suspense fallback={<FullScreenSpinner />}>
            <SHELL_PAGES.NotFound />
          </Suspense>
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
   * Called once the first render has committed (effects run children first, so the first page's own
   * effects have run too): a hydrated page applies the saved session from here.
   */
  onFirstCommit?: () => void;
}

export function App({ store, config, sections, url, onFirstCommit }: AppProps) {
  useEffect(() => {
    onFirstCommit?.();
    // Once, after the first commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
        {url === undefined ? <BrowserRouter>{content}</BrowserRouter> : <MemoryRouter initialEntries={[url]}>{content}</MemoryRouter>}
      </SectionLoaderContext.Provider>
    </StoresProvider>
  );
}
