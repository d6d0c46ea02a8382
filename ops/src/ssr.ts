/**
 * Server rendering in the static host (issue 8). For a page request the host asks the live shell's
 * server build (`shell/<version>/server/server.js`) to render the page, handing it a loader of each
 * live remote's server build (`remotes/<name>/<version>/server/server.js`). The HTML goes into the
 * shell's page with the page's stylesheets and the API answers the browser hydrates with.
 *
 * Remote server builds leave the shared singletons (react, mobx, @storefront/shared, …) out; they are
 * evaluated here with a `require` that returns the shell build's copies, so one React renders the
 * shell and the remote together — on the server what Module Federation arranges in the browser.
 * Builds are loaded once per version; activating or rolling back a remote changes the registry and
 * the next render uses the other version's build.
 *
 * A page that cannot be rendered — not public, no server build for its version, an API read failed,
 * a page error, the deadline — is served as before, rendered in the browser: server rendering only
 * ever makes a page arrive sooner, never breaks it.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createRequire, builtinModules } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { RemoteRegistry, RenderedRoute, ServerRenderResult } from '@storefront/contract/deploy';
import { pageQuery } from '@storefront/contract/routes';
import { isVersionName } from '@storefront/contract/seam';

/** The module shape of `shell/src/server/render.tsx`'s build (the host imports no browser package). */
interface ShellServer {
  renderPage(req: {
    url: string;
    config: unknown;
    apiBaseUrl: string;
    loadRemote(remote: string, module: string): Promise<unknown>;
    timeoutMs?: number;
  }): Promise<RenderResult | null>;
  singletons: Record<string, unknown>;
}

type RenderResult = ServerRenderResult;

/** What the host writes into the shell's page. */
export interface ServerPage {
  status: number;
  /** `#root`'s markup. */
  html: string;
  /** Stylesheet and preload links for `<head>`. */
  head: string;
  /** Attributes for `<html>` (the store's theme). */
  rootAttributes: Record<string, string>;
  /** The page's title and description (replacing the shell page's defaults). */
  meta: { title?: string; description?: string };
  /** The `ssr` member of the page's boot data (shell/src/startup/config.ts `ServerRendered`). */
  boot: { answers: Record<string, unknown>; route: RenderedRoute };
  /**
   * The shell's page loader (`ssr-loader.js`, shell/src/startup/loader.ts), inlined in place of the
   * main.js tag so the scripts start after the page's images; `hash` goes into the page's CSP.
   */
  loader?: PageLoaderScript;
  /**
   * The page shows the shopper's own data in the browser (cart, checkout, account): sent
   * `Cache-Control: private, no-store`. The render itself is a guest's frame, made without anything
   * from the request but its URL, so it holds nobody's data and may be shared through the render cache.
   */
  personal: boolean;
}

export interface PageLoaderScript {
  code: string;
  /** `sha256-<base64>` of `code`, as Content-Security-Policy names an inline script. */
  hash: string;
}

export interface ServerRendererOptions {
  root: string;
  /**
   * The API's origin and base path as the browser sees it through `/api` (e.g. http://127.0.0.1:3100/api);
   * a function picks one of several API processes for each render.
   */
  apiBaseUrl: string | (() => string);
  /** Give up on a render after this long and serve the page without it (default 1500 ms). */
  timeoutMs?: number;
  /** Keep a rendered page this long for identical requests (default 5 s; 0: render every request). */
  cacheSeconds?: number;
  /**
   * Renders running at once (default 8); a page beyond it goes out at once to be rendered in the browser
   * (cause `busy`), so distinct query strings cannot queue renders on the host's one thread.
   */
  maxInFlight?: number;
  log?: (line: string) => void;
  /** What happened to each render, for metrics. */
  events?: RenderEvents;
  /**
   * The origin browsers load the pages from (STORE_URL), or null when it is not known. A remote's
   * stylesheets on this origin are linked by their absolute URL, the form the federation runtime gives
   * them (it resolves a registry entry against the page's origin) and looks for before linking one.
   */
  siteOrigin?: () => string | null;
}

