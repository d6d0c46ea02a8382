/** Canaries in the host: each shopper's registry, and browser telemetry taken at POST /telemetry. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minuteOf, readAggregates, versionKey } from '../src/telemetry/store';
import { request, serveProcess } from './helpers';
import { CANARY, LIVE, bootOf, catalogVersion, cookieOf, hosts, ok, operator, setUpCanaryHosts, start, ws } from './canaryHostFixture';

setUpCanaryHosts();

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
