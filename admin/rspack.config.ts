import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';
import { exposedModules } from '../shared/build/exposes';

/**
 * Remote `admin`: the back office, one exposed page owning /admin/*. No server build: staff pages are
 * never server-rendered (nothing in them is for a cache or a search engine) and the host renders them in
 * the browser.
 */
export default (_env: unknown, argv: { mode?: string }) =>
  createSectionConfigs(
    {
      dir: import.meta.dirname,
      name: 'admin',
      kind: 'remote',
      devPort: 3004,
      devServer: {
        historyApiFallback: true,
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${process.env.API_PORT ?? 3100}` }],
      },
      rspack,
      ModuleFederationPlugin,
      ReactRefreshPlugin: ReactRefreshRspackPlugin,
      exposes: exposedModules('admin', { BackOffice: './src/BackOffice.tsx' }),
    },
    argv,
  );
