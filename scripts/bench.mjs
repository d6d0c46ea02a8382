// `pnpm bench` (issue 8): builds for production, starts the site as `npm start` does (own ports, own
// deploy root, fresh database, production mode), measures it in Debian Chromium — Lighthouse mobile and
// the page's own timeline on home, /shop and a product page, plus a static copy of the home page —, client
// navigations (click → next page, unthrottled and at 4× CPU) and the API under load; prints tables and
// writes bench-results/bench-<time>.json. Issue 33 adds Swiper's bytes apart, when the shopper's own
// content shows on the private pages (unthrottled and 4× CPU + slow 4G) and interactions at 4× CPU.
// It asserts nothing about time: these machines are noisy; the figures are for notes and comparisons.
//   --skip-build   reuse the newest builds      --runs N   runs per page (default 5)
//   --skip-scale   leave out the catalogue-scale run (issue 16: 1k/20k/200k products, SQLite and, when
//                  TEST_DATABASE_URL is set, PostgreSQL with two API processes; --scale-sizes 1000,20000,
//                  --scale-rounds N: rounds of every size, default 3, the p99 the median of the rounds)
//   --pages a,b    measure only these pages (names as printed: home, cart, my-account, static-cart, …)
//   --skip-nav, --skip-api   leave out the client navigations / the API load run
//   --skip-own, --skip-interactions   leave out the shopper's own content on private pages (issue 33:
//                  unthrottled and 4× CPU + slow 4G) / the interactions at 4× CPU
//   --no-ssr       the host renders nothing on the server (SSR=off): every page as the browser renders it
// Issue 19: the cart, checkout, sign-in, sign-up and tracking pages, and the account pages signed in. The
// signed-in shopper is made as a shopper is, in production mode: a checkout code sent by SMS to a mobile
// (read here from a local SMS gateway stand-in that SMS_WEBHOOK_URL points at: production answers never
// carry codes), verified, the account completed with names and e-mail, three orders placed on delivery;
// its saved session goes to the browser's storage before each of those pages loads (e2e/bench/measure.mjs
// --session).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, childEnv, ensureNode, ensurePnpm, log, run, shutdown, startChild, waitForHttp } from './lib.mjs';
import { telemetrySize } from './telemetry-size.mjs';

// The project runs on Node 24 (better-sqlite3 is built for it): on an older Node, the bench reruns on it.
await ensureNode();

const argv = process.argv.slice(2);
const has = (f) => argv.includes(f);
const opt = (f, d) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
const RUNS = opt('--runs', '5');
// --port: the site's origin (STORE_URL), where the measuring scripts' proxy listens as a reverse proxy
// would (e2e/bench/siteProxy.mjs); the static host itself listens on a free port behind it.
const PORT = opt('--port', '8190');
const HOST_PORT = String(
  await new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  }),
);
const API_PORT = opt('--api-port', '3190');
const [pnpm, ...pnpmArgs] = ensurePnpm();
const p = (...a) => [...pnpmArgs, ...a];
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const deployRoot = path.join(ROOT, '.deploy', 'bench');
const env = { DEPLOY_ROOT: deployRoot };

if (!has('--skip-build')) run(pnpm, p('run', 'build'), { env: { BUILD_ID: stamp, NODE_ENV: 'production' }, timed: 'build' });
run(pnpm, p('run', 'ops', 'deploy-all'), { env });

const dbDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
// The SMS gateway as the API sees it (the default JSON body: {"to": "+91…", "message": "… code …"}): it
// keeps the last message per number, for the signed-in shopper's sign-in code.
const smsInbox = new Map();
const smsGateway = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    try {
      const m = JSON.parse(body);
      if (typeof m.to === 'string') smsInbox.set(m.to, String(m.message ?? ''));
    } catch {
      /* not a message */
    }
    res.writeHead(202).end();
  });
});
await new Promise((r) => smsGateway.listen(0, '127.0.0.1', r));
smsGateway.unref();
// Production refuses development keys and needs an origin and message senders (issue 13). Mail goes to
// the discard port; SMS to the stand-in above; the payment settings are the test ones.
const prodEnv = {
  API_KEY: 'bench-api-key',
  STORE_TOKEN: 'bench-store-token',
  STORE_URL: `http://127.0.0.1:${PORT}`,
  SMS_WEBHOOK_URL: `http://127.0.0.1:${smsGateway.address().port}/sms`,
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Storefront <bench@storefront.test>',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook',
  INVOICE_LEGAL_NAME: 'Storefront Bench Retail LLP',
  INVOICE_ADDRESS: '1, Bench Road, Bengaluru 560001',
  INVOICE_STATE: 'Karnataka',
  INVOICE_GSTIN: '29ABCDE1234F1ZW',
};
startChild('api', pnpm, p('--filter', '@storefront/api', 'start'), {
  ...prodEnv,
  API_PORT,
  API_HOST: '127.0.0.1',
  DB_FILE: path.join(dbDir, 'bench.sqlite'),
  NODE_ENV: 'production',
});
if (!(await waitForHttp(`http://127.0.0.1:${API_PORT}/api/openapi.json`, 180_000))) {
  log('the API did not start');
  shutdown(1);
}
const BENCH_OPS_TOKEN = 'bench-ops-token-0123456789';
startChild('host', pnpm, p('run', 'ops', 'serve', '--port', HOST_PORT, '--api', `http://127.0.0.1:${API_PORT}`), {
  ...env,
  ...prodEnv,
  PORT: HOST_PORT,
  NODE_ENV: 'production',
  OPS_TOKEN: BENCH_OPS_TOKEN,
  ...(has('--no-ssr') ? { SSR: 'off' } : {}),
});
// A probe path: the production host answers other paths only for STORE_URL's host (the proxy's), and
// /readyz only with its OPS_TOKEN.
if (!(await waitForHttp(`http://127.0.0.1:${HOST_PORT}/readyz`, 60_000, { authorization: `Bearer ${BENCH_OPS_TOKEN}` }))) {
  log('the static host did not start');
  shutdown(1);
}

// A real product page: the first product the API lists.
let productPath = '/products/classic-cotton-t-shirt';
try {
  const res = await fetch(`http://127.0.0.1:${API_PORT}/api/new-arrivals`, { headers: { 'x-api-key': prodEnv.API_KEY } });
  const body = await res.json();
  const slug = body?.data?.data?.[0]?.slug;
  if (slug) productPath = `/products/${slug}`;
} catch {
  log('could not read a product slug; using the default');
}

const ORDERS_OF_BENCH_SHOPPER = 3;

