// Measures the composed site as shoppers get it (issue 8), through a proxy on the site's origin
// (siteProxy.mjs) that also serves each page's static copy at /__bench/static-<page>. Per page, `--runs`
// times: Lighthouse (lighthouse.mjs), the page's own timeline (timeline.mjs) and a phone's pictures
// (phone.mjs); the static copies the same way, so LCP reads as a ratio to that floor. Called by `pnpm bench`
// with the site running; prints nothing but JSON on stdout's last line (docs/performance.md: what it reads).
//   node bench/browser/measure.mjs --upstream http://127.0.0.1:<host port> --listen <site port> --runs 5
//     --product /products/<slug> [--session <file>] [--pages home,cart,static-cart,…]
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { cliArgs } from '../lib/args.mjs';
import { median } from '../lib/stats.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chrome.mjs';
import { lighthouseRun } from './lighthouse.mjs';
import { phoneRun } from './phone.mjs';
import { cartState, withSessionCookies } from './savedState.mjs';
import { startSiteProxy } from './siteProxy.mjs';
import { staticCopy } from './staticCopy.mjs';
import { timelineRun } from './timeline.mjs';

const args = cliArgs();
const staticPages = new Map();
// On the site's origin (`--listen`, the host's STORE_URL port) when given, else any free port.
const proxy = await startSiteProxy({ upstream: args.upstream ?? 'http://127.0.0.1:8190', port: args.listen ?? 0, statics: staticPages });
const SITE = proxy.origin;
const RUNS = Number(args.runs ?? 5);
/** The saved session of a signed-in shopper (the shell's local-storage key and value), for the account pages. */
const SESSION = args.session ? JSON.parse(readFileSync(args.session, 'utf8')) : null;

/** The pages measured (issue 19 adds cart to tracking, and the account pages signed in), and their static copies. */
function pagesToMeasure() {
  const sitePages = [
    { name: 'home', path: '/' },
    { name: 'shop', path: '/shop' },
    { name: 'product', path: args.product ?? '/products/classic-cotton-t-shirt' },
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
  return [
    ...sitePages,
    ...sitePages.map((p) => ({ name: `static-${p.name}`, path: `/__bench/static-${p.name}`, copyOf: p.path, state: p.state })),
  ].filter((p) => !wanted || wanted.has(p.name));
}

/** The most frequent of strings across runs (the LCP's element and URL have no median). */
const mode = (xs) => [...xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
const pick = (arr, k) => median(arr.map((x) => x[k]));

/** A page's runs folded: medians of the figures, the most frequent element, every run kept. */
function summary(path, lh, tl, phone) {
  return {
    url: path,
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
}

const pages = pagesToMeasure();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-dev-shm-usage'] });
const CART = pages.some((p) => p.state === 'cart') ? await cartState(browser, SITE, 3) : null;
const SIGNED_IN = await withSessionCookies(browser, SITE, SESSION);
/** The saved state a page is measured with: a signed-in shopper's, a guest's cart, or none. */
const stateOf = (p) => (p.state === 'session' ? SIGNED_IN : p.state === 'cart' ? CART : null);
for (const p of pages) if (p.copyOf) staticPages.set(p.name.slice('static-'.length), await staticCopy(browser, SITE, p.copyOf, stateOf(p)));
const out = {};
for (const p of pages) {
  const url = `${SITE}${p.path}`;
  const [lh, tl, phone] = [[], [], []];
  for (let i = 0; i < RUNS; i++) {
    lh.push(await lighthouseRun(url, stateOf(p)));
    tl.push(await timelineRun(browser, SITE, url, stateOf(p)));
    phone.push(await phoneRun(browser, url, stateOf(p)));
  }
  out[p.name] = summary(p.path, lh, tl, phone);
  process.stderr.write(`[bench] ${p.name}: score ${out[p.name].lighthouse.score}, LCP ${Math.round(out[p.name].lighthouse.lcp)} ms\n`);
}
await browser.close();
proxy.close();
console.log(JSON.stringify(out));