/** Why a page went out to be rendered in the browser instead. */
export type FallbackCause = 'not_server_rendered' | 'no_server_build' | 'error' | 'timeout' | 'busy';

export interface RenderEvents {
  rendered(ms: number): void;
  fallback(cause: FallbackCause, ms: number): void;
  cacheHit(): void;
}

/** The page outlet in the shell's index.html that a server render replaces. */
export const OUTLET_START = '<!--ssr-outlet-->';
export const OUTLET_END = '<!--/ssr-outlet-->';

const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const MAX_CACHED_PAGES = 500;

/** Evaluates a CommonJS build file with the given `require`. */
async function evaluate(file: string, require: (id: string) => unknown): Promise<Record<string, unknown>> {
  const code = await fs.readFile(file, 'utf8');
  const fn = vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as Record<string, unknown> };
  fn(module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The page's own title and description in place of the shell page's defaults. */
function withMeta(head: string, meta: ServerPage['meta']): string {
  let out = head;
  // Replacement functions, not strings: the text comes from the request (a search), and a string
  // replacement would read `$'`, `$\`` and `$&` in it as patterns.
  const { title, description } = meta;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(title)}</title>`);
  if (description) {
    out = out.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttr(description)}">`,
    );
  }
  return out;
}

/** A render starts with the preloads of its LCP pictures (shell/src/server/headTags.ts): they belong in `<head>`. */
export function splitLeadingLinks(html: string): { links: string; body: string } {
  const m = /^(?:<link [^>]*\/?>)+/.exec(html);
  return m ? { links: m[0], body: html.slice(m[0].length) } : { links: '', body: html };
}

/** The base URL a remote's files are served from: its manifest's folder (same origin or another). */
function remoteBase(entry: string): string {
  return entry.slice(0, entry.lastIndexOf('/') + 1);
}

export interface ServerRenderer {
  /**
   * The page for `url` (path and query), or null: serve it to be rendered in the browser. Rendered and
   * cached by the query parameters its page reads, the rest left out.
   */
  render(reg: RemoteRegistry, url: string, config: unknown): Promise<ServerPage | null>;
  /** Loads the live shell's and remotes' server builds; gives what could not be loaded (readiness). */
  warm(reg: RemoteRegistry): Promise<string[]>;
}

/** How long the host uses one read of the API's catalogue version (see `catalogVersion`). */
const CATALOG_VERSION_REFRESH_MS = 1000;
/** A version read that takes longer is given up ('unknown'): the page is not held for it. */
const CATALOG_VERSION_TIMEOUT_MS = 300;

