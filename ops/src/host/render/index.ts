/**
 * Server rendering in the host (issue 8; docs/operators.md § Server rendering). For a page request the
 * host asks the live shell's server build to render the page, handing it a loader of each live remote's
 * server build; the HTML goes into the shell's page with the page's stylesheets and the API answers the
 * browser hydrates with. A page that cannot be rendered — not public, no server build for its version,
 * an API read failed, a page error, the deadline — is served as before, rendered in the browser.
 */
import path from 'node:path';
import type { RemoteRegistry, ServerRenderResult } from '@storefront/contract/deploy';
import { isPrivatePath, pageQuery } from '@storefront/contract/routes';
import { parseSessionCookie } from '@storefront/contract/session-cookie';
import { isVersionName } from '@storefront/contract/seam';
import { serverBuilds, type ServerBuilds } from './builds';
import { renderCache } from './cache';
import { isRenderTimeout, raceDeadline } from './deadline';
import { splitLeadingLinks } from './outlet';
import { renderPool } from './pool';
import { startupFiles } from './startupFiles';
import { pageStylesheets } from './stylesheets';
import type { FallbackCause, ServerPage, ServerRenderer, ServerRendererOptions, ShellServer } from './types';

export type * from './types';
export { injectServerPage, splitLeadingLinks } from './outlet';

/** The shell's answer, or why there is none. */
type ShellAnswer = { result: ServerRenderResult } | { fallback: FallbackCause; message?: string };

/** Asks the shell's build to render `url`, against the host's own deadline (the shell keeps one too). */
async function askShell(
  builds: ServerBuilds,
  shellVersion: string,
  shell: ShellServer,
  req: { reg: RemoteRegistry; url: string; config: unknown; apiBaseUrl: string; timeoutMs: number; session: string | null },
): Promise<ShellAnswer> {
  const loadRemote = async (name: string, module: string): Promise<unknown> => {
    const entry = req.reg.remotes[name];
    if (!entry || !isVersionName(entry.version)) return null;
    const build = await builds.remote(shellVersion, shell, name, entry.version);
    return build?.[module] ?? null;
  };
  const { url, config, apiBaseUrl, timeoutMs, session } = req;
  try {
    const raced = await raceDeadline(shell.renderPage({ url, config, apiBaseUrl, loadRemote, timeoutMs, session }), timeoutMs + 250);
    if (!raced.done) return { fallback: 'timeout', message: `no answer within ${timeoutMs} ms` };
    return raced.value ? { result: raced.value } : { fallback: 'not_server_rendered' };
  } catch (err) {
    return { fallback: isRenderTimeout(err) ? 'timeout' : 'error', message: (err as Error).message };
  }
}

export function createServerRenderer(opts: ServerRendererOptions): ServerRenderer {
  const root = path.resolve(opts.root);
  const timeoutMs = opts.timeoutMs ?? 1500;
  const events = opts.events;
  const apiBaseUrl = typeof opts.apiBaseUrl === 'function' ? opts.apiBaseUrl : () => opts.apiBaseUrl as string;
  const builds = serverBuilds(root, opts.log);
  const pool = renderPool(opts.maxInFlight ?? 8, () => events?.fallback('busy', 0));
  const cache = renderCache((opts.cacheSeconds ?? 5) * 1000, apiBaseUrl, () => events?.cacheHit());

  async function renderNow(reg: RemoteRegistry, url: string, config: unknown, session: string | null): Promise<ServerPage | null> {
    const shellVersion = reg.shell?.version;
    if (!shellVersion || !isVersionName(shellVersion)) return null;
    const shell = await builds.shell(shellVersion);
    if (!shell) {
      events?.fallback('no_server_build', 0);
      return null;
    }
    const started = Date.now();
    const answer = await askShell(builds, shellVersion, shell, { reg, url, config, apiBaseUrl: apiBaseUrl(), timeoutMs, session });
    if ('fallback' in answer) {
      events?.fallback(answer.fallback, Date.now() - started);
      if (answer.message) opts.log?.(`[ssr] ${url}: rendered in the browser instead (${answer.message})`);
      return null;
    }
    const { result } = answer;
    const { links, body } = splitLeadingLinks(result.html);
    const css = await pageStylesheets(root, reg, shellVersion, result.route, opts.siteOrigin?.() ?? null);
    events?.rendered(Date.now() - started);
    opts.log?.(`[ssr] ${url} rendered in ${Date.now() - started} ms`);
    const loader = await builds.pageLoader(shellVersion);
    const personal = result.personal === true;
    // A personal page's content is the shopper's own, which only the scripts bring: the loader preloads them.
    const preload = personal ? await startupFiles(root, reg, shellVersion, result.route) : [];
    return {
      ...(loader ? { loader } : {}),
      status: result.status,
      personal,
      ...(preload.length ? { preload } : {}),
      html: body,
      head: css + links + (typeof result.head === 'string' ? result.head : ''),
      rootAttributes: result.rootAttributes,
      meta: result.meta ?? {},
      boot: { answers: result.answers, route: result.route, ...(result.session ? { session: result.session } : {}) },
    };
  }

  return {
    warm: (reg) => builds.warm(reg),
    render(reg, asked, config, session = null) {
      // What the page reads of the URL: every other query parameter would only make another render and
      // another cache entry of the same page (contract pageQuery).
      const q = asked.indexOf('?');
      const pathname = q < 0 ? asked : asked.slice(0, q);
      const url = `${pathname}${pageQuery(pathname, q < 0 ? '' : asked.slice(q))}`;
      // A page rendered with a shopper's session is theirs alone: never kept, never served from the cache.
      // Only a cookie that parses bypasses the cache (the render pool still bounds such renders).
      const own = isPrivatePath(pathname) && parseSessionCookie(session) ? session : null;
      if (own) return pool.run(() => renderNow(reg, url, config, own));
      return cache.page(reg, url, config, () => pool.run(() => renderNow(reg, url, config, null)));
    },
  };
}
