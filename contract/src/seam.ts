/**
 * The seam between the shell's builds and the edge host (`ops`): two packages deployed on their own,
 * agreeing here on the build's file names, the deploy root's folders, the names a version and a remote
 * may have, the page outlet a server render replaces, the render request, and the boot data block.
 */
import type { RemoteRegistry, RuntimeConfig, ServerRendered } from './deploy';

/** A version becomes a folder and a URL segment: safe characters only (and never `..`, see isVersionName). */
export const VERSION_NAME_SOURCE = '[0-9A-Za-z][0-9A-Za-z._+-]{0,127}';
/** A remote's Module Federation name: the registry's key and its folder under `/remotes/`. */
export const REMOTE_NAME_SOURCE = '[a-z][a-z0-9_]{0,31}';
/** The same, whole strings (JSON schema `pattern`s). */
export const VERSION_PATTERN = `^${VERSION_NAME_SOURCE}$`;
export const REMOTE_NAME_PATTERN = `^${REMOTE_NAME_SOURCE}$`;

const VERSION_RE = new RegExp(VERSION_PATTERN);
const REMOTE_NAME_RE = new RegExp(REMOTE_NAME_PATTERN);

export function isVersionName(version: string): boolean {
  return VERSION_RE.test(version) && !version.includes('..');
}

export function isRemoteName(name: string): boolean {
  return REMOTE_NAME_RE.test(name);
}

/** The section the registry names `shell`; every other section is a remote. */
export const SHELL_NAME = 'shell';

/** A version's folder on the site and in the deploy root: `/shell/<v>/` or `/remotes/<name>/<v>/`. */
export function versionFolder(section: string, version: string): string {
  return section === SHELL_NAME ? `/${SHELL_NAME}/${version}/` : `/remotes/${section}/${version}/`;
}

/** The files of a build the host reads by name (relative to its version folder). */
export const BUILD_FILES = {
  /** The shell's page, with the outlet below. */
  page: 'index.html',
  /** Module Federation's manifest: what the registry's entry names. */
  manifest: 'mf-manifest.json',
  /** A remote's federation entry. */
  remoteEntry: 'remoteEntry.js',
  /** The shell's inlined page loader (shell/src/startup/loader.ts). */
  pageLoader: 'ssr-loader.js',
  /** The stylesheets of each chunk group, for a server-rendered page's `<head>`. */
  ssrAssets: 'ssr-assets.json',
  /** The server build's folder and file (`<folder>/<file>`), CommonJS. */
  serverDir: 'server',
  serverFile: 'server.js',
  /** What the build says about itself (shared/build/rspackConfig.ts). */
  buildInfo: 'build.json',
  stats: 'mf-stats.json',
} as const;

/** The page outlet in the shell's index.html that a server render replaces. */
export const OUTLET_START = '<!--ssr-outlet-->';
export const OUTLET_END = '<!--/ssr-outlet-->';

/** What the host asks the shell's server build (`renderPage`) for; the shell narrows config and page. */
export interface RenderRequest<Config = unknown, Page = unknown> {
  /** The request's path and query, e.g. `/shop?categories=shirts`. */
  url: string;
  /** The runtime config the browser gets (and hydrates with). */
  config: Config;
  /** Where the server's own API reads go (absolute, e.g. http://127.0.0.1:3100/api). */
  apiBaseUrl: string;
  /** A remote's exposed page from its server build; null when that remote renders in the browser only. */
  loadRemote(remote: string, module: string): Promise<Page | null>;
  /** Give up after this long. */
  timeoutMs?: number;
  /**
   * The shopper's session cookie (`SESSION_COOKIE`, contract/src/sessionCookie.ts) as the request sent it,
   * on a personal page only: the render shows their own content with it.
   */
  session?: string | null;
}

/**
 * The `code` of the error a render throws when it gave up at its deadline: the host counts it as a
 * timeout. A code, not a class: the shell's server build runs as its own module, so `instanceof` cannot
 * cross the seam.
 */
export const RENDER_TIMEOUT_CODE = 'SSR_RENDER_TIMEOUT';

/** A registry as read from a file, a database row or the page: a missing part is empty. */
export function parseRegistry(raw: unknown): RemoteRegistry {
  const r = raw && typeof raw === 'object' ? (raw as Partial<RemoteRegistry>) : {};
  return { shell: r.shell ?? null, remotes: r.remotes ?? {} };
}

/** What the host writes into the page under BOOT_DATA_ID. */
export interface BootPayload {
  config: RuntimeConfig;
  registry: RemoteRegistry;
  /** Present when `#root` holds a server render. */
  ssr?: ServerRendered;
}

/** The payload as the page's reader gets it: every member may be missing or malformed. */
export type BootData = { [K in keyof BootPayload]?: unknown };
