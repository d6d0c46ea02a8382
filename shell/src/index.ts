/**
 * Start-up, before React: read the runtime config and the remote registry, register the remotes with
 * the Module Federation runtime and start loading the first route's page, then cross the async
 * boundary into `bootstrap` (where the shared singletons are negotiated).
 *
 * A page the host rendered on the server is already on screen: its scripts wait for the page's
 * `load` event (the host's inlined loader, startup/loader.ts, only starts this file then), so its
 * images (the banner: the largest paint) are not competing with them for the network, and then
 * hydrate it. A personal page and a page rendered in the browser start at once.
 */
import { savedToken, startFirstScreenPrefetch } from '@storefront/shared/prefetch';
// Tiny and dependency-free like the prefetch: the start-up bundles it (the shared singleton is not there yet).
import { yieldToBrowser } from '@storefront/shared/tasks';
import { loadRegistry, loadRuntimeConfig, readBootData, serverRendered, type BootData, type ServerRendered } from './startup/config';
import { takeOverEarlyInput, type HeldInput } from './startup/earlyInput';
import { loadSection, startFederation } from './startup/federation';
import { findRoute, isPrivateRoute, isRemoteRoute } from './routeTable';
import { installGlobalHandlers } from './telemetry/signals';

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function start(): Promise<void> {
  installGlobalHandlers();
  const boot = readBootData();
  const ssr = serverRendered(boot);
  // The page is on screen already: a tap on one of its buttons waits for hydration instead of being
  // lost (held since first paint by the page's loader, or from now on).
  const held = ssr ? takeOverEarlyInput() : null;
  try {
    await startSections(boot, ssr, held);
  } catch (err) {
    held?.drop(); // never keep a shopper's taps for a page that will not hydrate
    throw err;
  }
}

async function startSections(boot: BootData | null, ssr: ServerRendered | null, held: HeldInput | null): Promise<void> {
  const first = findRoute(window.location.pathname);
  // A public page's pictures go first; a personal page's content is the shopper's own, which only the
  // scripts bring (the host preloads them with the page), so it does not wait for `load`.
  if (ssr && !(first && isPrivateRoute(first))) await pageLoaded();
  const config = await loadRuntimeConfig(undefined, boot?.config);
  // The store information and the first page's public data (a server-rendered page brought them along),
  // and a signed-in shopper's cart, wishlist and order list, in parallel with every script below.
  startFirstScreenPrefetch(config.apiBaseUrl, config.apiKey, window.location.pathname, {
    publicCalls: !ssr,
    token: savedToken(),
    ownContentRendered: !!ssr?.session,
  });
  const registry = await loadRegistry(config.registryUrl, boot?.registry);
  startFederation(registry);
  if (ssr) await yieldToBrowser();
  // Start the first page's remote now, in parallel with React's own chunks; errors surface in its boundary.
  if (first && isRemoteRoute(first)) loadSection(first.remote, first.module).catch(() => undefined);
  await yieldToBrowser();
  const { mount } = await loadBootstrap();
  await yieldToBrowser();
  mount(config, ssr, held);
}

/**
 * Loads the page's libraries and the shell's bootstrap so that no one task evaluates them all
 * (issue 19: TBT). Importing `./bootstrap` alone negotiates every shared module it consumes (the
 * federation runtime's `loadShare`, one after another, in one task) and then evaluates react-dom,
 * MobX, the router, `@storefront/shared` and the shell in the one task its last chunk arrives in:
 * ~55 ms unthrottled, ~200 ms at 4× CPU. Here each group is asked for in a task of its own (all the
 * downloads still in flight together) and is evaluated in the task its own chunks arrive in; the
 * bootstrap's modules then only define the shell's components.
 */
async function loadBootstrap(): Promise<typeof import('./bootstrap')> {
  const libraries: Promise<unknown>[] = [];
  for (const load of BOOT_LIBRARIES) {
    libraries.push(load());
    await yieldToBrowser();
  }
  const bootstrap = import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  await Promise.all(libraries);
  return bootstrap;
}

/**
 * The bootstrap's heavy modules, by the chunks they arrive in: React's renderer (the largest), and
 * `@storefront/shared` with MobX and the router (it does not import react-dom/client, so it does not
 * wait for the renderer, nor is evaluated with it).
 */
const BOOT_LIBRARIES: readonly (() => Promise<unknown>)[] = [() => import('react-dom/client'), () => import('@storefront/shared')];

start().catch((err: unknown) => {
  console.error('[storefront] start-up failed', err);
  const root = document.getElementById('root');
  // A server-rendered page stays as it is (its links still work); an empty one says what happened.
  if (root && !serverRendered(readBootData())) {
    root.innerHTML =
      '<div role="alert" class="startup-error"><h1>We could not start the shop</h1><p>Please check your connection and reload the page.</p></div>';
  }
});
