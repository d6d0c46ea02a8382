/**
 * Canary releases (issue 17): who gets the canary, and the operator commands around it (activate
 * --canary, promote, rollback, status, history) on a real deploy root.
 */
import { randomBytes } from 'node:crypto';
import { BUCKETS, bucketOf, canariesFor, inCanary, registryWithCanaries } from '../src/canary/assign';
import { readCanaries } from '../src/canary/state';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { makeWorkspace, type Workspace } from './helpers';
import { eachStore } from './stores';

const ids = (n: number) => Array.from({ length: n }, () => randomBytes(16).toString('base64url'));

describe('stable assignment', () => {
  test('the same shopper always lands in the same bucket; another remote or version hashes apart', () => {
    const id = 'shopper-aaaaaaaaaaaaaaaa';
    const b = bucketOf(id, 'catalog', '0.2.0-x');
    for (let i = 0; i < 5; i++) expect(bucketOf(id, 'catalog', '0.2.0-x')).toBe(b);
    expect(b).toBeGreaterThanOrEqual(0);
    expect(b).toBeLessThan(BUCKETS);
    // Over many shoppers, a different version (or remote) is a different draw, not the same set.
    const many = ids(2000);
    const sameSet = many.filter(
      (x) => inCanary(x, 'catalog', { version: 'v1', percent: 10 }) === inCanary(x, 'catalog', { version: 'v2', percent: 10 }),
    ).length;
    expect(sameSet).toBeLessThan(many.length);
  });

  test('the share is what was asked for (10 % of 20 000 shoppers within ±1 %), 0 below its bucket and raising it only adds shoppers', () => {
    const many = ids(20_000);
    const at10 = many.filter((x) => inCanary(x, 'catalog', { version: 'v9', percent: 10 }));
    expect(at10.length / many.length).toBeGreaterThan(0.09);
    expect(at10.length / many.length).toBeLessThan(0.11);
    const at25 = new Set(many.filter((x) => inCanary(x, 'catalog', { version: 'v9', percent: 25 })));
    for (const x of at10) expect(at25.has(x)).toBe(true);
    // 0.01 % is one bucket in 10 000: the boundary is exact.
    const id = many.find((x) => bucketOf(x, 'catalog', 'v9') === 0) ?? null;
    if (id) expect(inCanary(id, 'catalog', { version: 'v9', percent: 0.01 })).toBe(true);
    const notFirst = many.find((x) => bucketOf(x, 'catalog', 'v9') === 1) ?? null;
    if (notFirst) expect(inCanary(notFirst, 'catalog', { version: 'v9', percent: 0.01 })).toBe(false);
  });

  test("a canary shopper's registry names the canary with the live version as its last-known-good; nobody else's changes", () => {
    const reg: RemoteRegistry = {
      shell: { version: 's1' },
      remotes: {
        catalog: {
          version: 'c1',
          entry: '/remotes/catalog/c1/mf-manifest.json',
          lastKnownGood: { version: 'c0', entry: '/remotes/catalog/c0/mf-manifest.json' },
        },
        account: { version: 'a1', entry: '/remotes/account/a1/mf-manifest.json', lastKnownGood: null },
      },
    };
    const canaries = {
      catalog: {
        version: 'c2',
        entry: '/remotes/catalog/c2/mf-manifest.json',
        percent: 50,
        startedAt: '2026-01-01T00:00:00Z',
        autoRollback: null,
      },
    };
    const all = ids(200);
    const inside = all.filter((x) => canariesFor(x, canaries, reg).length === 1);
    const outside = all.filter((x) => canariesFor(x, canaries, reg).length === 0);
    expect(inside.length).toBeGreaterThan(50);
    expect(outside.length).toBeGreaterThan(50);
    expect(canariesFor(null, canaries, reg)).toEqual([]);
    const mine = registryWithCanaries(reg, canaries, canariesFor(inside[0] ?? '', canaries, reg));
    expect(mine.remotes.catalog).toEqual({
      version: 'c2',
      entry: '/remotes/catalog/c2/mf-manifest.json',
      lastKnownGood: { version: 'c1', entry: '/remotes/catalog/c1/mf-manifest.json' },
    });
    expect(mine.remotes.account).toBe(reg.remotes.account);
    expect(registryWithCanaries(reg, canaries, [])).toBe(reg);
    // A canary of the version that is live already (promoted by hand) gives nobody anything else.
    expect(canariesFor(inside[0] ?? '', { catalog: { ...canaries.catalog, version: 'c1' } }, reg)).toEqual([]);
  });
});

