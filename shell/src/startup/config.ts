import type { RuntimeConfig } from '@storefront/shared';
import { BOOT_DATA_ID, type RemoteRegistry, type ServerRendered } from '@storefront/contract/deploy';
import { parseRegistry, type BootData } from '@storefront/contract/seam';

// The registry, boot data and server-render shapes are the contract's: ops writes them, the shell reads them.
export { BOOT_DATA_ID };
export type { RegistryEntry, RemoteRegistry, ServerRendered } from '@storefront/contract/deploy';
export type { BootData } from '@storefront/contract/seam';

async function getJson(url: string): Promise<unknown> {
  // no-store: the registry changes on activate/rollback and must never come from a cache.
  const res = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

function str(v: unknown, name: string): string {
  if (typeof v !== 'string') throw new Error(`storefront.config.json: ${name} must be a string`);
  return v;
}

/**
 * The runtime config and registry the static host inlined into the page, so start-up needs no
 * round trip before it can load the first section. Absent (dev server, another host) → `null`.
 */
export function readBootData(doc: Document = document): BootData | null {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as unknown;
    return data && typeof data === 'object' ? (data as BootData) : null;
  } catch (err) {
    console.warn('[storefront] the inlined start-up data is unreadable; fetching it instead', err);
    return null;
  }
}

/** Reads `/storefront.config.json` (or its inlined copy): the API base URL, key, store token and registry URL. */
export async function loadRuntimeConfig(url = '/storefront.config.json', inlined?: unknown): Promise<RuntimeConfig> {
  const raw = (inlined && typeof inlined === 'object' ? inlined : await getJson(url)) as Record<string, unknown>;
  return {
    apiBaseUrl: str(raw.apiBaseUrl, 'apiBaseUrl'),
    apiKey: str(raw.apiKey, 'apiKey'),
    storeToken: str(raw.storeToken, 'storeToken'),
    registryUrl: str(raw.registryUrl ?? '/remotes.json', 'registryUrl'),
    storeUrl: typeof raw.storeUrl === 'string' ? raw.storeUrl : window.location.origin,
    environment: raw.environment === 'production' ? 'production' : 'development',
  };
}

/** Reads the remote registry (or its inlined copy); a missing or broken registry leaves every section on its fallback. */
export async function loadRegistry(url: string, inlined?: unknown): Promise<RemoteRegistry> {
  try {
    return parseRegistry(inlined && typeof inlined === 'object' ? inlined : await getJson(url));
  } catch (err) {
    console.error('[storefront] remote registry unavailable; sections will show their fallback', err);
    return { shell: null, remotes: {} };
  }
}

/**
 * The server render the page carries, when `#root` holds its markup; anything malformed counts as none
 * (the page then renders in the browser, replacing whatever is in `#root`).
 */
export function serverRendered(boot: BootData | null): ServerRendered | null {
  const ssr = boot?.ssr as Partial<ServerRendered> | undefined;
  if (!ssr || typeof ssr !== 'object' || !ssr.answers || typeof ssr.answers !== 'object' || !ssr.route) return null;
  const r = ssr.route as Record<string, unknown>;
  const route =
    typeof r.remote === 'string' && typeof r.module === 'string'
      ? { remote: r.remote, module: r.module }
      : typeof r.shell === 'string'
        ? { shell: r.shell }
        : null;
  if (!route) return null;
  const session = ssr.session as Partial<NonNullable<ServerRendered['session']>> | undefined;
  const withSession =
    session && typeof session === 'object' && Array.isArray(session.cart) && typeof session.user === 'object'
      ? { session: { user: session.user, cart: session.cart } }
      : {};
  return { answers: ssr.answers, route, ...withSession };
}
