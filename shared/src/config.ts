import type { RuntimeConfig } from '@storefront/contract/deploy';

/**
 * The runtime configuration the shell reads from `/storefront.config.json` before anything renders
 * (its shape is the contract's: the edge host writes it). Nothing here is known at build time, so one
 * build runs against any API and any registry.
 */
export type { RuntimeConfig };

/** Development defaults, the same the API server and the static host print at start. */
export const DEV_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  apiKey: 'dev-storefront-key',
  storeToken: 'dev-store-token',
  registryUrl: '/remotes.json',
  storeUrl: typeof window === 'undefined' ? 'http://127.0.0.1:8080' : window.location.origin,
  environment: 'development',
};
