/**
 * The host's side of canaries and telemetry (issue 17): the shopper cookie and per-shopper registry
 * (the same version in /remotes.json, in the page's boot data and in its server render), POST
 * /telemetry's validation, caps and rate limit, and the automatic rollback.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createHost, type Host } from '../src/host';
import { readCanaries } from '../src/canary/state';
import { minuteOf, readAggregates, versionKey } from '../src/telemetry/store';
import { freePort, makeWorkspace, request, serveProcess, type Res, type Workspace } from './helpers';

const SHELL = '0.1.0-s1';
const LIVE = '0.1.0-c1';
const CANARY = '0.1.0-c2';

// A shell server build rendering the catalog version the host hands it, to see which one a shopper got.
const SHELL_SERVER = `
exports.singletons = {};
exports.renderPage = async (req) => {
  const page = await req.loadRemote('catalog', 'Home');
  if (!page) return null;
  return { status: 200, html: '<main>' + page.label + '</main>', answers: {}, route: { remote: 'catalog', module: 'Home' }, rootAttributes: {} };
};
`;
const catalogServer = (label: string) => `exports.Home = { label: ${JSON.stringify(label)} };`;

let ws: Workspace;
const hosts: Host[] = [];
/** What the hosts said in plain lines (ctx.log: also in their JSON log). */
const logged: string[] = [];

async function ok(...args: string[]): Promise<string> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
  return r.out;
}

/** The production hosts' operations token: /metrics answers only with it. */
const OPS_TOKEN = 'canary-test-ops-token-0123';
const operator = { headers: { authorization: `Bearer ${OPS_TOKEN}` } };

async function start(env: NodeJS.ProcessEnv = {}): Promise<string> {
  const port = await freePort();
  const h = createHost({
    root: ws.root,
    api: 'http://127.0.0.1:9',
    log: (line) => logged.push(line),
    env: {
      NODE_ENV: 'production',
      API_KEY: 'k-123',
      STORE_TOKEN: 't-456',
      STORE_URL: `http://127.0.0.1:${port}`,
      SSR_CACHE_SECONDS: '0',
      OPS_TOKEN,
      ...env,
    },
  });
  hosts.push(h);
  return h.listen(port, '127.0.0.1');
}

const cookieOf = (r: Res): string | null => {
  const set = r.headers['set-cookie']?.find((c) => c.startsWith('sf_shopper='));
  return set ? (set.split(';')[0] ?? null) : null;
};
const catalogVersion = (r: Res): string =>
  (JSON.parse(r.body.toString()) as { remotes: { catalog: { version: string } } }).remotes.catalog.version;
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="storefront-boot">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    registry: { remotes: { catalog: { version: string } } };
  };

beforeEach(async () => {
  ws = makeWorkspace();
  await ok('publish', 'shell', '--from', ws.build('shell', SHELL, { server: { js: SHELL_SERVER } }));
  await ok('activate', 'shell', SHELL);
  await ok('publish', 'catalog', '--from', ws.build('catalog', LIVE, { server: { js: catalogServer('LIVE CATALOG') } }));
  await ok('activate', 'catalog', LIVE);
  await ok('publish', 'catalog', '--from', ws.build('catalog', CANARY, { server: { js: catalogServer('CANARY CATALOG') } }));
});
afterEach(async () => {
  logged.length = 0;
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  ws.cleanup();
});

