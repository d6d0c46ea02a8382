/**
 * What the edge host (`ops`) and the shell exchange at run time, written once: the operator CLI writes
 * the registry and the host serves the runtime config and the server-render payload; the shell reads
 * all three. `pnpm typecheck` fails the moment the writer and the reader disagree.
 */

/** `/storefront.config.json`: read by the shell before anything renders (nothing is known at build time). */
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

/** One remote as the registry names it: the live version and the last-known-good fallback. */
export interface RegistryEntry {
  version: string;
  /** The remote's `mf-manifest.json` URL (relative to the site, or absolute on another origin). */
  entry: string;
  lastKnownGood: { version: string; entry: string } | null;
}

/** `/remotes.json`, written by the ops CLI (docs/operators.md), read by the shell at start-up. */
export interface RemoteRegistry {
  shell: { version: string } | null;
  remotes: Record<string, RegistryEntry>;
}

/** The id of the JSON block the host writes into index.html (runtime config, registry, server render). */
export const BOOT_DATA_ID = 'storefront-boot';

/** The page a server render rendered: a remote's exposed page, or one of the shell's own. */
export type RenderedRoute = { remote: string; module: string } | { shell: string };

/** The `ssr` member of the boot data: what the browser hydrates with. */
export interface ServerRendered {
  /** The server's API answers, by request key (see @storefront/shared's ServerAnswers). */
  answers: Record<string, unknown>;
  /** The page it rendered (the browser loads the same page before hydrating). */
  route: RenderedRoute;
  /**
   * The shopper's session a personal page was rendered with (issue 33: their cart lines, their profile),
   * without the token; absent when the page holds a guest's frame. The browser applies it before hydrating.
   */
  session?: { user: unknown; cart: unknown[] };
}

/** What the shell's server build (`renderPage`) answers the host with. */
export interface ServerRenderResult extends ServerRendered {
  /** 200, or 404 for the not-found page. */
  status: number;
  /** The markup of `#root`. */
  html: string;
  /** Attributes for `<html>`: the store's theme, which the browser sets there too. */
  rootAttributes: Record<string, string>;
  /** The page's title and description, as its `useDocumentMeta` would set them in the browser. */
  meta?: { title?: string; description?: string };
  /** More `<head>` tags, escaped and ready to write (canonical link, Open Graph, Twitter card). */
  head?: string;
  /** The page shows the shopper's own data once the browser applies their session (issue 19): sent `private, no-store`. */
  personal?: boolean;
}
