/**
 * The shell's server build (issue 8): renders a public page's first screen to HTML for the static host
 * (ops/src/host/render/), so the shopper sees the page — banner, products, prices — before any script has
 * arrived, and the browser then hydrates that same markup.
 *
 * The host loads this file for the live shell version and hands it a loader of each remote's server
 * build. The remotes' server builds leave every shared singleton out; the host gives them the
 * ones exported here (`singletons`), so the shell and each remote render with one React, one MobX and
 * one `@storefront/shared` — what Module Federation arranges in the browser.
 *
 * Every page a remote's server build offers is rendered, the cart, checkout and account pages too
 * (issue 19). With the shopper's session cookie (issue 33) those pages hold their own content — cart
 * lines, profile — read from the API for them; without it they hold a guest's frame, with sized
 * skeletons where that content goes (`RootStore.sessionRestored`), filled once the browser applies the
 * saved session after hydration. A render that cannot be complete — an API read failed, a page threw,
 * a remote has no server build, the deadline passed — returns `null` and the host serves the page
 * without it.
 */
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as mobx from 'mobx';
import * as mobxReactLite from 'mobx-react-lite';
import * as shared from '@storefront/shared';
import * as router from '@storefront/shared/router';
import * as validation from '@storefront/shared/validation';
import {
  AnswerRecorder,
  createSession,
  DocumentMetaContext,
  isPageNotFound,
  themeCssVariables,
  type DocumentMeta,
  type PageModule,
  type RuntimeConfig,
} from '@storefront/shared';
import { App } from '../app/App';
import type { SectionLoader } from '../app/sections';
import { isPrivateRoute, isRemoteRoute, pageLocation, type RouteEntry } from '../routeTable';
import { headTags, imagePreloadLinks } from './headTags';
import type { ServerRenderResult } from '@storefront/contract/deploy';
import { RENDER_TIMEOUT_CODE, type RenderRequest as SeamRenderRequest } from '@storefront/contract/seam';
import { parseSessionCookie, SESSION_COOKIE_PATHS, type SessionCookie } from '@storefront/contract/session-cookie';

// Observer components render once on the server and never commit: they must not subscribe to the
// stores (each render would leave reactions behind, and timers to clean them up).
mobxReactLite.enableStaticRendering(true);

/**
 * The singletons a remote's server build imports, by the names it imports them with (the same list
 * as shared/src/federation.ts, less what only a browser needs).
 */
export const singletons: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  mobx,
  'mobx-react-lite': mobxReactLite,
  '@storefront/shared': shared,
  '@storefront/shared/router': router,
  '@storefront/shared/validation': validation,
};

/** The contract's render request, with the shell's config and page types (default deadline 2000 ms). */
export type RenderRequest = SeamRenderRequest<RuntimeConfig, PageModule>;

/** The contract's render result (ops/src/host/render/ reads it), with this build's meta and head always set. */
export interface RenderResult extends ServerRenderResult {
  /** The page's title and description, as its `useDocumentMeta` would set them in the browser. */
  meta: DocumentMeta;
  /**
   * More tags for `<head>`, escaped and ready to write: the canonical link, Open Graph and Twitter
   * card tags (issue 22).
   */
  head: string;
  /**
   * The page shows the shopper's own data (cart, checkout, account pages): the host marks it
   * `Cache-Control: private, no-store`. Its HTML holds them only when rendered with their session.
   */
  personal: boolean;
}

const NOT_FOUND_PATH = '/not-found';
const NOT_FOUND: RouteEntry = { path: NOT_FOUND_PATH, access: 'public', shell: 'NotFound' };

/** Why a render gave up, for the host's log. */
export class RenderSkipped extends Error {}

/** A render that gave up at its deadline: the host counts it as a timeout by the contract's code. */
export class RenderTimeout extends RenderSkipped {
  readonly code = RENDER_TIMEOUT_CODE;
}

function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimeout(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Renders the element to HTML once everything in it (lazy pages included) is ready: react-dom's
 * prerender waits for every suspended part and writes it in place, so no boundary is sent later with
 * an inline script (the page's Content-Security-Policy allows none). Streaming would send the first
 * bytes sooner, but every late boundary needs such a script, and the host waits for the whole render
 * to decide its status and cache it. Past the deadline the render is
 * aborted and the page is rendered in the browser.
 */
async function renderToString(element: React.ReactElement, timeoutMs: number): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new RenderTimeout(`rendering took longer than ${timeoutMs} ms`)), timeoutMs);
  try {
    // No boundary is ever outlined (sent after the page with a script that moves it into place): the
    // whole page is written in order, however large a boundary is.
    const { prelude } = await prerenderToNodeStream(element, { signal: abort.signal, progressiveChunkSize: Number.POSITIVE_INFINITY });
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    if (abort.signal.aborted) throw abort.signal.reason;
    return html;
  } catch (err) {
    throw abort.signal.aborted ? abort.signal.reason : err;
  } finally {
    clearTimeout(timer);
  }
}