eachStore('ops activate --canary, promote, rollback', (kit) => {
  let ws: Workspace;
  const ok = async (...args: string[]) => {
    const r = await ws.ops(...args);
    if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
    return r.out;
  };
  beforeEach(async () => {
    ws = makeWorkspace();
    await ok('publish', 'shell', '--from', ws.build('shell', '0.1.0-s1'));
    await ok('activate', 'shell', '0.1.0-s1');
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c1'));
    await ok('activate', 'catalog', '0.1.0-c1');
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c2'));
  });
  afterEach(() => ws.cleanup());

  /** The registry every shopper without a canary gets (files: remotes.json). */
  const registry = async (): Promise<RemoteRegistry> => (await kit.open(ws.root).live()).registry;

  test('a canary leaves the registry file (what everyone else gets) alone; status and history show it', async () => {
    const before = await registry();
    const out = await ok('activate', 'catalog', '0.1.0-c2', '--canary', '10');
    expect(out).toMatch(/0\.1\.0-c2 is a canary for 10 % of shoppers; the others keep 0\.1\.0-c1/);
    expect(await registry()).toEqual(before);
    const { canaries } = await readCanaries(kit.open(ws.root));
    expect(canaries.catalog).toMatchObject({
      version: '0.1.0-c2',
      percent: 10,
      entry: '/remotes/catalog/0.1.0-c2/mf-manifest.json',
      autoRollback: null,
    });
    const status = await ok('status');
    expect(status).toMatch(/catalog 0\.1\.0-c2 for 10 % of shoppers \(the rest on 0\.1\.0-c1\)/);
    const json = JSON.parse(await ok('status', '--json')) as { sections: { name: string; canary: { version: string } | null }[] };
    expect(json.sections.find((s) => s.name === 'catalog')?.canary?.version).toBe('0.1.0-c2');
    expect(await ok('history', 'catalog')).toMatch(/canary\s+0\.1\.0-c2\s+0\.1\.0-c1 .*10 % of shoppers/);
  });

  test('bad shares, the shell, the live version, an unpublished version and a second canary are refused', async () => {
    for (const bad of ['0', '100', '-5', 'ten', '12.345']) {
      const r = await ws.ops('activate', 'catalog', '0.1.0-c2', `--canary=${bad}`);
      expect([r.code, r.err]).toEqual([2, expect.stringMatching(/--canary takes a share of shoppers/)]);
    }
    expect((await ws.ops('activate', 'shell', '0.1.0-s1', '--canary', '10')).err).toMatch(/a canary is for one remote/);
    expect((await ws.ops('activate', 'catalog', '0.1.0-c1', '--canary', '10')).err).toMatch(/already the live version/);
    expect((await ws.ops('activate', 'catalog', '0.9.9-x', '--canary', '10')).err).toMatch(/not published/);
    expect((await ws.ops('activate', 'catalog', '0.1.0-c2', '--auto-rollback')).err).toMatch(/--auto-rollback goes with --canary/);
    expect((await ws.ops('activate', 'catalog', '0.1.0-c2', '--canary', '5', '--min-page-views', '3')).err).toMatch(
      /threshold of --auto-rollback/,
    );
    expect((await ws.ops('activate', 'catalog', '0.1.0-c2', '--canary', '5', '--auto-rollback', '--max-error-rate', '150')).err).toMatch(
      /per cent from 0 to 100/,
    );
    await ok('activate', 'catalog', '0.1.0-c2', '--canary', '5');
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c3'));
    expect((await ws.ops('activate', 'catalog', '0.1.0-c3', '--canary', '5')).err).toMatch(/a canary of catalog 0\.1\.0-c2 is running/);
    // A plain activate of the section would silently change what the canary is measured against.
    expect((await ws.ops('activate', 'catalog', '0.1.0-c3')).err).toMatch(/is a canary for 5 % of shoppers: end it first/);
    // Raising the share of the running canary keeps its start.
    const startedAt = (await readCanaries(kit.open(ws.root))).canaries.catalog?.startedAt;
    expect(await ok('activate', 'catalog', '0.1.0-c2', '--canary', '50', '--auto-rollback')).toMatch(/is now for 50 %/);
    const after = (await readCanaries(kit.open(ws.root))).canaries.catalog;
    expect(after).toMatchObject({
      percent: 50,
      startedAt,
      autoRollback: { maxErrorRate: 0.02, maxChunkFailureRate: 0.01, minPageViews: 50, windowMinutes: 15, minReporters: 3 },
    });
  });

  test('thresholds given on the command line are kept', async () => {
    await ok(
      'activate',
      'catalog',
      '0.1.0-c2',
      '--canary',
      '25',
      '--auto-rollback',
      '--max-error-rate',
      '5',
      '--max-chunk-failure-rate',
      '0.5',
      '--min-page-views',
      '3',
      '--window',
      '5',
      '--min-reporters',
      '7',
    );
    expect((await readCanaries(kit.open(ws.root))).canaries.catalog?.autoRollback).toEqual({
      maxErrorRate: 0.05,
      maxChunkFailureRate: 0.005,
      minPageViews: 3,
      windowMinutes: 5,
      minReporters: 7,
    });
    expect((await ws.ops('activate', 'catalog', '0.1.0-c2', '--canary', '25', '--auto-rollback', '--min-reporters', '0')).err).toMatch(
      /--min-reporters takes a whole number from 1 to 10000/,
    );
    expect((await ws.ops('activate', 'catalog', '0.1.0-c2', '--canary', '25', '--min-reporters', '2')).err).toMatch(
      /--min-reporters is a threshold of --auto-rollback/,
    );
  });

  test('promote makes the canary live for everyone, with the old live version as the rollback step', async () => {
    await ok('activate', 'catalog', '0.1.0-c2', '--canary', '10');
    expect(await ok('promote', 'catalog')).toMatch(/0\.1\.0-c2 is live for every shopper \(was 0\.1\.0-c1/);
    expect((await registry()).remotes.catalog).toMatchObject({ version: '0.1.0-c2', lastKnownGood: { version: '0.1.0-c1' } });
    expect((await readCanaries(kit.open(ws.root))).canaries).toEqual({});
    expect((await ws.ops('promote', 'catalog')).err).toMatch(/no canary running/);
    expect(await ok('history', 'catalog')).toMatch(/promote\s+0\.1\.0-c2\s+0\.1\.0-c1/);
    await ok('rollback', 'catalog');
    expect((await registry()).remotes.catalog?.version).toBe('0.1.0-c1');
  });

  test('rollback while a canary runs ends the canary and leaves the live version; the next rollback is a normal one', async () => {
    await ok('activate', 'catalog', '0.1.0-c2', '--canary', '10');
    expect(await ok('rollback', 'catalog')).toMatch(/ended the canary of catalog 0\.1\.0-c2 \(10 %\).*gets 0\.1\.0-c1/);
    expect((await registry()).remotes.catalog?.version).toBe('0.1.0-c1');
    expect((await readCanaries(kit.open(ws.root))).canaries).toEqual({});
    const h = await ok('history', 'catalog');
    expect(h).toMatch(/canary-end\s+0\.1\.0-c2\s+0\.1\.0-c1 .*ended by an operator/);
    // No canary now: rollback walks the live stack as before (nothing before c1 here).
    expect((await ws.ops('rollback', 'catalog')).err).toMatch(/no previously live version/);
  });
});
