/** What the host's server renderer takes and gives (docs/operators.md § Server rendering). */
import type { RemoteRegistry, RenderRequest, ServerRendered, ServerRenderResult } from '@storefront/contract';

/** The module shape of `shell/src/server/render.tsx`'s build (the host imports no browser package). */
export interface ShellServer {
  renderPage(req: RenderRequest): Promise<ServerRenderResult | null>;
  singletons: Record<string, unknown>;
}

/** What the host writes into the shell's page. */
export interface ServerPage {
  status: number;
  /** `#root`'s markup. */
  html: string;
  /** Stylesheet and preload links for `<head>`. */
  head: string;
  /** A personal page's start-up files, preloaded by the page loader once the page's pictures are painted. */
  preload?: string[];
  /** Attributes for `<html>` (the store's theme). */
  rootAttributes: Record<string, string>;
  /** The page's title and description (replacing the shell page's defaults). */
  meta: { title?: string; description?: string };
  /** The `ssr` member of the page's boot data. */
  boot: ServerRendered;
  /**
   * The shell's page loader (shell/src/startup/loader.ts), inlined in place of the main.js tag so the
   * scripts start after the page's images; `hash` goes into the page's CSP.
   */
  loader?: PageLoaderScript;
  /**
   * The page shows the shopper's own data (cart, checkout, account): sent `Cache-Control: private,
   * no-store`. Rendered without a session cookie it is a guest's frame, made from nothing of the request
   * but its URL, which holds nobody's data and may be shared through the render cache; rendered with
   * one (issue 33) it holds the shopper's own content and is never cached.
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

export interface ServerRenderer {
  /**
   * The page for `url` (path and query), or null: serve it to be rendered in the browser. Rendered and
   * cached by the query parameters its page reads, the rest left out. `session` is the shopper's
   * session cookie (personal pages only).
   */
  render(reg: RemoteRegistry, url: string, config: unknown, session?: string | null): Promise<ServerPage | null>;
  /** Loads the live shell's and remotes' server builds; gives what could not be loaded (readiness). */
  warm(reg: RemoteRegistry): Promise<string[]>;
}
