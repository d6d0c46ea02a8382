// Measures the composed site as shoppers get it (issue 8). Called by `pnpm bench` (scripts/bench.mjs)
// with the site already running; prints nothing but JSON on stdout's last line.
//   node e2e/bench/measure.mjs --upstream http://127.0.0.1:<host port> --listen <site port> --runs 5 --product /products/<slug>
// Everything is measured through a small proxy on the site's origin in front of the host (siteProxy.mjs),
// which also serves the static copies of the pages at /__bench/static-<page> (same origin and costs).
// For each page: Lighthouse (mobile preset, simulated throttling) and a Playwright run that reads the
// page's own performance timeline: the LCP time, the scripts and requests finished before it, long tasks.
// A static copy of each page's first screen (same markup, styles and photos, no script) is measured the
// same way, so LCP can be given as a ratio to that floor. A third run loads each page as a 412-px phone
// (DPR 1.75, Lighthouse's) and reads the pictures: bytes before the LCP and in all, which element the
// LCP is, and any picture not sent as AVIF or WebP (issue 20).
// Issue 19 adds the cart, checkout, sign-in, sign-up and order-tracking pages, and the account pages as a
// signed-in shopper sees them: `--session <file>` names a saved session (the shell's local-storage state,
// made by scripts/bench.mjs through the API), put in the browser's storage before each load of those pages.
// The cart and checkout are measured with a guest's cart of 3 lines in storage (savedState.mjs), as a
// shopper on them has one.
// Every page's whole script is also given gzipped (-6, as the issue's peer figures were taken): the
// scripts the page loaded by the time the network went quiet, each compressed here. Issue 33: Swiper's
// scripts and styles apart (common.mjs isSwiper), and whether each of its requests started after the FCP.
//   --pages home,cart,…   measure only these (and their static copies when named: static-cart)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import chromiumSetup from '../chromium.cjs';
import { cliArgs, isSwiper, median, PHONE } from './common.mjs';
import { cartState } from './savedState.mjs';
import { startSiteProxy } from './siteProxy.mjs';

const { CHROMIUM_FLAGS, CHROMIUM_PATH } = chromiumSetup;

const args = cliArgs();
const staticPages = new Map();
// On the site's origin (`--listen`, the host's STORE_URL port) when given, else any free port.
const proxy = await startSiteProxy({ upstream: args.upstream ?? 'http://127.0.0.1:8190', port: args.listen ?? 0, statics: staticPages });
const SITE = proxy.origin;
const RUNS = Number(args.runs ?? 5);
const CHROMIUM = CHROMIUM_PATH;
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, '--disable-dev-shm-usage'];
/** The saved session of a signed-in shopper (the shell's local-storage key and value), for the account pages. */
const SESSION = args.session ? JSON.parse(readFileSync(args.session, 'utf8')) : null;
const product = args.product ?? '/products/classic-cotton-t-shirt';
const sitePages = [
  { name: 'home', path: '/' },
  { name: 'shop', path: '/shop' },
  { name: 'product', path: product },
  // A shopper on /cart and /checkout has something in the cart: a guest's cart of 3 lines (issue 19).
  { name: 'cart', path: '/cart', state: 'cart' },
  { name: 'checkout', path: '/checkout', state: 'cart' },
  { name: 'signin', path: '/signin' },
  { name: 'signup', path: '/signup' },
  { name: 'track-order', path: '/track-order' },
  ...(SESSION
    ? [
        { name: 'my-account', path: '/my-account', state: 'session' },
        { name: 'my-account-orders', path: '/my-account/orders', state: 'session' },
      ]
    : []),
];
const wanted = args.pages ? new Set(args.pages.split(',')) : null;
const pages = [
  ...sitePages,
  ...sitePages.map((p) => ({ name: `static-${p.name}`, path: `/__bench/static-${p.name}`, copyOf: p.path, state: p.state })),
].filter((p) => !wanted || wanted.has(p.name));