/** A signed-in shopper's saved session (see the top of this file), or null when it could not be made. */
async function signedInSession() {
  const api = `http://127.0.0.1:${API_PORT}/api`;
  const headers = { 'x-api-key': prodEnv.API_KEY, 'content-type': 'application/json' };
  const post = async (p, body, token) => {
    const res = await fetch(`${api}${p}`, {
      method: 'POST',
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok || !json?.success) throw new Error(`${p}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await post('/otp/send', { user_token: prodEnv.STORE_TOKEN, mobile });
  let code = null;
  for (let i = 0; i < 100 && !code; i++) {
    code = /\b(\d{6})\b/.exec(smsInbox.get(`+91${mobile}`) ?? '')?.[1] ?? null;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no code reached the SMS gateway');
  const { token } = await post('/otp/verify/checkout', { mobile, otp: code });
  const { customer } = await post(
    '/customer/update-user-details',
    { firstname: 'Bench', lastname: 'Shopper', email: `bench-${mobile}@example.test` },
    token,
  );
  // Three orders on delivery, one item each, as a returning shopper has: My Orders then lists them
  // instead of its empty state (the page measured as that shopper sees it).
  const { products } = await post('/get-products?page=1', { in_stock: '1', sort_by: 'price_asc' });
  const buyable = products
    .map((p) => ({ p, v: p.variations.find((v) => v.stock > 0) }))
    .filter((x) => x.v)
    .slice(0, ORDERS_OF_BENCH_SHOPPER);
  for (const { p, v } of buyable) {
    await post(
      '/customer/add-to-cart',
      { id: v.id, product_id: p.id, quantity: 1, retailer_id: p.retailer_id, wholesaler_id: p.wholesaler_id ?? null },
      token,
    );
    await post(
      '/checkout1',
      {
        email: customer.email,
        firstname: 'Bench',
        lastname: 'Shopper',
        address: '12, Residency Road',
        pincode: '560025',
        city: 'Bengaluru',
        state: 'Karnataka',
        payment_method: 'cod',
      },
      token,
    );
  }
  const orders = await fetch(`${api}/customer/orders`, { headers: { ...headers, authorization: `Bearer ${token}` } }).then((r) => r.json());
  log(`signed-in shopper: ${orders?.data?.length ?? '?'} orders`);
  // The shell's saved state (shared/src/stores/persistence.ts), as a signed-in shopper's browser holds it.
  return {
    key: 'storefront:state:v1',
    value: JSON.stringify({ auth: { user: { customer }, token, isAuthenticated: true }, cart: { cartItems: [] }, wishlist: { items: [] } }),
  };
}
const measureArgs = ['--upstream', `http://127.0.0.1:${HOST_PORT}`, '--listen', PORT, '--runs', RUNS, '--product', productPath];
if (has('--pages')) measureArgs.push('--pages', opt('--pages', ''));
try {
  const sessionFile = path.join(dbDir, 'session.json');
  writeFileSync(sessionFile, JSON.stringify(await signedInSession()));
  measureArgs.push('--session', sessionFile);
} catch (err) {
  log(`could not sign a shopper in (${err.message}); the account pages are left out`);
}

log(`measuring the site (${RUNS} runs per page)…`);
const measured = spawnSync('node', ['e2e/bench/measure.mjs', ...measureArgs], {
  cwd: ROOT,
  env: childEnv(),
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 64 * 1024 * 1024,
});
if (measured.status !== 0) {
  log('the browser measurement failed');
  shutdown(1);
}
const site = JSON.parse(measured.stdout.trim().split('\n').at(-1));

// Client navigations (issue 19): click → the next page's own content, unthrottled and at 4× CPU.
log('measuring client navigations…');
const navigations = {};
for (const cpu of has('--skip-nav') ? [] : ['1', '4']) {
  const nav = spawnSync(
    'node',
    ['e2e/bench/navigation.mjs', '--upstream', `http://127.0.0.1:${HOST_PORT}`, '--listen', PORT, '--runs', RUNS, '--cpu', cpu],
    {
      cwd: ROOT,
      env: childEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  navigations[`${cpu}x`] = nav.status === 0 ? JSON.parse(nav.stdout.trim().split('\n').at(-1)).navigations : null;
}

// Issue 33: when the shopper's own content shows on the private pages (unthrottled, and 4× CPU + slow 4G
// applied in the browser), and how soon add to cart, a quantity change and a shop filter answer at 4× CPU.
const sessionArgs = measureArgs.includes('--session') ? ['--session', measureArgs[measureArgs.indexOf('--session') + 1]] : [];
const browserScript = (script, extra) => {
  const res = spawnSync('node', [script, '--upstream', `http://127.0.0.1:${HOST_PORT}`, '--listen', PORT, '--runs', RUNS, ...extra], {
    cwd: ROOT,
    env: childEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (res.status !== 0) log(`${script} failed`);
  return res.status === 0 ? JSON.parse(res.stdout.trim().split('\n').at(-1)) : null;
};
let ownContent = null;
if (!has('--skip-own')) {
  log("measuring when the shopper's own content shows…");
  ownContent = browserScript('e2e/bench/ownContent.mjs', [...sessionArgs, ...(has('--pages') ? ['--pages', opt('--pages', '')] : [])]);
}
let interactions = null;
if (!has('--skip-interactions')) {
  log('measuring interactions at 4× CPU…');
  interactions = browserScript('e2e/bench/interactions.mjs', ['--product', productPath, '--cpu', '4']);
}

log('measuring the API…');
const apiJson = path.join(dbDir, 'api-bench.json');
const apiRun = has('--skip-api')
  ? null
  : spawnSync(pnpm, p('--filter', '@storefront/api', 'run', 'bench', '--json', apiJson), { cwd: ROOT, env: childEnv(), stdio: 'inherit' });
const apiBench = apiRun?.status === 0 && existsSync(apiJson) ? JSON.parse(readFileSync(apiJson, 'utf8')) : null;

let scale = null;
if (!has('--skip-scale')) {
  log('measuring the API at catalogue scale (page cache off)…');
  const scaleJson = path.join(dbDir, 'api-scale.json');
  const scaleArgs = ['--json', scaleJson, '--sizes', opt('--scale-sizes', '1000,20000,200000'), '--rounds', opt('--scale-rounds', '3')];
  if (process.env.TEST_DATABASE_URL) scaleArgs.push('--pg', process.env.TEST_DATABASE_URL);
  else scaleArgs.push('--db', 'sqlite');
  const scaleRun = spawnSync(pnpm, p('--filter', '@storefront/api', 'run', 'bench:scale', ...scaleArgs), {
    cwd: ROOT,
    env: childEnv(),
    stdio: 'inherit',
  });
  scale = scaleRun.status === 0 && existsSync(scaleJson) ? JSON.parse(readFileSync(scaleJson, 'utf8')) : null;
}

const ms = (v) => (v === null || v === undefined ? '–' : `${Math.round(v)} ms`);
const ms2 = (v) => (v === null || v === undefined ? '–' : `${v.toFixed(2)} ms`);
// autocannon (the flat-out runs) measures whole milliseconds: 0 means under one.
const msWhole = (v) => (v === null || v === undefined ? '–' : v < 1 ? '< 1 ms' : `${Math.round(v)} ms`);
const kb = (v) => (v === null || v === undefined ? '–' : `${(v / 1024).toFixed(1)} KB`);
// Each page against its own static floor (the same page and photos, no script).
const staticLcp = (name) => site[name.startsWith('static-') ? name : `static-${name}`]?.lighthouse.lcp ?? null;
const rows = Object.entries(site).map(([name, r]) => ({
  page: name,
  score: r.lighthouse.score,
  FCP: ms(r.lighthouse.fcp),
  LCP: ms(r.lighthouse.lcp),
  'LCP/static': staticLcp(name) ? (r.lighthouse.lcp / staticLcp(name)).toFixed(2) : '–',
  TBT: ms(r.lighthouse.tbt),
  CLS: r.lighthouse.cls?.toFixed(3),
  SI: ms(r.lighthouse.si),
  'JS gz before LCP': kb(r.timeline.jsGzipBefore),
  // Issue 19: all the page loaded, gzip -6 (the peer: 131 KB home, 158 KB product).
  'JS gzip, whole load': kb(r.timeline.jsGzipAll),
  'JS raw before LCP': kb(r.timeline.jsRawBefore),
  'requests before LCP': r.timeline.requestsBefore,
  'LCP (no throttling)': ms(r.timeline.lcp),
  'long tasks': `${r.timeline.longTasks} (${ms(r.timeline.longTaskMs)})`,
}));
// Pictures as a 412-px phone gets them (issue 20).
const imageRows = Object.entries(site).map(([name, r]) => ({
  page: name,
  'LCP element (Lighthouse)': r.lighthouse.lcpElement ?? '–',
  'LCP element (phone)': r.phone?.lcpElement || '–',
  'LCP picture': r.phone?.lcpUrl || '–',
  'img before LCP': kb(r.phone?.imageBytesBefore),
  'img in all': kb(r.phone?.imageBytes),
  'img requests': r.phone?.imageRequests ?? '–',
  'not AVIF/WebP': r.phone?.notModern ?? '–',
}));
console.log('\nSite (median of runs; Lighthouse mobile, simulated throttling):');
console.table(rows);
// Issue 19: what each page's TBT is made of (Lighthouse's long tasks, simulated at 4×: a task adds its
// time over 50 ms), for the run whose TBT is the median.
console.log('Long tasks Lighthouse counted (its median-TBT run; simulated ms, each adds what is over 50):');
console.table(
  Object.entries(site)
    .filter(([name]) => !name.startsWith('static-'))
    .map(([name, r]) => ({
      page: name,
      TBT: ms(r.lighthouse.tbt),
      tasks:
        (r.lighthouse.longTasks ?? [])
          .slice(0, 6)
          .map((t) => `${t.script || '(page)'} ${t.ms}`)
          .join(', ') || '–',
    })),
);
console.log('Pictures on a 412-px phone (DPR 1.75, no throttling; bytes as transferred, median of runs):');
console.table(imageRows);
if (navigations['1x'] || navigations['4x']) {
  console.log(
    'Client navigations (median ms from the click to the next page\'s own heading; "cold": clicked at once, "hover": after the pointer rested on the link):',
  );
  const names = Object.keys(navigations['1x'] ?? navigations['4x'] ?? {});
  console.table(
    names.map((name) => ({
      navigation: name,
      cold: ms(navigations['1x']?.[name]?.cold),
      hover: ms(navigations['1x']?.[name]?.hover),
      'cold, 4× CPU': ms(navigations['4x']?.[name]?.cold),
      'hover, 4× CPU': ms(navigations['4x']?.[name]?.hover),
    })),
  );
}
// Issue 33: Swiper's scripts and styles apart from the page's own (any file named swiper, or built mostly
// from swiper's modules: e2e/bench/common.mjs isSwiper).
console.log(
  'Scripts and styles with Swiper apart (gzip -6, whole load, median of runs; "after FCP": every Swiper request started after the first contentful paint):',
);
console.table(
  Object.entries(site)
    .filter(([name]) => !name.startsWith('static-'))
    .map(([name, r]) => ({
      page: name,
      'JS gzip, whole load': kb(r.timeline.jsGzipAll),
      'JS gzip without Swiper': kb(r.timeline.jsGzipNoSwiper),
      'Swiper JS gzip': kb(r.timeline.swiperJsGzip),
      'Swiper CSS gzip': kb(r.timeline.swiperCssGzip),
      'Swiper requests': r.timeline.swiperRequests ?? '–',
      'Swiper after FCP':
        r.timeline.swiperAfterFcp === null || r.timeline.swiperAfterFcp === undefined ? '–' : r.timeline.swiperAfterFcp >= 1 ? 'yes' : 'no',
      'FCP / first Swiper request': `${ms(r.timeline.fcp)} / ${ms(r.timeline.swiperFirstStart)}`,
    })),
);
if (ownContent?.pages) {
  const net = ownContent.slow4g;
  console.log(
    `The shopper's own content visible (ms from navigation start, median of runs; a 412-px phone, empty cache; throttled: ${ownContent.cpu}× CPU and slow 4G applied in the browser, ${net.latencyMs} ms per request, ${Math.round(net.downloadKbps)} kbps down, ${Math.round(net.uploadKbps)} kbps up):`,
  );
  console.table(
    Object.entries(ownContent.pages).map(([name, r]) => ({
      page: name,
      content: r.content,
      unthrottled: ms(r.unthrottled),
      [`${ownContent.cpu}× CPU + slow 4G`]: ms(r.cpu4Slow4g),
    })),
  );
}
if (interactions?.interactions) {
  console.log(
    `Interactions at ${interactions.cpu}× CPU (median of runs; duration: Event Timing, input to the next paint, "< 16 ms" leaves no entry; next frame: input to the frame after it; answer: until it shows):`,
  );
  console.table(
    Object.entries(interactions.interactions).map(([name, r]) => ({
      interaction: name,
      duration: r.duration === 0 ? '< 16 ms' : ms(r.duration),
      processing: ms(r.processing),
      'next frame': ms(r.nextFrame),
      answer: ms(r.answer),
      'runs < 16 ms': `${r.under16}/${r.runs.length}`,
    })),
  );
}
if (apiBench?.scenarios) {
  console.log('API (loopback; paced at the given rate, then flat out):');
  console.table(
    apiBench.scenarios.map((sc) => ({
      scenario: sc.name,
      'paced at': `${sc.atRate?.rate ?? '–'}/s`,
      'p50 paced': ms2(sc.atRate?.p50),
      'p99 paced': ms2(sc.atRate?.p99),
      'max req/s flat out': Math.round(sc.flatOut?.throughput ?? 0),
      'p99 flat out': msWhole(sc.flatOut?.p99),
      errors: (sc.atRate?.errors ?? 0) + (sc.atRate?.non2xx ?? 0) + (sc.flatOut?.errors ?? 0) + (sc.flatOut?.non2xx ?? 0),
    })),
  );
}
let telemetry = null;
try {
  telemetry = telemetrySize();
  console.log(
    `Telemetry client (issue 17; loaded after hydration): ${kb(telemetry.gzip)} gzip, ${kb(telemetry.brotli)} brotli, ${kb(telemetry.raw)} raw (${telemetry.files.join(', ')}); budget 3 KB gzip.`,
  );
} catch (err) {
  console.log(`Telemetry client: not measured (${err.message})`);
}
console.log(
  "Flat out, the catalogue reads are answered from the API's catalogue cache (5 s, cleared by every stock write); paced runs cycle through several queries and pages.",
);
console.log(
  'Budgets (issue 8): score ≥ 95, TBT ≤ 100 ms, CLS ≤ 0.02, LCP ≤ 1.25 × static, home JS before main content ≤ 120 KB gzip, product list p99 ≤ 25 ms at 500 req/s.',
);
console.log(
  'Issue 19: cart, checkout, sign-in, sign-up, tracking and account pages score ≥ 98, LCP ≤ 1.1 × static, CLS ≤ 0.01; TBT ≤ 50 ms and JS gzip ≤ the peer (131 KB home, 158 KB product) everywhere.',
);
console.log(
  'Pictures (issue 20): on home, shop and product CLS ≤ 0.01, pictures before the LCP ≤ 120 KB on a 412-px phone, every picture AVIF or WebP.',
);

mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
const file = path.join(ROOT, 'bench-results', `bench-${stamp}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      runs: Number(RUNS),
      machine: { cpus: os.cpus().length, node: process.version },
      site,
      navigations,
      ownContent,
      interactions,
      api: apiBench,
      scale,
      telemetry,
    },
    null,
    2,
  ),
);
log(`wrote ${path.relative(ROOT, file)}`);
shutdown(0);