export function createServerRenderer(opts: ServerRendererOptions): ServerRenderer {
  const root = path.resolve(opts.root);
  const timeoutMs = opts.timeoutMs ?? 1500;
  const cacheMs = (opts.cacheSeconds ?? 5) * 1000;
  const maxInFlight = Math.max(1, opts.maxInFlight ?? 8);
  let inFlight = 0;
  const shells = new Map<string, Promise<ShellServer | null>>();
  const loaders = new Map<string, Promise<PageLoaderScript | undefined>>();
  const remotes = new Map<string, Promise<Record<string, unknown> | null>>();
  const pages = new Map<string, { until: number; page: Promise<ServerPage | null> }>();
  let version: { value: string; at: number } | null = null;
  let versionRead: Promise<string> | null = null;
  const warned = new Set<string>();
  const events = opts.events;
  const apiBaseUrl = typeof opts.apiBaseUrl === 'function' ? opts.apiBaseUrl : () => opts.apiBaseUrl as string;

  const warnOnce = (key: string, line: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    opts.log?.(line);
  };

  function loadShell(version: string): Promise<ShellServer | null> {
    let p = shells.get(version);
    if (!p) {
      const file = path.join(root, 'shell', version, 'server', 'server.js');
      p = (async () => {
        if (!(await exists(file))) return null;
        const mod = await evaluate(file, createRequire(file) as (id: string) => unknown);
        if (typeof mod.renderPage !== 'function' || !mod.singletons || typeof mod.singletons !== 'object') {
          throw new Error(`${file} is not a shell server build`);
        }
        return mod as unknown as ShellServer;
      })().catch((err: unknown) => {
        warnOnce(
          `shell:${version}`,
          `[ssr] shell ${version}: server build unusable, pages render in the browser (${(err as Error).message})`,
        );
        return null;
      });
      shells.set(version, p);
    }
    return p;
  }

  /** The shell version's page loader, if it has one (and it is safe to inline). */
  function loadLoader(version: string): Promise<PageLoaderScript | undefined> {
    let p = loaders.get(version);
    if (!p) {
      p = fs
        .readFile(path.join(root, 'shell', version, 'ssr-loader.js'), 'utf8')
        .then((code) => {
          const trimmed = code.trim();
          if (/<\/script|<!--/i.test(trimmed)) return undefined;
          return { code: trimmed, hash: `sha256-${createHash('sha256').update(trimmed).digest('base64')}` };
        })
        .catch(() => undefined);
      loaders.set(version, p);
    }
    return p;
  }

  /** A remote version's server build, evaluated against one shell version's singletons. */
  function loadRemoteBuild(
    shellVersion: string,
    shell: ShellServer,
    name: string,
    version: string,
  ): Promise<Record<string, unknown> | null> {
    const key = `${shellVersion}|${name}|${version}`;
    let p = remotes.get(key);
    if (!p) {
      const file = path.join(root, 'remotes', name, version, 'server', 'server.js');
      p = (async () => {
        if (!(await exists(file))) return null;
        const nodeRequire = createRequire(file);
        const require = (id: string): unknown => {
          if (Object.prototype.hasOwnProperty.call(shell.singletons, id)) return shell.singletons[id];
          if (NODE_BUILTINS.has(id)) return nodeRequire(id);
          throw new Error(`${name}@${version}'s server build requires "${id}", which the shell ${shellVersion} does not share`);
        };
        return evaluate(file, require);
      })().catch((err: unknown) => {
        warnOnce(key, `[ssr] ${name} ${version}: server build unusable, its pages render in the browser (${(err as Error).message})`);
        return null;
      });
      remotes.set(key, p);
    }
    return p;
  }

  /**
   * A remote's folder as the browser's federation runtime will name it. The runtime links the stylesheets
   * of the module it loads unless a link with the same URL (scheme aside) is there already; linked from
   * the server as `/remotes/…` they were not recognised, linked a second time once the scripts ran, and
   * parsed again with a restyle of the whole page (issue 19). So on the site's origin, absolute.
   */
  function remoteFolderUrl(entry: string): string {
    const base = remoteBase(entry);
    const origin = opts.siteOrigin?.() ?? null;
    return origin && base.startsWith('/') && !base.startsWith('//') ? `${origin}${base}` : base;
  }

  async function cssLinks(folderUrl: string, folder: string, groups: string[]): Promise<string> {
    const assets = (await readJson(path.join(folder, 'ssr-assets.json'))) as { css?: Record<string, unknown> } | null;
    const links: string[] = [];
    for (const g of groups) {
      const files = assets?.css?.[g];
      if (!Array.isArray(files)) continue;
      for (const f of files) if (typeof f === 'string') links.push(`<link rel="stylesheet" href="${escapeAttr(folderUrl + f)}">`);
    }
    return links.join('');
  }

  /** A render, unless `maxInFlight` are running already (cache hits and shared renders take no place). */
  async function renderCapped(reg: RemoteRegistry, url: string, config: unknown): Promise<ServerPage | null> {
    if (inFlight >= maxInFlight) {
      events?.fallback('busy', 0);
      return null;
    }
    inFlight += 1;
    try {
      return await renderNow(reg, url, config);
    } finally {
      inFlight -= 1;
    }
  }

  async function renderNow(reg: RemoteRegistry, url: string, config: unknown): Promise<ServerPage | null> {
    const shellVersion = reg.shell?.version;
    if (!shellVersion || !isVersionName(shellVersion)) return null;
    const shell = await loadShell(shellVersion);
    if (!shell) {
      events?.fallback('no_server_build', 0);
      return null;
    }
    const loadRemote = async (name: string, module: string): Promise<unknown> => {
      const entry = reg.remotes[name];
      if (!entry || !isVersionName(entry.version)) return null;
      const build = await loadRemoteBuild(shellVersion, shell, name, entry.version);
      return build?.[module] ?? null;
    };
    let result: RenderResult | null;
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      // The shell keeps its own deadline; this one holds even if a build does not.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs + 250);
      });
      result = await Promise.race([shell.renderPage({ url, config, apiBaseUrl: apiBaseUrl(), loadRemote, timeoutMs }), deadline]);
    } catch (err) {
      const message = (err as Error).message;
      events?.fallback(/no answer within|deadline|timed? ?out/i.test(message) ? 'timeout' : 'error', Date.now() - started);
      opts.log?.(`[ssr] ${url}: rendered in the browser instead (${message})`);
      return null;
    } finally {
      clearTimeout(timer);
    }
    if (!result) {
      events?.fallback('not_server_rendered', Date.now() - started);
      return null;
    }
    const { links, body } = splitLeadingLinks(result.html);
    const personal = result.personal === true;
    let css = await cssLinks(`/shell/${shellVersion}/`, path.join(root, 'shell', shellVersion), ['main', 'bootstrap']);
    if ('shell' in result.route) {
      css += await cssLinks(`/shell/${shellVersion}/`, path.join(root, 'shell', shellVersion), [result.route.shell]);
    } else {
      const entry = reg.remotes[result.route.remote];
      if (entry) {
        css += await cssLinks(remoteFolderUrl(entry.entry), path.join(root, 'remotes', result.route.remote, entry.version), [
          result.route.module,
        ]);
      }
    }
    events?.rendered(Date.now() - started);
    opts.log?.(`[ssr] ${url} rendered in ${Date.now() - started} ms`);
    const loader = await loadLoader(shellVersion);
    return {
      ...(loader ? { loader } : {}),
      status: result.status,
      personal,
      html: body,
      head: css + links + (typeof result.head === 'string' ? result.head : ''),
      rootAttributes: result.rootAttributes,
      meta: result.meta ?? {},
      boot: { answers: result.answers, route: result.route },
    };
  }

  return {
    async warm(reg) {
      const failed: string[] = [];
      const shellVersion = reg.shell?.version;
      if (!shellVersion || !isVersionName(shellVersion)) return ['shell (none live)'];
      const shellFile = path.join(root, 'shell', shellVersion, 'server', 'server.js');
      // A build without a server bundle renders in the browser by design; one that fails to load is a fault.
      if (!(await exists(shellFile))) return failed;
      const shell = await loadShell(shellVersion);
      if (!shell) return [`shell ${shellVersion}`];
      for (const [name, entry] of Object.entries(reg.remotes)) {
        if (!entry || !isVersionName(entry.version)) continue;
        if (!(await exists(path.join(root, 'remotes', name, entry.version, 'server', 'server.js')))) continue;
        if (!(await loadRemoteBuild(shellVersion, shell, name, entry.version))) failed.push(`${name} ${entry.version}`);
      }
      return failed;
    },
    render(reg, asked, config) {
      // What the page reads of the URL: every other query parameter would only make another render and
      // another cache entry of the same page (contract pageQuery).
      const q = asked.indexOf('?');
      const pathname = q < 0 ? asked : asked.slice(0, q);
      const url = `${pathname}${pageQuery(pathname, q < 0 ? '' : asked.slice(q))}`;
      if (cacheMs <= 0) return renderCapped(reg, url, config);
      return catalogVersion(config).then((data) => cachedRender(reg, url, config, data));
    },
  };

  /**
   * The API's catalogue version (its change log's newest entry), read at most every
   * CATALOG_VERSION_REFRESH_MS and shared by the requests meanwhile: part of the render cache's key, so a
   * price, stock, product or store-info change is rendered afresh on the next load after that read,
   * not after SSR_CACHE_SECONDS. An API that does not answer gives 'unknown' (the key stays as it was).
   */
  function catalogVersion(config: unknown): Promise<string> {
    if (version && Date.now() - version.at < CATALOG_VERSION_REFRESH_MS) return Promise.resolve(version.value);
    versionRead ??= readCatalogVersion(config)
      .then((value) => {
        version = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        versionRead = null;
      });
    return versionRead;
  }

  async function readCatalogVersion(config: unknown): Promise<string> {
    const key = (config as { apiKey?: unknown } | null)?.apiKey;
    try {
      const res = await fetch(`${apiBaseUrl()}/catalog-version`, {
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

  function cachedRender(reg: RemoteRegistry, url: string, config: unknown, data: string): Promise<ServerPage | null> {
    const versions = [reg.shell?.version ?? '', ...Object.entries(reg.remotes).map(([n, e]) => `${n}@${e?.version ?? ''}`)].join(',');
    const key = `${versions} catalog@${data} ${JSON.stringify(config)} ${url}`;
    const now = Date.now();
    const hit = pages.get(key);
    if (hit && hit.until > now) {
      events?.cacheHit();
      return hit.page;
    }
    for (const [k, v] of pages) if (v.until <= now || pages.size >= MAX_CACHED_PAGES) pages.delete(k);
    // Concurrent identical requests share one render; a page not rendered is not kept.
    const page = renderCapped(reg, url, config);
    pages.set(key, { until: now + cacheMs, page });
    void page.then((p) => {
      if (!p) pages.delete(key);
    });
    return page;
  }
}

/** Writes a server render into the shell's page; null when the page has no outlet (an older shell). */
export function injectServerPage(html: string, page: ServerPage): string | null {
  const start = html.indexOf(OUTLET_START);
  const end = html.indexOf(OUTLET_END, start);
  const headEnd = html.indexOf('</head>');
  const htmlTag = /<html\b[^>]*>/.exec(html);
  if (start < 0 || end < 0 || headEnd < 0 || !htmlTag || headEnd > start) return null;
  const attrs = Object.entries(page.rootAttributes)
    .filter(([k]) => /^[a-z][a-z0-9-]*$/.test(k) && !htmlTag[0].includes(` ${k}=`))
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  const tag = htmlTag[0].replace(/>$/, `${attrs}>`);
  const out =
    html.slice(0, htmlTag.index) +
    tag +
    withMeta(html.slice(htmlTag.index + htmlTag[0].length, headEnd), page.meta) +
    page.head +
    html.slice(headEnd, start) +
    page.html +
    html.slice(end + OUTLET_END.length);
  return page.loader ? withLoader(out, page.loader, page.personal) : out;
}

/**
 * The shell's entry tag (`<script defer src=".../main.<hash>.js">`) replaced by the inlined loader. It
 * starts the scripts after `load` on a public page (its pictures first: the largest paint), and at once
 * on a personal one (`data-start="now"`), whose content is the shopper's own and comes with the scripts.
 */
function withLoader(html: string, loader: PageLoaderScript, personal: boolean): string {
  const entry = /<script defer src="([^"]*\/main\.[^"/]*\.js)"><\/script>/.exec(html);
  if (!entry) return html;
  const start = personal ? ' data-start="now"' : '';
  return html.replace(entry[0], () => `<script data-main="${escapeAttr(entry[1] ?? '')}"${start}>${loader.code}</script>`);
}
