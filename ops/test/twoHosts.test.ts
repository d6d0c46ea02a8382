/**
 * Two host machines on one PostgreSQL (issue 37): two `ops serve` processes, each on a deploy root of its
 * own (two machines' disks), sharing the state store. Their store connection goes through a TCP relay the
 * test can cut, which is how PostgreSQL "goes away" here (the shared server itself is never touched).
 * Skipped without TEST_OPS_DATABASE_URL / TEST_DATABASE_URL.
 */
import net from 'node:net';
import path from 'node:path';
import { main } from '../src/cli/main';
import { postgresStore, type StateStore } from '../src/state';
import { minuteOf, readAggregates, versionKey } from '../src/telemetry/store';
import { makeWorkspace, request, serveProcess, type ServeProcess, type Workspace } from './helpers';
import { admin, freshDatabase, TEST_OPS_PG_URL } from './stores';

const SHELL = '0.1.0-s1';
const LIVE = '0.1.0-c1';
const NEXT = '0.1.0-c2';
const CANARY = '0.1.0-c3';
const BAD = '0.1.0-c4';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
class Relay {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}
  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const describePg = TEST_OPS_PG_URL ? describe : describe.skip;

describePg('two hosts, two deploy roots, one PostgreSQL', () => {
  let ws: Workspace;
  let rootB = '';
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let relay: Relay;
  let store: StateStore;
  let a: ServeProcess;
  let b: ServeProcess;
  const saved = process.env.OPS_DATABASE_URL;

  /** The CLI in this process on a deploy root (the operator's machine is host A's unless said). */
  async function ops(root: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      [...args, '--root', root, '--repo', ws.repo],
      (s) => out.push(s),
      (s) => err.push(s),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  async function ok(root: string, ...args: string[]): Promise<string> {
    const r = await ops(root, ...args);
    if (r.code !== 0) throw new Error(`ops ${args.join(' ')}: ${r.err}`);
    return r.out;
  }
  const publishOn = (root: string, version: string) =>
    ok(root, 'publish', 'catalog', '--from', path.join(ws.repo, 'catalog', 'dist', version));
  const catalogOf = async (base: string, cookie?: string) => {
    const r = await request(base, '/remotes.json', cookie ? { headers: { cookie } } : {});
    return (JSON.parse(r.body.toString()) as { remotes: { catalog?: { version: string } } }).remotes.catalog?.version;
  };
  const waitFor = async (cond: () => Promise<boolean>, ms = 15_000) => {
    const until = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const readyz = async (base: string) =>
    JSON.parse((await request(base, '/readyz')).body.toString()) as {
      checks: { state: { ok: boolean; stale?: boolean; detail?: string } };
    };
  const metric = async (base: string, name: string) =>
    (await request(base, '/metrics')).body
      .toString()
      .split('\n')
      .filter((l) => l.startsWith(name))
      .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
  const telemetry = (base: string, address: string, events: unknown[]) =>
    request(base, '/telemetry', {
      method: 'POST',
      body: JSON.stringify({ events }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    });
  const views = (n: number, v: string) => Array.from({ length: n }, () => ({ t: 'view', r: 'catalog', v, route: '/products/:slug' }));
  const errors = (n: number, v: string) =>
    Array.from({ length: n }, () => ({ t: 'error', k: 'boundary', r: 'catalog', v, route: '/products/:slug' }));

  beforeAll(async () => {
    db = await freshDatabase();
    process.env.OPS_DATABASE_URL = db.url;
    ws = makeWorkspace();
    rootB = path.join(ws.repo, 'deploy-b');
    ws.build('shell', SHELL);
    for (const v of [LIVE, NEXT, CANARY, BAD]) ws.build('catalog', v);
    // Each machine publishes the builds it serves into its own disk; the registry is one.
    for (const root of [ws.root, rootB]) {
      await ok(root, 'publish', 'shell', '--from', path.join(ws.repo, 'shell', 'dist', SHELL));
      await publishOn(root, LIVE);
    }
    await ok(ws.root, 'activate', 'shell', SHELL);
    await ok(ws.root, 'activate', 'catalog', LIVE);
    const u = new URL(db.url);
    relay = new Relay({ host: u.hostname, port: Number(u.port || 5432) });
    await relay.open();
    u.port = String(relay.port);
    const env = {
      OPS_DATABASE_URL: u.toString(),
      NODE_ENV: 'development',
      TRUSTED_PROXIES: '127.0.0.1',
      TELEMETRY_FLUSH_SECONDS: '0.2',
      CANARY_CHECK_SECONDS: '0.3',
      TELEMETRY_RATE_LIMIT: '20',
      // The revision check slowed to 30 s: a host serving a change within 1 s learnt it by NOTIFY.
      OPS_STATE_CHECK_SECONDS: '30',
    };
    [a, b] = await Promise.all([serveProcess(ws.root, env), serveProcess(rootB, env)]);
    store = postgresStore(db.url);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await store?.close();
    await relay?.cut();
    ws?.cleanup();
    if (saved === undefined) delete process.env.OPS_DATABASE_URL;
    else process.env.OPS_DATABASE_URL = saved;
    await db?.drop();
  });

  test('activate refuses a version a running host does not hold; once both hold it, both serve it within 1 s', async () => {
    expect(await catalogOf(a.url)).toBe(LIVE);
    expect(await catalogOf(b.url)).toBe(LIVE);
    await publishOn(ws.root, NEXT);
    // Host A has reported holding NEXT (every 5 s); host B's disk lacks it.
    await waitFor(async () => {
      const hosts = await store.hosts(30_000);
      return hosts.length === 2 && !!hosts.find((h) => h.root === ws.root)?.versions.catalog?.includes(NEXT);
    }, 10_000);
    const refused = await ops(ws.root, 'activate', 'catalog', NEXT);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/1 host\(s\) on the shared store do not hold it/);
    expect(refused.err).toContain(rootB);
    // ops status lists both host processes and their deploy roots.
    const status = await ok(ws.root, 'status');
    expect(status).toMatch(/^hosts on the shared store/m);
    for (const root of [ws.root, rootB]) expect(status).toContain(root);
    await publishOn(rootB, NEXT);
    // Host B reports its versions every 5 s: until then activate still refuses.
    await waitFor(async () => (await store.hosts(30_000)).every((h) => h.versions.catalog?.includes(NEXT)), 10_000);
    const started = performance.now();
    await ok(ws.root, 'activate', 'catalog', NEXT);
    const committed = performance.now();
    const seen: Record<string, number> = {};
    await waitFor(async () => {
      for (const [name, host] of [
        ['a', a],
        ['b', b],
      ] as const)
        if (seen[name] === undefined && (await catalogOf(host.url)) === NEXT) seen[name] = performance.now();
      return seen.a !== undefined && seen.b !== undefined;
    }, 5000);
    const last = Math.max(seen.a ?? 0, seen.b ?? 0);
    console.log(
      `[two hosts] activate: command ${(committed - started).toFixed(0)} ms; served by both ${(last - committed).toFixed(0)} ms after it returned (host A +${((seen.a ?? 0) - committed).toFixed(0)} ms, host B +${((seen.b ?? 0) - committed).toFixed(0)} ms)`,
    );
    expect(last - committed).toBeLessThan(1000);
  });

  test("a canary's shoppers split across both hosts alike, and its telemetry through both sums exactly", async () => {
    await publishOn(ws.root, CANARY);
    await publishOn(rootB, CANARY);
    await waitFor(async () => (await store.hosts(30_000)).every((h) => h.versions.catalog?.includes(CANARY)), 10_000);
    await ok(ws.root, 'activate', 'catalog', CANARY, '--canary', '50');
    await waitFor(async () => (await request(b.url, '/remotes.json')).headers['set-cookie'] !== undefined, 2000);
    let onCanary = 0;
    for (let i = 0; i < 30; i++) {
      // A shopper's first request on one host, the next ones on the other: the same version on both.
      const first = await request(i % 2 ? a.url : b.url, '/remotes.json');
      const cookie = first.headers['set-cookie']?.find((c) => c.startsWith('sf_shopper='))?.split(';')[0] ?? '';
      expect(cookie).toMatch(/^sf_shopper=/);
      const version = await catalogOf(i % 2 ? a.url : b.url, cookie);
      expect(await catalogOf(i % 2 ? b.url : a.url, cookie)).toBe(version);
      if (version === CANARY) onCanary++;
    }
    expect(onCanary).toBeGreaterThan(3);
    expect(onCanary).toBeLessThan(27);
    // 7 views through A, 11 through B, from several addresses, and 2 errors: stored once, summed exactly.
    for (let i = 0; i < 7; i++) expect((await telemetry(a.url, `198.51.100.${i + 1}`, views(1, CANARY))).status).toBe(204);
    expect((await telemetry(b.url, '198.51.100.50', [...views(11, CANARY), ...errors(2, CANARY)])).status).toBe(204);
    const m = minuteOf(Date.now());
    await waitFor(async () => ((await readAggregates(store, m - 1, m + 1)).get(versionKey('catalog', CANARY))?.views ?? 0) >= 18, 5000);
    await new Promise((r) => setTimeout(r, 600)); // a few more flushes: nothing is counted twice
    const agg = (await readAggregates(store, m - 1, m + 1)).get(versionKey('catalog', CANARY));
    expect(agg?.views).toBe(18);
    expect(agg?.errors).toBe(2);
    const status = JSON.parse(await ok(rootB, 'status', '--json')) as {
      sections: { name: string; telemetry: { version: string; posted: { views: number } }[] }[];
    };
    expect(status.sections.find((s) => s.name === 'catalog')?.telemetry.find((t) => t.version === CANARY)?.posted.views).toBe(18);
    await ok(ws.root, 'rollback', 'catalog');
  });

  test('errors through both hosts end the canary once: one history line with its reason, one host counts it', async () => {
    await publishOn(ws.root, BAD);
    await publishOn(rootB, BAD);
    await waitFor(async () => (await store.hosts(30_000)).every((h) => h.versions.catalog?.includes(BAD)), 10_000);
    await ok(ws.root, 'activate', 'catalog', BAD, '--canary', '10', '--auto-rollback', '--min-page-views', '10');
    for (let i = 1; i <= 6; i++) await telemetry(i % 2 ? a.url : b.url, `192.0.2.${i}`, [...views(4, BAD), ...errors(2, BAD)]);
    await waitFor(async () => !(await store.readCanaries()).canaries.catalog, 10_000);
    await new Promise((r) => setTimeout(r, 1000)); // both hosts check again meanwhile
    const ends = (await store.readHistory()).filter((h) => h.action === 'canary-end' && h.version === BAD);
    expect(ends).toHaveLength(1);
    expect(ends[0]?.reason).toMatch(/^auto-rollback: error rate 50 %/);
    expect((await metric(a.url, 'host_canary_auto_rollbacks_total')) + (await metric(b.url, 'host_canary_auto_rollbacks_total'))).toBe(1);
    await waitFor(async () => (await catalogOf(a.url, 'sf_shopper=aaaaaaaaaaaaaaaaaaaaaa')) === NEXT, 2000);
  });

  test('the telemetry limit holds across both hosts: one address gets the limit, not twice it', async () => {
    // Limits count in fixed minutes: start clear of a minute's end.
    if (60_000 - (Date.now() % 60_000) < 8000) await new Promise((r) => setTimeout(r, 8000));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await telemetry(i % 2 ? a.url : b.url, '203.0.113.99', views(1, NEXT))).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  test('PostgreSQL away: both keep serving the last registry and say so; they pick up changes when it returns', async () => {
    await relay.cut();
    await waitFor(
      async () => (await readyz(a.url)).checks.state.stale === true && (await readyz(b.url)).checks.state.stale === true,
      10_000,
    );
    expect(await catalogOf(a.url)).toBe(NEXT);
    expect(await catalogOf(b.url)).toBe(NEXT);
    expect((await readyz(b.url)).checks.state).toMatchObject({ ok: true, stale: true });
    expect((await readyz(b.url)).checks.state.detail).toMatch(/unreachable since .*serving the state read at/);
    expect(await metric(a.url, 'host_state_store_up')).toBe(0);
    // A telemetry batch's rate-limit count cannot be written meanwhile: refused (503), never let through unlimited.
    expect((await telemetry(a.url, '198.51.100.200', views(3, LIVE))).status).toBe(503);
    expect(await metric(a.url, 'host_telemetry_dropped_total{reason="store_unavailable"}')).toBe(1);
    // Meanwhile an operator rolls back (the CLI reaches PostgreSQL directly; the hosts do not).
    await ok(ws.root, 'rollback', 'catalog');
    await new Promise((r) => setTimeout(r, 500));
    expect(await catalogOf(a.url)).toBe(NEXT);
    await relay.open();
    const back = performance.now();
    await waitFor(async () => (await catalogOf(a.url)) === LIVE && (await catalogOf(b.url)) === LIVE, 15_000);
    console.log(
      `[two hosts] PostgreSQL back: both hosts serve the change made meanwhile ${(performance.now() - back).toFixed(0)} ms later`,
    );
    expect((await readyz(a.url)).checks.state.stale).toBeUndefined();
    expect(await metric(b.url, 'host_state_store_up')).toBe(1);
  }, 40_000);

  test("a PostgreSQL restart (every connection of this test's database ended): hosts reconnect and follow again", async () => {
    await admin((c) =>
      c.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'",
        [db.name],
      ),
    );
    // The CLI's own pool opens fresh connections; the hosts' listeners find theirs gone and reconnect.
    await ok(ws.root, 'activate', 'catalog', NEXT);
    await waitFor(async () => (await catalogOf(a.url)) === NEXT && (await catalogOf(b.url)) === NEXT, 10_000);
    await waitFor(
      async () => (await readyz(a.url)).checks.state.stale === undefined && (await readyz(b.url)).checks.state.stale === undefined,
      10_000,
    );
  }, 30_000);
});
