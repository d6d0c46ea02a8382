/**
 * The telemetry client (issue 17), loaded by the shell after hydration (a chunk of its own, so no
 * page pays for it before it is interactive). It takes the shell's signals (signals.ts), adds the
 * Web Vitals (web-vitals: LCP, INP, CLS, TTFB, each tagged with the page it was measured on) and sends
 * them in batches with navigator.sendBeacon to the host's POST /telemetry: when 50 are waiting, a few
 * seconds after the first one, and whenever the page is hidden or left (the beacon outlives it).
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { TELEMETRY_MAX_EVENTS } from '@storefront/contract/telemetry';
import { currentPage, takeSignals, versionOf, type Signal } from './signals';

export const ENDPOINT = '/telemetry';
export const MAX_BATCH = TELEMETRY_MAX_EVENTS;
const FLUSH_MS = 5000;

let batch: Signal[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

export function flush(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (batch.length) {
    const events = batch.slice(0, MAX_BATCH);
    batch = batch.slice(MAX_BATCH);
    const body = new Blob([JSON.stringify({ events })], { type: 'application/json' });
    // No beacon (an old browser) or the browser refused it (its queue is full): the batch is dropped.
    navigator.sendBeacon?.(ENDPOINT, body);
  }
}

function enqueue(s: Signal): void {
  batch.push(s);
  if (batch.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(flush, FLUSH_MS);
}

function vital(m: Metric): void {
  const page = currentPage();
  const version = versionOf(page.remote);
  if (!version) return;
  enqueue({
    t: 'vital',
    r: page.remote,
    v: version,
    route: page.route,
    k: m.name,
    n: m.name === 'CLS' ? Math.round(m.value * 1000) / 1000 : Math.round(m.value),
  });
}

export function startTelemetry(): void {
  if (started) return;
  started = true;
  takeSignals(enqueue);
  onLCP(vital);
  onINP(vital);
  onCLS(vital);
  onTTFB(vital);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  // `<html data-telemetry="on">`: signals from here on reach the host (tests, diagnostics).
  document.documentElement.dataset.telemetry = 'on';
}
