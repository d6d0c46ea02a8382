/**
 * The runtime configuration the shell reads from `/storefront.config.json` before anything renders.
 * Nothing here is known at build time, so one build runs against any API and any registry.
 */
export interface RuntimeConfig {
  /** Base URL of the API, usually `/api` on the site's own origin. */
  apiBaseUrl: string;
  /** Sent as `x-api-key` on every call (spec §6). */
  apiKey: string;
  /** The fixed store-level `user_token` some calls send in their body (spec §7). */
  storeToken: string;
  /** Where the remote registry lives (`/remotes.json`). */
  registryUrl: string;
  /** The shop's public origin; product links for chat enquiries are built on it (spec §2). */
  storeUrl: string;
  environment: 'development' | 'production';
}

/** Development defaults, the same the API server and the static host print at start. */
export const DEV_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  apiKey: 'dev-storefront-key',
  storeToken: 'dev-store-token',
  registryUrl: '/remotes.json',
  storeUrl: typeof window === 'undefined' ? 'http://127.0.0.1:8080' : window.location.origin,
  environment: 'development',
};
