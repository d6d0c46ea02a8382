import { lazy, Suspense } from 'react';
import { Link, Route, Routes } from '@storefront/shared/router';
import { FullScreenSpinner, mountStandalone, paths } from '@storefront/shared';
import '@storefront/shared/styles.css';

// Standalone dev mount (`pnpm --filter @storefront/catalog dev`): the catalog's pages on their own, with
// the same stores, router and toasts the shell provides. The composed site never runs this file.
const HomePage = lazy(() => import('./pages/HomePage/HomePage'));
const AboutPage = lazy(() => import('./pages/AboutPage/AboutPage'));
const ShopPage = lazy(() => import('./pages/ShopPage/ShopPage'));
const CategoriesPage = lazy(() => import('./pages/CategoriesPage/CategoriesPage'));
const ProductPage = lazy(() => import('./pages/ProductPage/ProductPage'));

function NotFound() {
  return (
    <div className="sf-container">
      <h1>Page not found</h1>
      <p>
        The shell shows the real not-found page; here, <Link to={paths.home}>go home</Link>.
      </p>
    </div>
  );
}

function StandaloneCatalog() {
  return (
    <>
      <nav aria-label="Catalog pages" className="sf-container" style={{ display: 'flex', gap: 16, padding: '12px 16px' }}>
        <Link to={paths.home}>Home</Link>
        <Link to={paths.categories}>Categories</Link>
        <Link to={paths.shop()}>Shop</Link>
        <Link to={paths.about}>About</Link>
      </nav>
      <main>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path={paths.home} element={<HomePage />} />
            <Route path={paths.about} element={<AboutPage />} />
            <Route path="/shop" element={<ShopPage />} />
            <Route path={paths.categories} element={<CategoriesPage />} />
            <Route path="/products/:slug" element={<ProductPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}

mountStandalone(<StandaloneCatalog />);