describe('per-shopper registry', () => {
  test('no canary: no cookie, everyone gets the registry file', async () => {
    const base = await start();
    const r = await request(base, '/remotes.json');
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.body.toString()).toBe(readFileSync(path.join(ws.root, 'remotes.json'), 'utf8'));
    expect(r.headers.vary).toMatch(/Cookie/);
  });

  test('a shopper keeps one version across /remotes.json, the page boot data and the server render; the split follows the share', async () => {
    const base = await start();
    await ok('activate', 'catalog', CANARY, '--canary', '30');
    const seen: Record<string, number> = { [LIVE]: 0, [CANARY]: 0 };
    for (let i = 0; i < 40; i++) {
      const page = await request(base, '/');
      const cookie = cookieOf(page);
      expect(cookie).toMatch(/^sf_shopper=[\w-]{22}$/);
      expect(page.headers['set-cookie']?.[0]).toMatch(/HttpOnly; SameSite=Lax/i);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.vary).toMatch(/Cookie/);
      const html = page.body.toString();
      const version = bootOf(html).registry.remotes.catalog.version;
      // The server render used the same version the boot data names.
      expect(html).toContain(version === CANARY ? 'CANARY CATALOG' : 'LIVE CATALOG');
      seen[version] = (seen[version] ?? 0) + 1;
      for (let j = 0; j < 3; j++) {
        const again = await request(base, '/remotes.json', { headers: { cookie: cookie ?? '' } });
        expect(catalogVersion(again)).toBe(version);
        expect(again.headers['set-cookie']).toBeUndefined();
        const html2 = (await request(base, '/', { headers: { cookie: cookie ?? '' } })).body.toString();
        expect(bootOf(html2).registry.remotes.catalog.version).toBe(version);
      }
    }
    // 30 % of 40: a wide band (a binomial's ±3.5 σ), so this cannot fail by chance.
    expect(seen[CANARY]).toBeGreaterThanOrEqual(3);
    expect(seen[CANARY]).toBeLessThanOrEqual(22);
    // A canary shopper's registry falls back to the live version.
    let canaryCookie = '';
    for (let i = 0; i < 200 && !canaryCookie; i++) {
      const r = await request(base, '/remotes.json');
      if (catalogVersion(r) === CANARY) canaryCookie = cookieOf(r) ?? '';
    }
    const mine = JSON.parse((await request(base, '/remotes.json', { headers: { cookie: canaryCookie } })).body.toString()) as {
      remotes: { catalog: unknown };
    };
    expect(mine.remotes.catalog).toEqual({
      version: CANARY,
      entry: `/remotes/catalog/${CANARY}/mf-manifest.json`,
      lastKnownGood: { version: LIVE, entry: `/remotes/catalog/${LIVE}/mf-manifest.json` },
    });
    // The canary ends: the same shopper is back on the live version at the next request.
    await ok('rollback', 'catalog');
    expect(catalogVersion(await request(base, '/remotes.json', { headers: { cookie: canaryCookie } }))).toBe(LIVE);
    // Promoted: everyone, cookie or not, gets it.
    await ok('activate', 'catalog', CANARY, '--canary', '1');
    await ok('promote', 'catalog');
    expect(catalogVersion(await request(base, '/remotes.json'))).toBe(CANARY);
    expect(catalogVersion(await request(base, '/remotes.json', { headers: { cookie: canaryCookie } }))).toBe(CANARY);
  });

  test('a malformed cookie is replaced, never used', async () => {
    const base = await start();
    await ok('activate', 'catalog', CANARY, '--canary', '50');
    const r = await request(base, '/remotes.json', { headers: { cookie: 'sf_shopper=<script>' } });
    expect(cookieOf(r)).toMatch(/^sf_shopper=[\w-]{22}$/);
  });
});

