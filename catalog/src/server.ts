/**
 * The catalog pages the host may render on the server (issue 8), by their exposed names (see
 * rspack.config.ts). The server build bundles this file alone, with the shared singletons left to the
 * shell that renders it; each entry is the very module the browser loads through Module Federation,
 * so server markup and client hydration come from the same code.
 */
export * as Home from './pages/HomePage/HomePage';
export * as About from './pages/AboutPage/AboutPage';
export * as Shop from './pages/ShopPage/ShopPage';
export * as Categories from './pages/CategoriesPage/CategoriesPage';
export * as Product from './pages/ProductPage/ProductPage';
