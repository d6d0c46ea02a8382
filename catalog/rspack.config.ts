import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';
import { exposedModules } from '../shared/build/exposes';

/** Remote `catalog`: one exposed module per page, named as spec §2's chunk names. */
export default (_env: unknown, argv: { mode?: string }) =>
  createSectionConfigs(
    {
      dir: import.meta.dirname,
      name: 'catalog',
      kind: 'remote',
      devPort: 3001,
      // Standalone dev: client-side routes fall back to index.html, and /api goes to the dev API server.
      devServer: {
        historyApiFallback: true,
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT ?? 3100}` }],
      },
      rspack,
      ModuleFederationPlugin,
      ReactRefreshPlugin: ReactRefreshRspackPlugin,
      // Its pages rendered on the server by the static host (issue 8); src/server.ts lists them.
      server: './src/server.ts',
      exposes: exposedModules('catalog', {
        Home: './src/pages/HomePage/HomePage.tsx',
        About: './src/pages/AboutPage/AboutPage.tsx',
        Shop: './src/pages/ShopPage/ShopPage.tsx',
        Categories: './src/pages/CategoriesPage/CategoriesPage.tsx',
        Product: './src/pages/ProductPage/ProductPage.tsx',
      }),
    },
    argv,
    {
      // `rspack serve` turns lazy compilation on for dynamic imports unless told otherwise; its first
      // compile of a lazy page or of the swiper chunks then fails to load as a hot update, and the page
      // never leaves its Suspense fallback. Standalone dev compiles everything up front instead.
      lazyCompilation: false,
    },
  );
