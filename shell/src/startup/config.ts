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

/** Reads `/storefront.config.json`: the API base URL, key, store token and registry URL. */
export async function loadRuntimeConfig(url = '/storefront.config.json'): Promise<RuntimeConfig> {
  const raw = (await getJson(url)) as Record<string, unknown>;
  return {
    apiBaseUrl: str(raw.apiBaseUrl, 'apiBaseUrl'),
    apiKey: str(raw.apiKey, 'apiKey'),
    storeToken: str(raw.storeToken, 'storeToken'),
    registryUrl: str(raw.registryUrl ?? '/remotes.json', 'registryUrl'),
    storeUrl: typeof raw.storeUrl === 'string' ? raw.storeUrl : window.location.origin,
    environment: raw.environment === 'production' ? 'production' : 'development',
  };
}

/** Reads the remote registry; a missing or broken registry leaves every section on its fallback. */
export async function loadRegistry(url: string): Promise<RemoteRegistry> {
  try {
    const raw = (await getJson(url)) as Partial<RemoteRegistry>;
    return { shell: raw.shell ?? null, remotes: raw.remotes ?? {} };
  } catch (err) {
    console.error('[storefront] remote registry unavailable; sections will show their fallback', err);
    return { shell: null, remotes: {} };
  }
}
