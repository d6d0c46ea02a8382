// What the bench's browser scripts share: their command line, the median, the phone a page is loaded on,
// and the applied throttling (issue 33). Imports nothing of the site; never starts a browser itself.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { throttling } from 'lighthouse/core/config/constants.js';
import { startSiteProxy } from './siteProxy.mjs';

/** `--name value` pairs of the command line as an object (`--runs 3` → { runs: '3' }). */
export function cliArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(argv.reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
}

/**
 * The site a script measures: through the proxy on the site's origin (`--listen`, the host's STORE_URL
 * port) in front of `--upstream` when given, else `--upstream` itself. Resolves with its origin and `close`.
 */
export async function siteFromArgs(args) {
  const upstream = (args.upstream ?? 'http://127.0.0.1:8190').replace(/\/$/, '');
  const proxy = args.listen ? await startSiteProxy({ upstream, port: args.listen }) : null;
  return { origin: proxy?.origin ?? upstream, close: async () => proxy?.close() };
}

/** The median of the finite values, or null when there are none. */
export function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A 412-px phone as Lighthouse's mobile preset emulates it (moto g power, DPR 1.75). */
export const PHONE = Object.freeze({
  // The screen as wide as the viewport, as on a phone: a wider emulated screen made Chromium fetch
  // a second, desktop-sized copy of the preloaded picture.
  viewport: { width: 412, height: 823 },
  screen: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
});

/**
 * Lighthouse's own "slow 4G" for applied (DevTools) throttling: 150 ms RTT and 1.6 Mbps down / 750 kbps up,
 * which Lighthouse applies per request as 562.5 ms latency, 1474.6 kbps down and 675 kbps up (its RTT × 3.75
 * and throughput × 0.9, because DevTools delays each request and does not model TCP's round trips).
 */
export const SLOW_4G = Object.freeze({
  latencyMs: throttling.mobileSlow4G.requestLatencyMs,
  downloadKbps: throttling.mobileSlow4G.downloadThroughputKbps,
  uploadKbps: throttling.mobileSlow4G.uploadThroughputKbps,
});

/**
 * Slows the page's CPU `cpu`× and, with `network`, its requests to SLOW_4G, through the page's DevTools
 * session (Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions); returns that session.
 */
export async function throttle(context, page, { cpu = 1, network = false } = {}) {
  const cdp = await context.newCDPSession(page);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      // bytes per second
      downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
    });
  }
  return cdp;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECTION_DIRS = { shell: 'shell', catalog: 'catalog', cart_checkout: 'cart-checkout', account: 'account' };

/**
 * The source map a served script or stylesheet was built with (`dist/<version>/<file>.map`; never
 * served), or null: /shell/<version>/<file> and /remotes/<name>/<version>/<file> are the host's paths.
 */
export function sourceMapFileOf(url) {
  const m = /\/(shell|remotes\/([a-z_]+))\/([^/]+)\/([^/?]+\.(?:js|css))(?:\?|$)/.exec(url ?? '');
  if (!m) return null;
  const dir = SECTION_DIRS[m[2] ?? 'shell'];
  return dir ? path.join(ROOT, dir, 'dist', m[3], `${m[4]}.map`) : null;
}

/**
 * Whether a built chunk is mostly Swiper, from its source map: more than half of its source text (the
 * bundler's runtime left out) comes from modules whose path names swiper (node_modules/swiper, a
 * `SwiperCarousel` wrapper).
 */
export function mostlySwiper(map) {
  let swiper = 0;
  let all = 0;
  (map?.sources ?? []).forEach((src, i) => {
    if (/^webpack\/runtime\//.test(src.replace(/^webpack:\/\/[^/]*\//, ''))) return;
    const size = map.sourcesContent?.[i]?.length ?? 1;
    all += size;
    if (/swiper/i.test(src)) swiper += size;
  });
  return all > 0 && swiper / all > 0.5;
}

/** The build's source map of a served file, parsed, or null when there is none. */
function builtMap(url) {
  const file = sourceMapFileOf(url);
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const swiperVerdicts = new Map();
/**
 * Whether a loaded script or stylesheet is Swiper's (issue 33: its bytes are reported apart). Either its
 * file name says so (a chunk named by `webpackChunkName: "swiper"`, a file of the swiper package served as
 * it is), or the build's source map does (`mostlySwiper`): an unnamed chunk gets a number for a name.
 * `readMap` is for tests.
 */
export function isSwiper(url, readMap = builtMap) {
  if (readMap === builtMap && swiperVerdicts.has(url)) return swiperVerdicts.get(url);
  const file = (url.split('?')[0].split('/').pop() ?? '').toLowerCase();
  const verdict = file.includes('swiper') || mostlySwiper(readMap(url));
  if (readMap === builtMap) swiperVerdicts.set(url, verdict);
  return verdict;
}
