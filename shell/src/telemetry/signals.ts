/**
 * What the shell notices for telemetry (issue 17), kept tiny because it is in the page's first script:
 * page views, section errors and fallbacks, load failures, unhandled errors. Until the telemetry
 * client arrives (client.ts, loaded after hydration) signals wait in a short queue; then they go to it.
 *
 * Every signal names the remote ('shell' for the shell's own pages), the version this shopper runs of
 * it and the route *pattern* (`/products/:slug`): never the address, a message or anything about the
 * shopper.
 */
import type { TelemetryEvent } from '@storefront/contract/telemetry';
import { findRoute, isRemoteRoute } from '../routeTable';
import { REMOTE_NAME_SOURCE, VERSION_NAME_SOURCE } from '@storefront/contract/seam';

/** One event of the telemetry contract. */
export type Signal = TelemetryEvent;

export interface Page {
  route: string;
  remote: string;
}

const MAX_QUEUED = 100;
const queue: Signal[] = [];
let sink: ((s: Signal) => void) | null = null;
/** The version each remote runs in this page (the registry's, or the last-known-good after a fallback). */
const versions = new Map<string, string>();
const loadFailures = new WeakSet<object>();
let installed = false;

export function setVersion(remote: string, version: string | undefined | null): void {
  if (version) versions.set(remote, version);
}

export function versionOf(remote: string): string | undefined {
  return versions.get(remote);
}

/** The route pattern and owner of a path (the not-found page when none owns it). */
export function pageOf(pathname: string): Page {
  const route = findRoute(pathname);
  if (!route) return { route: '/not-found', remote: 'shell' };
  return { route: route.path, remote: isRemoteRoute(route) ? route.remote : 'shell' };
}

export function currentPage(): Page {
  return pageOf(typeof window === 'undefined' ? '/' : window.location.pathname);
}

function emit(s: Signal): void {
  if (sink) sink(s);
  else if (queue.length < MAX_QUEUED) queue.push(s);
}

/** A signal about `remote` in the current page (dropped when its version is unknown). */
export function signal(t: Signal['t'], remote: string, k?: string, version = versions.get(remote)): void {
  if (!version) return;
  emit({ t, r: remote, v: version, route: currentPage().route, ...(k ? { k } : {}) });
}

/** A page shown: counted for the remote that owns it. */
export function signalView(pathname: string): void {
  const page = pageOf(pathname);
  const version = versions.get(page.remote);
  if (version) emit({ t: 'view', r: page.remote, v: version, route: page.route });
}

/** The telemetry client takes over: queued signals first, then each as it comes. */
export function takeSignals(to: (s: Signal) => void): void {
  sink = to;
  for (const s of queue.splice(0)) to(s);
}

/** Marks an error as a section that could not load (counted as a load failure, not again as an error). */
export function markLoadFailure(err: unknown): void {
  if (err && typeof err === 'object') loadFailures.add(err);
}

export function isLoadFailure(err: unknown): boolean {
  return !!err && typeof err === 'object' && loadFailures.has(err);
}

const REMOTE_FILE = new RegExp(`/remotes/(${REMOTE_NAME_SOURCE})/(${VERSION_NAME_SOURCE})/`);

/** Which remote's file an error came from (its URL says remote and version), else the shell's own. */
function ownerOf(where: string): { remote: string; version?: string } | null {
  const m = REMOTE_FILE.exec(where);
  if (m?.[1] && m[2]) return { remote: m[1], version: m[2] };
  // Scripts of browser extensions and other sites are not ours to count.
  if (/^(?:chrome|moz|safari)-extension:/.test(where)) return null;
  if (/^https?:/.test(where) && !where.startsWith(window.location.origin)) return null;
  return { remote: 'shell' };
}

const isChunkError = (err: unknown): boolean => !!err && typeof err === 'object' && /ChunkLoadError/.test(String((err as Error).name));

/** Unhandled errors and rejections, from the first script on (the client may come much later). */
export function installGlobalHandlers(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (e: ErrorEvent) => {
    // A failed <script>/<link> is an Event, not an ErrorEvent: Module Federation reports those itself.
    if (!(e instanceof ErrorEvent)) return;
    const owner = ownerOf(e.filename || (e.error as Error | undefined)?.stack || '');
    if (owner)
      signal(
        isChunkError(e.error) ? 'load' : 'error',
        owner.remote,
        isChunkError(e.error) ? 'chunk' : 'unhandled',
        owner.version ?? versions.get(owner.remote),
      );
  });
  window.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    if (isLoadFailure(e.reason)) return;
    const owner = ownerOf(String((e.reason as Error | undefined)?.stack ?? ''));
    if (owner)
      signal(
        isChunkError(e.reason) ? 'load' : 'error',
        owner.remote,
        isChunkError(e.reason) ? 'chunk' : 'rejection',
        owner.version ?? versions.get(owner.remote),
      );
  });
}
