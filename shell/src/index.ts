/**
 * Start-up, before React: read the runtime config and the remote registry, register the remotes with
 * the Module Federation runtime and start loading the first route's page, then cross the async
 * boundary into `bootstrap` (where the shared singletons are negotiated).
 */
import { startFirstScreenPrefetch } from '@storefront/shared/prefetch';
import { loadRegistry, loadRuntimeConfig, readBootData } from './startup/config';
import { loadSection, startFederation } from './startup/federation';
import { findRoute, isRemoteRoute } from './routeTable';

async function start(): Promise<void> {
  const boot = readBootData();
  const config = await loadRuntimeConfig(undefined, boot?.config);
  // The store information and the first page's public data, in parallel with every script below.
  startFirstScreenPrefetch(config.apiBaseUrl, config.apiKey, window.location.pathname);
  const registry = await loadRegistry(config.registryUrl, boot?.registry);
  startFederation(registry);
  const first = findRoute(window.location.pathname);
  // Start the first page's remote now, in parallel with React's own chunks; errors surface in its boundary.
  if (first && isRemoteRoute(first)) loadSection(first.remote, first.module).catch(() => undefined);
  const { mount } = await import('./bootstrap');
  mount(config);
}

start().catch((err: unknown) => {
  console.error('[storefront] start-up failed', err);
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<div role="alert" class="startup-error"><h1>We could not start the shop</h1><p>Please check your connection and reload the page.</p></div>';
  }
});
