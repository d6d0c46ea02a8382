/**
 * The state store's promises (ops/src/state), held by both implementations: the deploy root's files and
 * PostgreSQL (eachStore, ./stores.ts). Each `kit.open()` stands for another process's view of the store.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { endCanary } from '../src/canary/end';
import { deployRootStore } from '../src/host/rateLimitStore';
import { activate } from '../src/release/activate';
import { type HistoryRecord, registryFromState } from '../src/state';
import { readAggregates, minuteOf, TelemetryWriter, versionKey } from '../src/telemetry/store';
import { makeWorkspace, type Workspace } from './helpers';
import { eachStore } from './stores';

const OPS_BIN = path.join(__dirname, '..', 'bin', 'storefront-ops.cjs');
const V = ['0.1.0-a1', '0.1.0-a2', '0.1.0-a3'];

eachStore('state store', (kit) => {
  let ws: Workspace;
  beforeEach(async () => {
    ws = makeWorkspace();
    ws.build('shell', '0.1.0-s1');
    for (const v of V) ws.build('catalog', v);
    for (const [section, v] of [['shell', '0.1.0-s1'], ...V.map((x) => ['catalog', x])] as [string, string][]) {
      expect((await ws.ops('publish', section, '--from', path.join(ws.repo, section, 'dist', v))).code).toBe(0);
    }
    expect((await ws.ops('activate', 'shell', '0.1.0-s1')).code).toBe(0);
  });
  afterEach(() => ws.cleanup());

  const activations = (h: HistoryRecord[]) => h.filter((r) => r.section === 'catalog' && r.action === 'activate');

  test('activate, a canary, promote and rollback are recorded in the store; status and history read it', async () => {
    const store = kit.open(ws.root);
    expect((await ws.ops('activate', 'catalog', V[0] ?? '')).code).toBe(0);
    expect((await ws.ops('activate', 'catalog', V[1] ?? '', '--canary', '20')).code).toBe(0);
    expect((await store.readCanaries()).canaries.catalog?.percent).toBe(20);
    expect((await ws.ops('promote', 'catalog')).code).toBe(0);
    expect((await store.readState()).sections.catalog?.live?.version).toBe(V[1]);
    expect((await ws.ops('rollback', 'catalog')).code).toBe(0);
    const state = await store.readState();
    expect(state.sections.catalog?.live?.version).toBe(V[0]);
    expect((await store.live()).registry).toEqual(registryFromState(state));
    const actions = (await store.readHistory()).filter((h) => h.section === 'catalog').map((h) => h.action);
    expect(actions).toEqual(['publish', 'publish', 'publish', 'activate', 'canary', 'promote', 'rollback']);
    const history = await ws.ops('history', 'catalog');
    expect(history.out).toMatch(/promote/);
    const status = JSON.parse((await ws.ops('status', '--json')).out) as { sections: { name: string; live: { version: string } }[] };
    expect(status.sections.find((s) => s.name === 'catalog')?.live.version).toBe(V[0]);
  });

  test('activations from two processes at once each land whole and in one order: history is a chain, none lost', async () => {
    const [a, b] = [kit.open(ws.root), kit.open(ws.root)];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        activate({ root: ws.root, repo: ws.repo, store: i % 2 ? a : b }, 'catalog', V[i % 3] ?? '').then((r) => r.changed),
      ),
    );
    const lines = activations(await a.readHistory());
    expect(lines).toHaveLength(results.filter(Boolean).length);
    // Each change saw the one before it: its "previous" is the version the last one made live.
    for (let i = 1; i < lines.length; i++) expect(lines[i]?.previous).toBe(lines[i - 1]?.version);
    const state = await b.readState();
    expect(state.sections.catalog?.live?.version).toBe(lines[lines.length - 1]?.version);
    expect(state.sections.catalog?.previous).toHaveLength(lines.length - 1);
  });

  test('a change that fails part-way writes nothing: no state, no canary, no history line', async () => {
    const store = kit.open(ws.root);
    const before = await store.readState();
    const historyBefore = (await store.readHistory()).length;
    await expect(
      store.change(async (tx) => {
        const s = tx.state.sections.catalog;
        if (s) s.live = { version: V[2] ?? '', entry: 'x', activatedAt: new Date().toISOString() };
        tx.canaries.canaries.catalog = { version: V[1] ?? '', entry: 'y', percent: 5, startedAt: '', autoRollback: null };
        tx.history({ action: 'activate', section: 'catalog', version: V[2] ?? '' });
        throw new Error('the operator pressed Ctrl+C');
      }),
    ).rejects.toThrow('Ctrl+C');
    expect(await store.readState()).toEqual(before);
    expect((await store.readCanaries()).canaries).toEqual({});
    expect(await store.readHistory()).toHaveLength(historyBefore);
  });

  test('of several processes ending one canary at once, exactly one does, recorded once with its reason', async () => {
    expect((await ws.ops('activate', 'catalog', V[0] ?? '')).code).toBe(0);
    expect((await ws.ops('activate', 'catalog', V[1] ?? '', '--canary', '10', '--auto-rollback')).code).toBe(0);
    const stores = [kit.open(ws.root), kit.open(ws.root), kit.open(ws.root)];
    const canary = (await stores[0]?.readCanaries())?.canaries.catalog;
    if (!canary) throw new Error('no canary');
    const ended = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        endCanary({ root: ws.root, repo: ws.repo, store: stores[i % 3] }, 'catalog', {
          reason: `auto-rollback: error rate too high (host ${i % 3})`,
          by: `host ${i % 3}`,
          expect: { version: canary.version, startedAt: canary.startedAt },
        }),
      ),
    );
    expect(ended.filter(Boolean)).toHaveLength(1);
    const ends = (await stores[1]?.readHistory())?.filter((h) => h.action === 'canary-end') ?? [];
    expect(ends).toHaveLength(1);
    expect(ends[0]?.reason).toMatch(/^auto-rollback: error rate too high/);
    expect((await stores[2]?.readCanaries())?.canaries).toEqual({});
  });

  test('telemetry from two writers sums exactly, and every process gets the same reporter key', async () => {
    const [a, b] = [kit.open(ws.root), kit.open(ws.root)];
    const [ka, kb] = await Promise.all([a.reporterKey(), b.reporterKey()]);
    expect(ka.equals(kb)).toBe(true);
    const wa = new TelemetryWriter(a);
    const wb = new TelemetryWriter(b);
    const now = Date.now();
    for (let i = 0; i < 37; i++) wa.at(now, 'catalog', V[0] ?? '').views++;
    for (let i = 0; i < 25; i++) wb.at(now, 'catalog', V[0] ?? '').views++;
    wb.at(now, 'catalog', V[0] ?? '').errors += 3;
    await Promise.all([wa.flush(), wb.flush()]);
    wa.at(now, 'catalog', V[0] ?? '').views += 8;
    await wa.flush();
    const m = minuteOf(now);
    const agg = (await readAggregates(kit.open(ws.root), m, m)).get(versionKey('catalog', V[0] ?? ''));
    expect(agg?.views).toBe(70);
    expect(agg?.errors).toBe(3);
  });

  test('the rate limit holds across two processes: hits at once never let more than the limit through, each counted once', async () => {
    const key = await kit.open(ws.root).reporterKey();
    const limiter = (S: FastifyRateLimitStoreCtor) => new S({} as ConstructorParameters<FastifyRateLimitStoreCtor>[0]);
    const hit = (S: FastifyRateLimitStoreCtor, address: string) =>
      new Promise<number>((resolve, reject) =>
        limiter(S).incr(address, (err, r) => (err || !r ? reject(err ?? new Error('no result')) : resolve(r.current)), 2 ** 40, 15),
      );
    const [a, b] = [deployRootStore(kit.open(ws.root), key), deployRootStore(kit.open(ws.root), key)];
    const seen = await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i % 2 ? a : b, '203.0.113.7')));
    const through = seen.filter((n) => n <= 15).length;
    expect(through).toBeLessThanOrEqual(15);
    // One row counted by one statement per hit (PostgreSQL) lets exactly the limit through. Files are added
    // up after writing: of 40 hits written at the same moment, each may see all 40 and be refused (it errs
    // on refusing), so there only the bound holds.
    if (kit.kind === 'postgres') expect(through).toBe(15);
    const c = deployRootStore(kit.open(ws.root), key);
    expect(await hit(c, '203.0.113.7')).toBe(41);
    expect(await hit(c, '203.0.113.8')).toBe(1);
  });

  test('killing `ops activate` at any moment never leaves a half-made state', async () => {
    const env = { ...process.env, ...kit.env };
    const run = (version: string, killAfterMs: number) =>
      new Promise<void>((resolve) => {
        const child = spawn(process.execPath, [OPS_BIN, 'activate', 'catalog', version, '--root', ws.root, '--repo', ws.repo], {
          env,
          stdio: 'ignore',
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    // Kill times spread over the command's whole life (start-up, reading, the change itself, exit).
    for (let i = 0; i < 10; i++) await run(V[i % 3] ?? '', 150 + i * 90);
    // One more, left to finish: it must not wait on (or be refused by) anything the killed ones left.
    await run(V[1] ?? '', 30_000);
    const store = kit.open(ws.root);
    const state = await store.readState();
    const lines = activations(await store.readHistory());
    expect(state.sections.catalog?.live?.version).toBe(V[1]);
    for (let i = 1; i < lines.length; i++) expect(lines[i]?.previous).toBe(lines[i - 1]?.version);
    expect(lines[lines.length - 1]?.version).toBe(V[1]);
    expect(state.sections.catalog?.previous.length).toBe(lines.length - 1);
    expect((await kit.open(ws.root).live()).registry).toEqual(registryFromState(state));
  }, 60_000);
});