describe('POST /telemetry', () => {
  const post = (base: string, body: string, headers: Record<string, string> = {}) =>
    request(base, '/telemetry', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const ev = (over: Record<string, unknown> = {}) => ({ t: 'view', r: 'catalog', v: LIVE, route: '/products/:slug', ...over });
  const batch = (...events: unknown[]) => JSON.stringify({ events });
  const stored = async () => {
    const m = minuteOf(Date.now());
    return readAggregates(ws.root, m - 1, m);
  };
  const metrics = async (base: string) => (await request(base, '/metrics', operator)).body.toString();

  test('a valid batch is counted per remote version, in the metrics and (after a flush) in the store', async () => {
    const base = await start({ TELEMETRY_FLUSH_SECONDS: '3600' });
    const r = await post(
      base,
      batch(
        ev(),
        ev(),
        ev({ t: 'error', k: 'boundary' }),
        ev({ t: 'load', k: 'chunk' }),
        ev({ t: 'vital', k: 'LCP', n: 1800 }),
        ev({ t: 'fallback', k: 'unavailable' }),
      ),
    );
    expect(r.status).toBe(204);
    const text = await metrics(base);
    expect(text).toMatch(new RegExp(`storefront_browser_page_views_total\\{remote="catalog",version="${LIVE}"\\} 2`));
    expect(text).toMatch(/storefront_browser_errors_total\{remote="catalog",version="[^"]+",kind="boundary"\} 1/);
    expect(text).toMatch(/storefront_browser_load_failures_total\{remote="catalog",version="[^"]+",kind="chunk"\} 1/);
    expect(text).toMatch(/storefront_browser_web_vital_seconds_count\{remote="catalog",version="[^"]+",metric="LCP"\} 1/);
    await Promise.all(hosts.splice(0).map((h) => h.close())); // closing flushes
    expect((await stored()).get(versionKey('catalog', LIVE))).toMatchObject({
      views: 2,
      errors: 1,
      chunkFailures: 1,
      fallbackUnavailable: 1,
      failingRoutes: { '/products/:slug': 2 },
    });
  });

  test('bad input is dropped silently: malformed, too large, extra fields, made-up versions and routes, another site', async () => {
    const base = await start({ TELEMETRY_FLUSH_SECONDS: '3600' });
    const cases: [string, Record<string, string>?][] = [
      ['{not json'],
      [batch()],
      [JSON.stringify({ events: [ev()], extra: 1 })],
      [batch(ev({ url: 'https://shop.example.in/products/x?phone=98xxxxxx' }))],
      [batch(ev({ route: 'https://shop.example.in/products/x?email=a@b.in' }))],
      [batch(ev({ t: 'error', k: 'boundary', message: 'Cannot read properties of undefined (reading "a@b.in")' }))],
      [batch(...Array.from({ length: 51 }, () => ev()))],
      [JSON.stringify({ events: [ev()], pad: 'x'.repeat(20_000) })],
      [batch(ev({ t: 'vital', k: 'LCP', n: -1 }))],
      [batch(ev(), ev({ v: '1.0.0-made-up' }), ev({ r: 'payments' }))],
      [batch(ev()), { 'sec-fetch-site': 'cross-site' }],
    ];
    for (const [body, headers] of cases) {
      const r = await post(base, body, headers);
      expect([body.slice(0, 40), r.status]).toEqual([body.slice(0, 40), 204]);
    }
    await Promise.all(hosts.splice(0).map((h) => h.close()));
    // Only the one valid event of the mixed batch counted; nothing else, and no made-up label.
    const s = await stored();
    expect(s.get(versionKey('catalog', LIVE))?.views).toBe(1);
    expect([...s.keys()]).toEqual([versionKey('catalog', LIVE)]);
  });

  test('text/plain beacons parse too; other methods and content types do not reach it', async () => {
    const base = await start();
    expect((await post(base, batch(ev()), { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(204);
    expect((await request(base, '/telemetry')).status).not.toBe(204);
    expect((await request(base, '/telemetry', { method: 'PUT', body: batch(ev()) })).status).toBe(405);
  });

  /**
   * The rate limit counts in fixed windows of a minute. Runs `posts` again, once a fresh window has
   * begun, when a run crossed from one window into the next (its counts would be split between them).
   */
  const inOneWindow = async (posts: () => Promise<number[]>): Promise<number[]> => {
    for (;;) {
      const before = minuteOf(Date.now());
      const codes = await posts();
      const after = minuteOf(Date.now());
      if (after === before) return codes;
      while (minuteOf(Date.now()) === after) await new Promise((r) => setTimeout(r, 250));
    }
  };

  test('one address is rate-limited; X-Forwarded-For from an untrusted peer does not make it another', async () => {
    const base = await start({ TELEMETRY_RATE_LIMIT: '5' });
    const codes = await inOneWindow(async () => {
      const out: number[] = [];
      for (let i = 0; i < 8; i++) out.push((await post(base, batch(ev()), { 'x-forwarded-for': `10.0.0.${i}` })).status);
      return out;
    });
    expect(codes.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
  }, 150_000);

  test('addresses of one IPv6 /64 (one phone or home line) share one budget; the next /64 has its own (issue 35 item 8)', async () => {
    const base = await start({ TELEMETRY_RATE_LIMIT: '5', TRUSTED_PROXIES: '127.0.0.1' });
    const from = (address: string) => post(base, batch(ev()), { 'x-forwarded-for': address });
    const codes = await inOneWindow(async () => {
      const out: number[] = [];
      for (let i = 1; i <= 8; i++) out.push((await from(`2401:4900:1c2a:8f3e::${i.toString(16)}:${i}`)).status);
      out.push((await from('2401:4900:1c2a:8f3f::1')).status);
      return out;
    });
    expect(codes).toEqual([204, 204, 204, 204, 204, 429, 429, 429, 204]);
  }, 150_000);

  test('the limit holds across host processes on one deploy root: batches alternating between two get the limit once, not twice', async () => {
    // Two real host processes (pnpm ops serve) on one deploy root, behind a trusted proxy on loopback.
    const env = { NODE_ENV: 'development', TELEMETRY_RATE_LIMIT: '5', TRUSTED_PROXIES: '127.0.0.1' };
    const procs = await Promise.all([serveProcess(ws.root, env), serveProcess(ws.root, env)]);
    try {
      const [a, b] = procs.map((p) => p.url) as [string, string];
      const from = (base: string, address: string) => post(base, batch(ev()), { 'x-forwarded-for': address });
      const codes = await inOneWindow(async () => {
        const out: number[] = [];
        for (let i = 0; i < 10; i++) out.push((await from(i % 2 ? b : a, '203.0.113.7')).status);
        // The key is the address the trusted proxy forwarded: another shopper keeps their own budget.
        out.push((await from(b, '203.0.113.8')).status, (await from(a, '203.0.113.8')).status);
        return out;
      });
      expect(codes).toEqual([204, 204, 204, 204, 204, 429, 429, 429, 429, 429, 204, 204]);
    } finally {
      await Promise.all(procs.map((p) => p.stop()));
    }
  }, 150_000);

  test('TELEMETRY=off: no endpoint', async () => {
    const base = await start({ TELEMETRY: 'off' });
    expect((await post(base, batch(ev()))).status).toBe(405);
  });
});

describe('automatic rollback', () => {
  const post = (base: string, events: unknown[]) =>
    request(base, '/telemetry', { method: 'POST', body: JSON.stringify({ events }), headers: { 'content-type': 'application/json' } });
  const views = (v: string, n: number) => Array.from({ length: n }, () => ({ t: 'view', r: 'catalog', v, route: '/products/:slug' }));
  const errors = (v: string, n: number) =>
    Array.from({ length: n }, () => ({ t: 'error', k: 'boundary', r: 'catalog', v, route: '/products/:slug' }));
  const waitFor = async (cond: () => Promise<boolean>) => {
    while (!(await cond())) await new Promise((r) => setTimeout(r, 50));
  };

  test('a canary above its error rate is ended by the host, recorded in history with the reason; the live version is untouched', async () => {
    const base = await start({ TELEMETRY_FLUSH_SECONDS: '0.2', CANARY_CHECK_SECONDS: '0.2' });
    // Two host processes' worth: a second host on the same deploy root writes its own file.
    const other = await start({ TELEMETRY_FLUSH_SECONDS: '0.2', CANARY_CHECK_SECONDS: '0.2' });
    // One test client, one address: --min-reporters 1 (the forged-telemetry tests below use several).
    await ok('activate', 'catalog', CANARY, '--canary', '10', '--auto-rollback', '--min-page-views', '10', '--min-reporters', '1');
    // Errors on the live version do not end the canary, nor do canary errors below the minimum of views.
    await post(base, [...views(LIVE, 20), ...errors(LIVE, 10)]);
    await post(base, [...views(CANARY, 5), ...errors(CANARY, 5)]);
    await waitFor(async () => {
      const m = minuteOf(Date.now());
      return ((await readAggregates(ws.root, m - 1, m)).get(versionKey('catalog', CANARY))?.views ?? 0) >= 5;
    });
    expect((await readCanaries(ws.root)).canaries.catalog?.version).toBe(CANARY);
    // Five more views on the other process: 10 views, 5 errors: 50 % > 2 %.
    await post(other, views(CANARY, 5));
    await waitFor(async () => !(await readCanaries(ws.root)).canaries.catalog);
    const history = await ok('history', 'catalog');
    const ends = history.split('\n').filter((l) => l.includes('canary-end'));
    expect(ends).toHaveLength(1); // two hosts checked; one recorded it
    expect(ends[0]).toMatch(/auto-rollback: error rate 50 % \(5 errors from 1 address \/ 10 page views\) above 2 %/);
    expect(ends[0]).toMatch(/host .* pid \d+/);
    // The host logs once endCanary has written canary.json and the history: a moment after both.
    await waitFor(async () => logged.some((l) => l.startsWith('[canary]')));
    expect(logged.filter((l) => l.startsWith('[canary]'))).toEqual([
      `[canary] catalog ${CANARY} ended automatically, every shopper is back on ${LIVE}: error rate 50 % (5 errors from 1 address / 10 page views) above 2 %`,
    ]);
    expect(catalogVersion(await request(base, '/remotes.json'))).toBe(LIVE);
    expect(
      (await request(base, '/metrics', operator)).body.toString() + (await request(other, '/metrics', operator)).body.toString(),
    ).toMatch(/host_canary_auto_rollbacks_total\{remote="catalog"\} 1/);
    // What the operator sees afterwards.
    const report = await ok('report', 'catalog');
    expect(report).toMatch(/the canary 0\.1\.0-c2 ended .*auto-rollback/);
    expect(report).toMatch(/error rate\s+50 %\s+50 %/);
    const status = await ok('status');
    expect(status).toMatch(/catalog\s+0\.1\.0-c2\s+-\s+10\s+50 %/);
  });

  test('without --auto-rollback the host never ends a canary', async () => {
    const base = await start({ TELEMETRY_FLUSH_SECONDS: '0.1', CANARY_CHECK_SECONDS: '0.1' });
    await ok('activate', 'catalog', CANARY, '--canary', '10');
    await post(base, [...views(CANARY, 20), ...errors(CANARY, 20)]);
    await waitFor(async () => {
      const m = minuteOf(Date.now());
      return ((await readAggregates(ws.root, m - 1, m)).get(versionKey('catalog', CANARY))?.errors ?? 0) >= 20;
    });
    // Two more checks have finished since (each flushes first, then reads the store): the canary is still there.
    const checks = async () =>
      Number(/^host_canary_checks_total (\d+)$/m.exec((await request(base, '/metrics', operator)).body.toString())?.[1] ?? 0);
    const seen = await checks();
    await waitFor(async () => (await checks()) >= seen + 2);
    expect((await readCanaries(ws.root)).canaries.catalog?.version).toBe(CANARY);
  });
});

/**
 * Forged telemetry (the follow-up to issue 17): anybody can post events for the canary's version, so
 * the decision counts reporters (client addresses, hashed), not events. The hosts trust the loopback
 * peer's X-Forwarded-For here, so each test client can speak for an address of its choosing.
 */
describe('forged telemetry does not decide a canary', () => {
  const FAST = { TELEMETRY_FLUSH_SECONDS: '0.1', CANARY_CHECK_SECONDS: '0.1', TRUSTED_PROXIES: '127.0.0.1' };
  const from = (base: string, address: string, events: unknown[]) =>
    request(base, '/telemetry', {
      method: 'POST',
      body: JSON.stringify({ events }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    });
  const views = (n: number, v = CANARY) => Array.from({ length: n }, () => ({ t: 'view', r: 'catalog', v, route: '/products/:slug' }));
  const errors = (n: number, v = CANARY) =>
    Array.from({ length: n }, () => ({ t: 'error', k: 'boundary', r: 'catalog', v, route: '/cart' }));
  const waitFor = async (cond: () => Promise<boolean>) => {
    while (!(await cond())) await new Promise((r) => setTimeout(r, 50));
  };
  const storedCanary = async () => {
    const m = minuteOf(Date.now());
    return (await readAggregates(ws.root, m - 1, m)).get(versionKey('catalog', CANARY));
  };
  const checks = async (base: string) =>
    Number(/^host_canary_checks_total (\d+)$/m.exec((await request(base, '/metrics', operator)).body.toString())?.[1] ?? 0);
  /** Waits until every host has finished two more checks (each flushes, then reads every file). */
  const twoMoreChecks = async (bases: string[]) => {
    for (const base of bases) {
      const seen = await checks(base);
      await waitFor(async () => (await checks(base)) >= seen + 2);
    }
  };

  test('one address posting many errors, through two host processes, does not end a healthy canary', async () => {
    const a = await start(FAST);
    const b = await start(FAST);
    await ok('activate', 'catalog', CANARY, '--canary', '10', '--auto-rollback', '--min-page-views', '10');
    // Twenty real shoppers' addresses, five clean page views each: 100 views.
    for (let i = 1; i <= 20; i++) await from(i % 2 ? a : b, `198.51.100.${i}`, views(5));
    // The forger: 300 errors from one address, half through each host process.
    for (let i = 0; i < 3; i++) {
      await from(a, '203.0.113.66', errors(50));
      await from(b, '203.0.113.66', errors(50));
    }
    await waitFor(async () => ((await storedCanary())?.errors ?? 0) >= 300);
    await twoMoreChecks([a, b]);
    expect((await readCanaries(ws.root)).canaries.catalog?.version).toBe(CANARY);
  });

  test('errors from enough distinct addresses do end it', async () => {
    const a = await start(FAST);
    await ok('activate', 'catalog', CANARY, '--canary', '10', '--auto-rollback', '--min-page-views', '10');
    for (let i = 1; i <= 3; i++) await from(a, `198.51.100.${i}`, [...views(10), ...errors(2)]);
    await waitFor(async () => !(await readCanaries(ws.root)).canaries.catalog);
    expect(await ok('history', 'catalog')).toMatch(/auto-rollback: error rate 20 % \(6 errors from 3 addresses \/ 30 page views\)/);
  });

  test('errors from many addresses of one IPv6 /64 (one phone) count as one reporter and do not end it', async () => {
    const a = await start(FAST);
    await ok('activate', 'catalog', CANARY, '--canary', '10', '--auto-rollback', '--min-page-views', '10');
    for (let i = 1; i <= 3; i++) await from(a, `2401:4900:1c2a:8f3e::${i}`, [...views(10), ...errors(2)]);
    await waitFor(async () => ((await storedCanary())?.errors ?? 0) >= 6);
    await twoMoreChecks([a]);
    expect((await readCanaries(ws.root)).canaries.catalog?.version).toBe(CANARY);
  });

  test('one address posting many views does not dilute a real error rate below the threshold', async () => {
    const a = await start(FAST);
    const b = await start(FAST);
    await ok('activate', 'catalog', CANARY, '--canary', '10', '--auto-rollback', '--min-page-views', '10');
    // The forger first: 2000 views from one address, through both processes.
    for (let i = 0; i < 20; i++) await from(i % 2 ? a : b, '203.0.113.66', views(50));
    await waitFor(async () => ((await storedCanary())?.views ?? 0) >= 1000);
    // Ten real shoppers, each five views and one error: 10 errors in 50 views (20 %); 1 % among 1050.
    for (let i = 1; i <= 10; i++) await from(i % 2 ? a : b, `198.51.100.${i}`, [...views(5), ...errors(1)]);
    await waitFor(async () => ((await storedCanary())?.errors ?? 0) >= 10);
    await twoMoreChecks([a, b]);
    expect((await readCanaries(ws.root)).canaries.catalog).toBeUndefined();
  });

  test('one address padding the live version does not move what ops status and ops report show by default beyond its caps', async () => {
    const a = await start(FAST);
    const b = await start(FAST);
    const first = minuteOf(Date.now());
    // Three real shoppers' addresses: five page views and one error each.
    for (let i = 1; i <= 3; i++) await from(i % 2 ? a : b, `198.51.100.${i}`, [...views(5, LIVE), ...errors(1, LIVE)]);
    // The padder, through both processes: 300 page views and 100 errors from one address.
    for (let i = 0; i < 6; i++) await from(i % 2 ? a : b, '203.0.113.66', views(50, LIVE));
    for (let i = 0; i < 2; i++) await from(i % 2 ? a : b, '203.0.113.66', errors(50, LIVE));
    // Caps are per address and minute: a run that crossed into the next minute may count them twice.
    const minutes = minuteOf(Date.now()) - first + 1;
    await Promise.all(hosts.splice(0).map((h) => h.close())); // closing flushes

    interface Figures {
      views: number;
      errors: number;
      reporters?: number;
    }
    const json = JSON.parse(await ok('status', '--json')) as {
      sections: { name: string; telemetry: { version: string; counted: Figures; posted: Figures }[] }[];
    };
    const live = json.sections.find((x) => x.name === 'catalog')?.telemetry.find((t) => t.version === LIVE);
    expect(live?.posted).toMatchObject({ views: 315, errors: 103 });
    const counted = live?.counted as Figures;
    expect(counted.reporters).toBe(4);
    expect(counted.views).toBeGreaterThanOrEqual(15 + 30);
    expect(counted.views).toBeLessThanOrEqual(15 + 30 * minutes);
    expect(counted.errors).toBeGreaterThanOrEqual(3 + 10);
    expect(counted.errors).toBeLessThanOrEqual(3 + 10 * minutes);

    // The table the operator reads: the capped figures first, the posted totals labelled as such.
    const status = await ok('status');
    const head = status.split('\n').find((l) => /^\s+REMOTE\s+VERSION/.test(l)) ?? '';
    const row = status.split('\n').find((l) => new RegExp(`^\\s+catalog\\s+${LIVE}\\s+live`).test(l)) ?? '';
    const cell = (name: string) => row.slice(head.indexOf(name)).split(/\s{2,}/)[0];
    expect(cell('PAGE VIEWS')).toBe(String(counted.views));
    expect(cell('REPORTERS')).toBe('4');
    expect(cell('POSTED VIEWS')).toBe('315');
    expect(status).toMatch(/at most 30 page views, 10 errors and 10 chunk failures a minute/);

    const report = await ok('report', 'catalog');
    // LIVE beside CANARY (none here: "-").
    expect(report).toMatch(new RegExp(`^page views\\s+${counted.views}\\s+-$`, 'm'));
    expect(report).toMatch(new RegExp(`^errors\\s+${counted.errors}\\s+-$`, 'm'));
    expect(report).toMatch(/^reporters \(addresses\)\s+4\s+-$/m);
    expect(report).toMatch(/^posted page views\s+315\s+-$/m);
    expect(report).toMatch(/^posted errors\s+103\s+-$/m);
  });

  test('reporters are stored as keyed hashes: the key file is made once, 0600, and no file holds an address', async () => {
    const a = await start(FAST);
    await ok('activate', 'catalog', CANARY, '--canary', '10', '--auto-rollback');
    await from(a, '198.51.100.23', [...views(3), ...errors(1)]);
    await from(a, '2001:db8::17', views(2));
    await waitFor(async () => ((await storedCanary())?.views ?? 0) >= 5);
    const keyFile = path.join(ws.root, 'telemetry', '.reporter-key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // Another host process on the same root uses the same key (one reporter across processes).
    await start(FAST);
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
    await Promise.all(hosts.splice(0).map((h) => h.close()));
    const files = readdirSync(path.join(ws.root, 'telemetry'), { recursive: true, withFileTypes: true }).filter(
      (d) => d.isFile() && d.name.endsWith('.jsonl'),
    );
    const text = files.map((d) => readFileSync(path.join(d.parentPath, d.name), 'utf8')).join('');
    expect(text).toMatch(/"rep":\{"[0-9a-f]{16}":\[3,1,0\]/);
    for (const address of ['198.51.100.23', '2001:db8::17', '198-51-100-23', '2001:db8']) expect(text).not.toContain(address);
  });
});
