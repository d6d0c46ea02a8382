// Measures the composed site as shoppers get it (issue 8). Called by `pnpm bench` (scripts/bench.mjs)
// with the site already running; prints nothing but JSON on stdout's last line.
//   node e2e/bench/measure.mjs --upstream http://127.0.0.1:8190 --runs 5 --product /products/<slug>
// Everything is measured through a small same-origin proxy in front of the site, which also serves the
// static copy of the home page at /__bench/static-home (same origin, same connection costs).
// For each page: Lighthouse (mobile preset, simulated throttling) and a Playwright run that reads the
// page's own performance timeline: the LCP time, the scripts and requests finished before it, long tasks.
// A static copy of the home's first screen (same markup, styles and images, no script) is measured the
// same way, so LCP can be given as a ratio.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const UPSTREAM = new URL(args.upstream ?? 'http://127.0.0.1:8190');
let staticHome = '<!doctype html><title>not ready</title>';
const proxy = http.createServer((req, res) => {
  if (req.url === '/__bench/static-home') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(staticHome);
    return;
  }
  const up = http.request(
    { host: UPSTREAM.hostname, port: UPSTREAM.port, path: req.url, method: req.method, headers: { ...req.headers, host: UPSTREAM.host } },
    (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    },
  );
  up.on('error', () => { res.writeHead(502); res.end(); });
  req.pipe(up);
});
await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
const SITE = `http://127.0.0.1:${proxy.address().port}`;
const RUNS = Number(args.runs ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
const pages = [
  { name: 'home', path: '/' },
  { name: 'shop', path: '/shop' },
  { name: 'product', path: args.product ?? '/products/classic-cotton-t-shirt' },
  { name: 'static-home', path: '/__bench/static-home' },
];

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function startChrome() {
  const userDir = mkdtempSync(path.join(os.tmpdir(), 'bench-chrome-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const proc = spawn(CHROMIUM, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDir}`, 'about:blank'], { stdio: 'ignore', detached: true });
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

async function lighthouseRun(url) {
  const chrome = await startChrome();
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = result.lhr.audits;
    return {
      score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
    };
  } finally {
    await chrome.stop();
  }
}

async function timelineRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window;
    w.__bench = { lcp: 0, longTasks: [] };
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__bench.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__bench.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
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
    return {
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
  return m;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.filter((f) => !f.startsWith('--headless')) });

/**
 * The home page as a static site would send it: its first screen's markup, styles, fonts and images,
 * without a single script. A server-rendered home is taken as the server sends it (scripts off), so
 * the copy holds exactly the first screen and none of what the scripts add later (the carousels'
 * stylesheets, menus); a home rendered in the browser (`--no-ssr`) is taken once rendered.
 */
async function snapshotHome() {
  const strip = () => {
    const doc = document.documentElement.cloneNode(true);
    for (const el of doc.querySelectorAll('script, link[rel=modulepreload], link[as=script], .Toastify')) el.remove();
    return `<!doctype html>${doc.outerHTML}`;
  };
  const served = await fetch(`${SITE}/`).then((r) => r.text());
  if (served.includes('class="sh-app"')) {
    return served.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="(modulepreload|preload)" as="script"[^>]*>/g, '');
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${SITE}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const after = await page.evaluate(strip);
  await context.close();
  return after;
}
staticHome = await snapshotHome();
const out = {};
for (const p of pages) {
  const url = `${SITE}${p.path}`;
  const lh = [];
  const tl = [];
  for (let i = 0; i < RUNS; i++) {
    lh.push(await lighthouseRun(url));
    tl.push(await timelineRun(browser, url));
  }
  const pick = (arr, k) => median(arr.map((x) => x[k]));
  out[p.name] = {
    url: p.path,
    lighthouse: Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((k) => [k, pick(lh, k)])),
    timeline: Object.fromEntries(Object.keys(tl[0]).map((k) => [k, pick(tl, k)])),
    runs: { lighthouse: lh, timeline: tl },
  };
  process.stderr.write(`[bench] ${p.name}: score ${out[p.name].lighthouse.score}, LCP ${Math.round(out[p.name].lighthouse.lcp)} ms\n`);
}
await browser.close();
proxy.close();
console.log(JSON.stringify(out));