function rootAttributes(theme: shared.Theme): Record<string, string> {
  const style = Object.entries(themeCssVariables(theme))
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return { style, 'data-banner-type': theme.bannerType, 'data-category-layout': theme.categoryLayout };
}

/**
 * The session a personal page is rendered with (issue 33), or null for a guest's frame: only on the
 * pages the cookie is written for; the account pages only for a signed-in shopper (their guard would
 * send anyone else away, which only the browser can do); the cart and checkout for a signed-in shopper
 * or a guest's cart.
 */
function sessionFor(route: RouteEntry, cookie: SessionCookie | null): SessionCookie | null {
  if (!cookie || !SESSION_COOKIE_PATHS.some((p) => route.path === p || route.path.startsWith(`${p}/`))) return null;
  if (route.access === 'auth') return cookie.token !== undefined ? cookie : null;
  return route.access === 'public' ? cookie : null;
}

/**
 * Renders `req.url`, or returns null when the page is not rendered on the server (not public, or its
 * remote has no server build). Throws `RenderSkipped` (or the page's own error) when a render was
 * attempted and could not be completed.
 */
export async function renderPage(req: RenderRequest): Promise<RenderResult | null> {
  const timeoutMs = req.timeoutMs ?? 2000;
  const started = Date.now();
  const left = () => Math.max(1, timeoutMs - (Date.now() - started));
  const url = new URL(req.url, 'http://server.invalid');
  let { route, at } = pageLocation(url.pathname, url.search);
  // Every page its remote's server build offers, public or not: a personal page holds the shopper's own
  // content when their session cookie came with it (sessionFor), else a guest's frame; the guards and
  // the saved session apply once it hydrates.
  const personal = isPrivateRoute(route);

  let page: PageModule | null = null;
  if (isRemoteRoute(route)) {
    page = await withDeadline(req.loadRemote(route.remote, route.module), left(), `loading ${route.remote}/${route.module}`);
    if (!page) return null;
  }

  const recorder = new AnswerRecorder();
  const { store } = createSession({ ...req.config, apiBaseUrl: req.apiBaseUrl }, undefined, { sink: recorder, deferPersistence: true });
  try {
    await withDeadline(store.storeInfo.fetch(), left(), 'store information');
    const cookie = personal ? sessionFor(route, parseSessionCookie(req.session)) : null;
    const session = cookie ? await withDeadline(store.applyCookieSession(cookie), left(), "the shopper's session") : undefined;
    // What the URL names does not exist (an unknown product): the not-found page, answered 404.
    // The browser shows it at /not-found, where spec §2 sends the shopper (shell/src/bootstrap.tsx).
    let missing = false;
    if (page?.load) {
      try {
        await withDeadline(page.load(store, at), left(), 'the page data');
      } catch (err) {
        if (!isPageNotFound(err)) throw err;
        missing = true;
      }
    }
    if (missing) {
      route = NOT_FOUND;
      page = null;
      at = { pathname: NOT_FOUND_PATH, search: '', params: {} };
    } else if (!recorder.complete) {
      throw new RenderSkipped(`an API read failed: ${recorder.failures.map((f) => f.key).join(', ')}`);
    }
    const loaded = page;
    const shown = route;
    const sections: SectionLoader = {
      load: (remote, module) =>
        isRemoteRoute(shown) && remote === shown.remote && module === shown.module && loaded
          ? Promise.resolve(loaded)
          : Promise.reject(new RenderSkipped(`${remote}/${module} is not part of this render`)),
      peek: (remote, module) => (isRemoteRoute(shown) && remote === shown.remote && module === shown.module && loaded ? loaded : undefined),
      reset: () => undefined,
    };
    const meta: DocumentMeta = {};
    const html = await renderToString(
      <DocumentMetaContext.Provider value={meta}>
        <App store={store} config={req.config} sections={sections} url={`${at.pathname}${at.search}`} />
      </DocumentMetaContext.Provider>,
      left(),
    );
    const notFound = !isRemoteRoute(route) && route.shell === 'NotFound';
    return {
      status: notFound ? 404 : 200,
      personal,
      html: imagePreloadLinks(meta.preloads) + html,
      answers: recorder.answers,
      ...(session ? { session } : {}),
      route: isRemoteRoute(route) ? { remote: route.remote, module: route.module } : { shell: route.shell },
      rootAttributes: rootAttributes(store.storeInfo.theme),
      meta: { ...meta },
      head: headTags({ route, at, notFound, meta, storeUrl: req.config.storeUrl, storeName: store.storeInfo.storeName }),
    };
  } finally {
    store.dispose();
  }
}
