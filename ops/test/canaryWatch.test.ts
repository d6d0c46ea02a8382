/** The canary watch: a canary ended by itself, and telemetry forged to move that decision. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readCanaries } from '../src/canary/state';
import { minuteOf, readAggregates, versionKey } from '../src/telemetry/store';
import { request } from './helpers';
import { CANARY, LIVE, catalogVersion, hosts, logged, ok, operator, setUpCanaryHosts, start, ws } from './canaryHostFixture';

setUpCanaryHosts();

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
