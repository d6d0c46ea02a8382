import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from '@storefront/shared/router';
import { FullScreenSpinner, StoresProvider, ToastHost, type RootStore, type RuntimeConfig } from '@storefront/shared';
import { ROUTES, isRemoteRoute, type ShellRoute } from '../routeTable';
import { Guard } from './guards';
import { RemotePage } from './RemotePage';
import { Layout } from '../chrome/Layout';

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

export function App({ store, config }: { store: RootStore; config: RuntimeConfig }) {
  return (
    <StoresProvider store={store}>
      <BrowserRouter>
        <Layout config={config}>
          <AppRoutes />
        </Layout>
        <ToastHost />
      </BrowserRouter>
    </StoresProvider>
  );
}
