/**
 * The render cache: a rendered page kept SSR_CACHE_SECONDS for identical requests, keyed by the live
 * versions, the config, the URL and the API's catalogue version, so a price, stock, product or
 * store-info change is rendered afresh on the next load after the host reads the new version.
 */
import type { RemoteRegistry } from '@storefront/contract/deploy';
import type { ServerPage } from './types';

const MAX_CACHED_PAGES = 500;
/** How long the host uses one read of the API's catalogue version. */
const CATALOG_VERSION_REFRESH_MS = 1000;
/** A version read that takes longer is given up ('unknown'): the page is not held for it. */
const CATALOG_VERSION_TIMEOUT_MS = 300;

type Render = () => Promise<ServerPage | null>;

export interface RenderCache {
  page(reg: RemoteRegistry, url: string, config: unknown, render: Render): Promise<ServerPage | null>;
}

/** The API's change-log version (`/catalog-version`), or 'unknown' when it does not answer in time. */
async function readCatalogVersion(apiBaseUrl: string, config: unknown): Promise<string> {
  const key = (config as { apiKey?: unknown } | null)?.apiKey;
  try {
    const res = await fetch(`${apiBaseUrl}/catalog-version`, {
      headers: typeof key === 'string' ? { 'x-api-key': key } : {},
      signal: AbortSignal.timeout(CATALOG_VERSION_TIMEOUT_MS),
    });
    if (!res.ok) return 'unknown';
    const body = (await res.json()) as { data?: { version?: unknown } } | null;
    return typeof body?.data?.version === 'number' ? String(body.data.version) : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function renderCache(cacheMs: number, apiBaseUrl: () => string, onHit: () => void): RenderCache {
  const pages = new Map<string, { until: number; page: Promise<ServerPage | null> }>();
  let version: { value: string; at: number } | null = null;
  let versionRead: Promise<string> | null = null;

  /** Read at most every CATALOG_VERSION_REFRESH_MS, shared by the requests meanwhile. */
  function catalogVersion(config: unknown): Promise<string> {
    if (version && Date.now() - version.at < CATALOG_VERSION_REFRESH_MS) return Promise.resolve(version.value);
    versionRead ??= readCatalogVersion(apiBaseUrl(), config)
      .then((value) => {
        version = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        versionRead = null;
      });
    return versionRead;
  }

  function cached(reg: RemoteRegistry, url: string, config: unknown, data: string, render: Render): Promise<ServerPage | null> {
    const versions = [reg.shell?.version ?? '', ...Object.entries(reg.remotes).map(([n, e]) => `${n}@${e?.version ?? ''}`)].join(',');
    const key = `${versions} catalog@${data} ${JSON.stringify(config)} ${url}`;
    const now = Date.now();
    const hit = pages.get(key);
    if (hit && hit.until > now) {
      onHit();
      return hit.page;
    }
    for (const [k, v] of pages) if (v.until <= now || pages.size >= MAX_CACHED_PAGES) pages.delete(k);
    // Concurrent identical requests share one render; a page not rendered is not kept.
    const page = render();
    pages.set(key, { until: now + cacheMs, page });
    void page.then((p) => {
      if (!p) pages.delete(key);
    });
    return page;
  }

  return {
    page(reg, url, config, render) {
      if (cacheMs <= 0) return render();
      return catalogVersion(config).then((data) => cached(reg, url, config, data, render));
    },
  };
}