async function startChrome() {
  const userDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chrome-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const proc = spawn(CHROMIUM, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDir}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (r.ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => proc.once('exit', r));
  return {
    port,
    // Chromium's helpers may still be writing its cache: wait for the exit, then remove with retries.
    // Its own process group, so its zygote and renderers go with it.
    stop: async () => {
      try {
        process.kill(-proc.pid, 'SIGKILL');
      } catch {
        proc.kill('SIGKILL');
      }
      await exited;
      for (let i = 0; i < 20; i++) {
        try {
          rmSync(userDir, { recursive: true, force: true });
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}

function lcpNode(audit) {
  const items = audit?.details?.items ?? [];
  const node = items.find((i) => i?.type === 'node') ?? items.flatMap((i) => i?.items ?? []).find((i) => i?.type === 'node');
  return node ? `${node.snippet ?? node.selector ?? ''}`.replace(/\s(srcset|sizes|style|alt)="[^"]*"/g, '').slice(0, 120) : null;
}

/** Puts the signed-in shopper's saved session into a fresh Chromium's storage for the site's origin. */
async function seedState(port, state) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // A file with no script: the origin's storage without loading (and caching) any of the site's scripts.
    await page.goto(`${SITE}/storefront.config.json`);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [state.key, state.value]);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function lighthouseRun(url, state) {
  const chrome = await startChrome();
  try {
    // Signed in: the session is in storage first, and Lighthouse is told to leave storage alone (a fresh
    // profile per run: its cache is empty anyway).
    if (state) await seedState(chrome.port, state);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: !!state,
    });
    const a = result.lhr.audits;
    return {
      score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
      // Lighthouse 13 names the LCP element in its LCP breakdown insight (a list: the phases, then the node).
      lcpElement: lcpNode(a['lcp-breakdown-insight']),
      // What its TBT is made of: the main-thread tasks it counted as long (simulated, so 4× what ran),
      // each with the script it is attributed to.
      longTasks: (a['long-tasks']?.details?.items ?? []).map((t) => ({
        script: typeof t.url === 'string' ? t.url.split('?')[0].split('/').pop() || t.url : String(t.url ?? ''),
        ms: Math.round(t.duration),
      })),
    };
  } finally {
    await chrome.stop();
  }
}

/** A signed-in shopper's context: their saved session in storage before the page's scripts run. */
async function withState(context, state) {
  if (state) await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [state.key, state.value]);
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

async function timelineRun(browser, url, state) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await withState(context, state);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window;
    w.__bench = { lcp: 0, longTasks: [] };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__bench.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__bench.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
  const m = await page.evaluate(() => {
    const w = window;
    const lcp = w.__bench.lcp;
    const res = performance.getEntriesByType('resource');
    const before = res.filter((r) => r.responseEnd <= lcp);
    const js = before.filter((r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name));
    const allJs = res.filter((r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name));
    const allCss = res.filter((r) => /\.css(\?|$)/.test(r.name));
    return {
      jsUrls: allJs.map((r) => r.name),
      // Every script and stylesheet with when it started, for Swiper's share (issue 33).
      files: [...allJs, ...allCss].map((r) => ({ url: r.name, css: !allJs.includes(r), start: r.startTime })),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      jsTransferAll: allJs.reduce((s, r) => s + (r.transferSize || r.encodedBodySize), 0),
      lcp,
      requestsBefore: before.length + 1,
      jsGzipBefore: js.reduce((s, r) => s + (r.transferSize || r.encodedBodySize), 0),
      jsRawBefore: js.reduce((s, r) => s + r.decodedBodySize, 0),
      jsFilesBefore: js.length,
      longTasks: w.__bench.longTasks.length,
      longTaskMs: w.__bench.longTasks.reduce((s, d) => s + d, 0),
    };
  });
  await context.close();
  const { jsUrls, files, fcp, ...rest } = m;
  const sizes = await Promise.all(jsUrls.map((u) => gzipSize(u.replace(/^https?:\/\/[^/]+/, SITE))));
  // Swiper's files apart (issue 33): common.mjs isSwiper says which; their bytes gzip -6 like the rest.
  const swiper = files.filter((f) => isSwiper(f.url));
  const swiperSizes = await Promise.all(swiper.map((f) => gzipSize(f.url.replace(/^https?:\/\/[^/]+/, SITE))));
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const jsGzipAll = sum(sizes);
  const swiperJs = sum(swiperSizes.filter((_, i) => !swiper[i].css));
  return {
    ...rest,
    fcp,
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

/** The page as a 412-px phone loads it: its pictures, their bytes before the LCP, and the LCP element. */
async function phoneRun(browser, url, state) {
  const context = await browser.newContext({ ...PHONE });
  await withState(context, state);
  const page = await context.newPage();
  const types = new Map();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'image' && !r.url().startsWith('data:')) types.set(r.url(), r.headers()['content-type'] ?? '');
  });
  await page.addInitScript(() => {
    const w = window;
    w.__bench = { lcp: 0, element: '', url: '' };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        w.__bench.lcp = e.startTime;
        const el = e.element;
        w.__bench.element = el
          ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`
          : '';
        w.__bench.url = e.url || '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
  const m = await page.evaluate(() => {
    const w = window;
    const lcp = w.__bench.lcp;
    // Pictures, whoever asked for them: an <img>, a preload <link>, a stylesheet.
    const images = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'img' || /\/api\/images\//.test(r.name));
    const bytes = (list) => list.reduce((s, r) => s + (r.transferSize || r.encodedBodySize), 0);
    return {
      lcp,
      lcpElement: w.__bench.element,
      lcpUrl: w.__bench.url.replace(location.origin, ''),
      imageRequests: images.length,
      imageBytesBefore: bytes(images.filter((r) => r.responseEnd <= lcp)),
      imageBytes: bytes(images),
    };
  });
  await context.close();
  const notModern = [...types].filter(([u, t]) => /\/api\/images\/[0-9a-f]{16}-/.test(u) && !/^image\/(avif|webp)/.test(t)).length;
  return { ...m, notModern };
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.filter((f) => !f.startsWith('--headless')) });

/**
 * A page as a static site would send it: its first screen's markup, styles, fonts and photos (with
 * their preloads), without a single script. A server-rendered page is taken as the server sends it
 * (scripts off), so the copy holds exactly the first screen and none of what the scripts add later
 * (the carousels' stylesheets, menus); a page rendered in the browser (`--no-ssr`) is taken once rendered.
 */
async function snapshot(pathname, state) {
  const strip = () => {
    const doc = document.documentElement.cloneNode(true);
    for (const el of doc.querySelectorAll('script, link[rel=modulepreload], link[as=script], .Toastify')) el.remove();
    return `<!doctype html>${doc.outerHTML}`;
  };
  const served = await fetch(`${SITE}${pathname}`).then((r) => r.text());
  if (served.includes('class="sh-app"')) {
    return served.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="(modulepreload|preload)" as="script"[^>]*>/g, '');
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await withState(context, state);
  const page = await context.newPage();
  await page.goto(`${SITE}${pathname}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const after = await page.evaluate(strip);
  await context.close();
  return after;
}
const CART = pages.some((p) => p.state === 'cart') ? await cartState(browser, SITE, 3) : null;
/** The saved state a page is measured with: a signed-in shopper's, a guest's cart, or none. */
const stateOf = (p) => (p.state === 'session' ? SESSION : p.state === 'cart' ? CART : null);
for (const p of pages) if (p.copyOf) staticPages.set(p.name.slice('static-'.length), await snapshot(p.copyOf, stateOf(p)));
const out = {};
for (const p of pages) {
  const url = `${SITE}${p.path}`;
  const lh = [];
  const tl = [];
  const phone = [];
  for (let i = 0; i < RUNS; i++) {
    lh.push(await lighthouseRun(url, stateOf(p)));
    tl.push(await timelineRun(browser, url, stateOf(p)));
    phone.push(await phoneRun(browser, url, stateOf(p)));
  }
  // The element and URL of the LCP: the most frequent across runs (they are strings, no median).
  const mode = (xs) => [...xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const pick = (arr, k) => median(arr.map((x) => x[k]));
  out[p.name] = {
    url: p.path,
    lighthouse: {
      ...Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((k) => [k, pick(lh, k)])),
      lcpElement: mode(lh.map((x) => x.lcpElement)),
      // The long tasks of the run whose TBT is the median (the TBT shown is that run's).
      longTasks: [...lh].sort((x, y) => x.tbt - y.tbt)[Math.floor((lh.length - 1) / 2)]?.longTasks ?? [],
    },
    timeline: {
      ...Object.fromEntries(Object.keys(tl[0]).map((k) => [k, pick(tl, k)])),
      swiperFiles: [...new Set(tl.flatMap((x) => x.swiperFiles))],
    },
    phone: {
      ...Object.fromEntries(['lcp', 'imageRequests', 'imageBytesBefore', 'imageBytes', 'notModern'].map((k) => [k, pick(phone, k)])),
      lcpElement: mode(phone.map((x) => x.lcpElement)),
      lcpUrl: mode(phone.map((x) => x.lcpUrl)),
    },
    runs: { lighthouse: lh, timeline: tl, phone },
  };
  process.stderr.write(`[bench] ${p.name}: score ${out[p.name].lighthouse.score}, LCP ${Math.round(out[p.name].lighthouse.lcp)} ms\n`);
}
await browser.close();
proxy.close();
console.log(JSON.stringify(out));
