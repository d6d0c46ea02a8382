import type { IncomingMessage, ServerResponse } from 'node:http';
import * as rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { createSectionConfigs } from '../shared/build/rspackConfig';

/** Dev servers of `pnpm dev` (scripts/dev.mjs starts them on these ports). */
const DEV_REMOTES = { catalog: 3001, cart_checkout: 3002, account: 3003, admin: 3004 };
const API_URL = process.env.API_URL ?? 'http://127.0.0.1:3100';

/**
 * The host. It knows no remote URL at build time: in production the static host serves
 * /storefront.config.json and /remotes.json; in development this dev server serves them, pointing at
 * the remotes' dev servers.
 */
export default (_env: unknown, argv: { mode?: string }) =>
  createSectionConfigs(
    {
      dir: import.meta.dirname,
      name: 'shell',
      kind: 'shell',
      devPort: 3000,
      // Public pages rendered on the server by the static host (issue 8).
      server: './src/server/render.tsx',
      // Inlined by the host into server-rendered pages in place of the main.js tag.
      loader: './src/startup/loader.ts',
      rspack,
      ModuleFederationPlugin,
      ReactRefreshPlugin: ReactRefreshRspackPlugin,
      devServer: {
        proxy: [{ context: ['/api'], target: API_URL, changeOrigin: true }],
        // rspack's dev server is no longer Express: plain Node handlers, first in the chain.
        setupMiddlewares: (middlewares: unknown[]) => {
          const json = (res: ServerResponse, body: unknown) => {
            res.setHeader('Content-Type', 'application/json; charset=utf-8');
            res.setHeader('Cache-Control', 'no-store');
            res.end(JSON.stringify(body));
          };
          middlewares.unshift((req: IncomingMessage, res: ServerResponse, next: () => void) => {
            const pathname = (req.url ?? '/').split('?')[0];
            if (pathname === '/storefront.config.json') {
              return json(res, {
                apiBaseUrl: '/api',
                apiKey: process.env.API_KEY ?? 'dev-storefront-key',
                storeToken: process.env.STORE_TOKEN ?? 'dev-store-token',
                registryUrl: '/remotes.json',
                storeUrl: 'http://127.0.0.1:3000',
                environment: 'development',
              });
            }
            if (pathname === '/remotes.json') {
              return json(res, {
                shell: { version: 'dev' },
                remotes: Object.fromEntries(
                  Object.entries(DEV_REMOTES).map(([name, port]) => [
                    name,
                    { version: 'dev', entry: `http://127.0.0.1:${port}/mf-manifest.json`, lastKnownGood: null },
                  ]),
                ),
              });
            }
            return next();
          });
          return middlewares;
        },
      },
    },
    argv,
  );
