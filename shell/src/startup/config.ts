import type { RuntimeConfig } from '@storefront/shared';

/** One remote as the registry names it: live version and the last-known-good fallback. */
export interface RegistryEntry {
  version: string;
  entry: string;
  lastKnownGood: { version: string; entry: string } | null;
}

/** `/remotes.json`, written by the ops CLI (see docs/operators.md). */
export interface RemoteRegistry {
  shell: { version: string } | null;
  remotes: Partial<Record<string, RegistryEntry>>;
}

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

/** The id of the JSON block the static host writes into index.html (see ops/src/host.ts). */
export const BOOT_DATA_ID = 'storefront-boot';

/**
 * The runtime config and registry the static host inlined into the page, so start-up needs no
 * round trip before it can load the first section. Absent (dev server, another host) → `null`.
 */
export function readBootData(doc: Document = document): { config?: unknown; registry?: unknown } | null {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as unknown;
    return data && typeof data === 'object' ? (data as { config?: unknown; registry?: unknown }) : null;
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
    const raw = (inlined && typeof inlined === 'object' ? inlined : await getJson(url)) as Partial<RemoteRegistry>;
    return { shell: raw.shell ?? null, remotes: raw.remotes ?? {} };
  } catch (err) {
    console.error('[storefront] remote registry unavailable; sections will show their fallback', err);
    return { shell: null, remotes: {} };
  }
}
