// A page's own performance timeline, read in a desktop-sized Playwright page: the LCP time, the scripts
// and requests finished before it, long tasks, every script gzipped (-6, as the peer figures were
// taken) and Swiper's scripts and styles apart (issue 33).
import zlib from 'node:zlib';
import { isSwiper } from './swiper.mjs';

/** A signed-in shopper's or a guest's saved state in storage before the page's scripts run. */
export async function withState(context, state) {
  if (state) await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [state.key, state.value]);
  if (state?.cookies?.length) await context.addCookies(state.cookies);
}

/** Loads `url` and waits until the network is quiet and a second more (late paints, idle-time loads). */
export async function loadQuietly(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
}

const gzipped = new Map();
/** The gzip -6 size of a script, fetched once (the peer's figures are gzip -6 of what the page loaded). */
function gzipSize(url) {
  let p = gzipped.get(url);
  if (!p) {
    p = fetch(url, { headers: { 'accept-encoding': 'identity' } })
      .then((r) => r.arrayBuffer())
      .then((b) => zlib.gzipSync(Buffer.from(b), { level: 6 }).length)
      .catch(() => 0);
    gzipped.set(url, p);
  }
  return p;
}

/** Runs in the page before its scripts: records the LCP time and each long task. */
function watchTimeline() {
  const w = window;
  w.__bench = { lcp: 0, longTasks: [] };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__bench.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** Runs in the page once it is quiet: what its resource timing says about scripts before and after the LCP. */
function readTimeline() {
  const w = window;
  const lcp = w.__bench.lcp;
  const res = performance.getEntriesByType('resource');
  const before = res.filter((r) => r.responseEnd <= lcp);
  const isJs = (r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name);
  const js = before.filter(isJs);
  const allJs = res.filter(isJs);
  const allCss = res.filter((r) => /\.css(\?|$)/.test(r.name));
  const bytes = (list) => list.reduce((s, r) => s + (r.transferSize || r.encodedBodySize), 0);
  return {
    jsUrls: allJs.map((r) => r.name),
    // Every script and stylesheet with when it started, for Swiper's share (issue 33).
    files: [...allJs, ...allCss].map((r) => ({ url: r.name, css: !allJs.includes(r), start: r.startTime })),
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    jsTransferAll: bytes(allJs),
    lcp,
    requestsBefore: before.length + 1,
    jsGzipBefore: bytes(js),
    jsRawBefore: js.reduce((s, r) => s + r.decodedBodySize, 0),
    jsFilesBefore: js.length,
    longTasks: w.__bench.longTasks.length,
    longTaskMs: w.__bench.longTasks.reduce((s, d) => s + d, 0),
  };
}

/** Scripts gzipped on the site's origin, Swiper's apart, and whether every Swiper request started after the FCP. */
async function scriptWeights(site, { jsUrls, files, fcp }) {
  const onSite = (u) => u.replace(/^https?:\/\/[^/]+/, site);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const jsGzipAll = sum(await Promise.all(jsUrls.map((u) => gzipSize(onSite(u)))));
  const swiper = files.filter((f) => isSwiper(f.url));
  const swiperSizes = await Promise.all(swiper.map((f) => gzipSize(onSite(f.url))));
  const swiperJs = sum(swiperSizes.filter((_, i) => !swiper[i].css));
  return {
    jsFilesAll: jsUrls.length,
    jsGzipAll,
    jsGzipNoSwiper: jsGzipAll - swiperJs,
    swiperJsGzip: swiperJs,
    swiperCssGzip: sum(swiperSizes.filter((_, i) => swiper[i].css)),
    swiperRequests: swiper.length,
    // 1 when every Swiper request started after the first contentful paint, 0 when one started before
    // (a number, so runs give a median); null when the page loaded none.
    swiperAfterFcp: swiper.length ? (fcp !== null && swiper.every((f) => f.start >= fcp) ? 1 : 0) : null,
    swiperFirstStart: swiper.length ? Math.min(...swiper.map((f) => f.start)) : null,
    swiperFiles: swiper.map((f) => f.url.split('/').pop()),
  };
}

/** One load of `url` (on the site `site`) in a desktop-sized page, with `state` in storage. */
export async function timelineRun(browser, site, url, state) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await withState(context, state);
  const page = await context.newPage();
  await page.addInitScript(watchTimeline);
  await loadQuietly(page, url);
  const m = await page.evaluate(readTimeline);
  await context.close();
  const { jsUrls, files, fcp, ...rest } = m;
  return { ...rest, fcp, ...(await scriptWeights(site, { jsUrls, files, fcp })) };
}
