import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makeWorkspace, DEFAULT_SHARED, type Workspace } from './helpers';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { readState, registryFromState, fileStore } from '../src/state';
import { eachStore, type StoreKit } from './stores';

let ws: Workspace;
const filesKit: StoreKit = { kind: 'files', open: (root) => fileStore(root), env: {}, url: '' };
/** The store the running test's commands use: files, or the PostgreSQL run of an eachStore suite. */
let kit: StoreKit = filesKit;
beforeEach(() => {
  ws = makeWorkspace();
  kit = filesKit;
});
afterEach(() => ws.cleanup());

/** The registry every shopper gets (files: remotes.json). */
async function registry(): Promise<RemoteRegistry> {
  return (await kit.open(ws.root).live()).registry;
}
const history = () => kit.open(ws.root).readHistory();
/** Runs a suite on both stores; its commands and reads go to the store of the run. */
const onEachStore = (name: string, suite: () => void) =>
  eachStore(name, (k) => {
    beforeEach(() => {
      kit = k;
    });
    suite();
  });

async function ok(...args: string[]): Promise<string> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`ops ${args.join(' ')} → ${r.code}\n${r.err}\n${r.out}`);
  return r.out;
}

describe('publish', () => {
  test('copies the newest production build in as a version, ignoring dist/dev', async () => {
    ws.build('catalog', '0.1.0-a', { builtAt: '2026-01-01T00:00:00.000Z' });
    ws.build('catalog', '0.1.0-b', { builtAt: '2026-01-02T00:00:00.000Z' });
    ws.build('catalog', 'dev', { dev: true, builtAt: '2030-01-01T00:00:00.000Z' });
    const out = await ok('publish', 'catalog');
    expect(out).toContain('published catalog 0.1.0-b');
    const dir = path.join(ws.root, 'remotes', 'catalog', '0.1.0-b');
    expect(readdirSync(dir).sort()).toEqual(['build.json', 'main.0123abcd.js', 'mf-manifest.json', 'remoteEntry.js']);
    expect(existsSync(path.join(ws.root, 'remotes', 'catalog', 'dev'))).toBe(false);
    // Publishing alone changes nothing live.
    expect((await registry()).remotes.catalog).toBeUndefined();
  });

  test('refuses to overwrite a published version, and leaves it untouched', async () => {
    ws.build('catalog', '0.1.0-a', { marker: 'first' });
    await ok('publish', 'catalog');
    ws.build('catalog', '0.1.0-a', { marker: 'second' });
    const again = await ws.ops('publish', 'catalog');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/catalog 0\.1\.0-a is already published.*immutable/);
    const js = readFileSync(path.join(ws.root, 'remotes', 'catalog', '0.1.0-a', 'main.0123abcd.js'), 'utf8');
    expect(js).toContain('first');
    // No leftover temporary folder.
    expect(readdirSync(path.join(ws.root, 'remotes', 'catalog'))).toEqual(['0.1.0-a']);
  });

  test('--from a build folder; the folder spelling and the MF name both work; a wrong build is refused', async () => {
    const dir = ws.build('cart_checkout', '0.2.0-x');
    expect(await ok('publish', 'cart-checkout', '--from', dir)).toContain('published cart_checkout 0.2.0-x');
    expect(existsSync(path.join(ws.root, 'remotes', 'cart_checkout', '0.2.0-x', 'mf-manifest.json'))).toBe(true);
    const other = ws.build('account', '0.3.0-y');
    const wrong = await ws.ops('publish', 'cart_checkout', '--from', other);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('is a build of account, not cart_checkout');
    const unknown = await ws.ops('publish', 'checkout');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown section');
  });

  test('the shell goes to shell/<version>/ where its publicPath points', async () => {
    ws.build('shell', '0.1.0-s1');
    await ok('publish', 'shell');
    expect(existsSync(path.join(ws.root, 'shell', '0.1.0-s1', 'index.html'))).toBe(true);
  });

  test('no build: says how to make one', async () => {
    const r = await ws.ops('publish', 'account');
    expect(r.code).toBe(1);
    expect(r.err).toContain('no production build of account');
  });
});

onEachStore('activate and rollback', () => {
  async function publishVersions(section: string, versions: string[]) {
    for (const v of versions) {
      const dir = ws.build(section, v);
      await ok('publish', section, '--from', dir);
    }
  }

  test('activate names live and last-known-good; rollback walks back one step at a time', async () => {
    await publishVersions('shell', ['0.1.0-s1']);
    await ok('activate', 'shell', '0.1.0-s1');
    await publishVersions('catalog', ['0.1.0-v1', '0.1.0-v2', '0.1.0-v3']);

    await ok('activate', 'catalog', '0.1.0-v1');
    expect(await registry()).toEqual({
      shell: { version: '0.1.0-s1' },
      remotes: { catalog: { version: '0.1.0-v1', entry: '/remotes/catalog/0.1.0-v1/mf-manifest.json', lastKnownGood: null } },
    });
    await ok('activate', 'catalog', '0.1.0-v2');
    await ok('activate', 'catalog', '0.1.0-v3');
    expect((await registry()).remotes.catalog).toEqual({
      version: '0.1.0-v3',
      entry: '/remotes/catalog/0.1.0-v3/mf-manifest.json',
      lastKnownGood: { version: '0.1.0-v2', entry: '/remotes/catalog/0.1.0-v2/mf-manifest.json' },
    });

    expect(await ok('rollback', 'catalog')).toMatch(/rolled back catalog: 0\.1\.0-v3 → 0\.1\.0-v2 \(\d+ ms\)/);
    expect((await registry()).remotes.catalog).toMatchObject({ version: '0.1.0-v2', lastKnownGood: { version: '0.1.0-v1' } });
    await ok('rollback', 'catalog');
    expect((await registry()).remotes.catalog).toMatchObject({ version: '0.1.0-v1', lastKnownGood: null });
    const none = await ws.ops('rollback', 'catalog');
    expect(none.code).toBe(1);
    expect(none.err).toContain('no previously live version');
    expect((await registry()).remotes.catalog?.version).toBe('0.1.0-v1');

    // Activating again after rollbacks keeps working, and the other sections never moved.
    await ok('activate', 'catalog', '0.1.0-v3');
    expect((await registry()).remotes.catalog).toMatchObject({ version: '0.1.0-v3', lastKnownGood: { version: '0.1.0-v1' } });
    expect((await registry()).shell).toEqual({ version: '0.1.0-s1' });
    const h = (await history()).filter((r) => r.section === 'catalog').map((r) => `${r.action} ${r.version}`);
    expect(h).toEqual([
      'publish 0.1.0-v1',
      'publish 0.1.0-v2',
      'publish 0.1.0-v3',
      'activate 0.1.0-v1',
      'activate 0.1.0-v2',
      'activate 0.1.0-v3',
      'rollback 0.1.0-v2',
      'rollback 0.1.0-v1',
      'activate 0.1.0-v3',
    ]);
  });

  test('activating the live version again changes nothing; an unpublished version is refused', async () => {
    await publishVersions('account', ['0.1.0-a']);
    await ok('activate', 'account', '0.1.0-a');
    const before = { registry: await registry(), history: (await history()).length };
    expect(await ok('activate', 'account', '0.1.0-a')).toContain('already live');
    expect({ registry: await registry(), history: (await history()).length }).toEqual(before);
    const r = await ws.ops('activate', 'account', '0.9.9-nope');
    expect(r.code).toBe(1);
    expect(r.err).toContain('not published');
    const bad = await ws.ops('activate', 'account', '../../etc');
    expect(bad.code).toBe(2);
  });

  test('--base-url puts the entry on another origin, and the last-known-good keeps its own', async () => {
    await publishVersions('catalog', ['0.1.0-v1', '0.1.0-v2']);
    await ok('activate', 'catalog', '0.1.0-v1');
    await ok('activate', 'catalog', '0.1.0-v2', '--base-url', 'http://127.0.0.1:8181/');
    expect((await registry()).remotes.catalog).toEqual({
      version: '0.1.0-v2',
      entry: 'http://127.0.0.1:8181/remotes/catalog/0.1.0-v2/mf-manifest.json',
      lastKnownGood: { version: '0.1.0-v1', entry: '/remotes/catalog/0.1.0-v1/mf-manifest.json' },
    });
    const bad = await ws.ops('activate', 'catalog', '0.1.0-v1', '--base-url', 'ftp://x');
    expect(bad.code).toBe(2);
    // Moving the live version back to this site is not a new rollback step.
    expect(await ok('activate', 'catalog', '0.1.0-v2')).toContain(
      'same version, now served from /remotes/catalog/0.1.0-v2/mf-manifest.json',
    );
    expect((await registry()).remotes.catalog).toEqual({
      version: '0.1.0-v2',
      entry: '/remotes/catalog/0.1.0-v2/mf-manifest.json',
      lastKnownGood: { version: '0.1.0-v1', entry: '/remotes/catalog/0.1.0-v1/mf-manifest.json' },
    });
    await ok('rollback', 'catalog');
    expect((await registry()).remotes.catalog).toMatchObject({ version: '0.1.0-v1', lastKnownGood: null });
  });
});

onEachStore('a partial upload', () => {
  test('refuses a version whose manifest names a file that is not there; --force overrides and is recorded', async () => {
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-p1'));
    rmSync(path.join(ws.root, 'remotes', 'catalog', '0.1.0-p1', 'remoteEntry.js'));
    const r = await ws.ops('activate', 'catalog', '0.1.0-p1');
    expect(r.code).toBe(1);
    expect(r.err).toContain('refusing to activate catalog 0.1.0-p1: 1 file(s) its mf-manifest.json names are not in');
    expect(r.err).toContain('remoteEntry.js');
    expect((await registry()).remotes.catalog).toBeUndefined();
    expect(await ws.ops('activate', 'catalog', '0.1.0-p1', '--force')).toMatchObject({ code: 0 });
    expect((await registry()).remotes.catalog?.version).toBe('0.1.0-p1');
    const rec = (await history()).find((h) => h.action === 'activate' && h.section === 'catalog');
    expect(rec).toMatchObject({ forced: true, problems: ['missing file remoteEntry.js'] });
  });
});

onEachStore('compatibility guard', () => {
  async function setup() {
    await ok('publish', 'shell', '--from', ws.build('shell', '0.1.0-s1'));
    await ok('activate', 'shell', '0.1.0-s1');
    const shared = DEFAULT_SHARED.map((s) => (s.name === 'react' ? { ...s, version: '20.1.0', requiredVersion: '^20.1.0' } : s));
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.2.0-r20', { shared }));
  }

  test('refuses a remote whose singleton range the live shell does not satisfy, naming package and both versions', async () => {
    await setup();
    const r = await ws.ops('activate', 'catalog', '0.2.0-r20');
    expect(r.code).toBe(1);
    expect(r.err).toContain('refusing to activate catalog 0.2.0-r20');
    expect(r.err).toContain('react: catalog 0.2.0-r20 requires ^20.1.0, but the live shell 0.1.0-s1 provides 19.3.1');
    expect(r.err).toContain('--force');
    expect((await registry()).remotes.catalog).toBeUndefined();
    expect((await history()).some((h) => h.action === 'activate' && h.section === 'catalog')).toBe(false);
  });

  test('--force overrides and is recorded in history and status', async () => {
    await setup();
    const r = await ws.ops('activate', 'catalog', '0.2.0-r20', '--force');
    expect(r.code).toBe(0);
    expect(r.out).toContain('WARNING');
    expect((await registry()).remotes.catalog?.version).toBe('0.2.0-r20');
    const rec = (await history()).find((h) => h.action === 'activate' && h.section === 'catalog');
    expect(rec).toMatchObject({ forced: true, version: '0.2.0-r20' });
    expect(rec?.problems?.[0]).toContain('react: catalog 0.2.0-r20 requires ^20.1.0');
    expect(await ok('history', 'catalog')).toContain('FORCED past: react: catalog 0.2.0-r20 requires ^20.1.0');
    expect(await ok('status')).toContain('0.2.0-r20 (forced)');
  });

  test('a new shell is checked against the live remotes', async () => {
    await ok('publish', 'shell', '--from', ws.build('shell', '0.1.0-s1'));
    await ok('activate', 'shell', '0.1.0-s1');
    await ok('publish', 'account', '--from', ws.build('account', '0.1.0-a1'));
    await ok('activate', 'account', '0.1.0-a1');
    const old = DEFAULT_SHARED.map((s) => (s.name === 'mobx' ? { ...s, version: '6.13.0' } : s));
    await ok('publish', 'shell', '--from', ws.build('shell', '0.0.9-old', { shared: old }));
    const r = await ws.ops('activate', 'shell', '0.0.9-old');
    expect(r.code).toBe(1);
    expect(r.err).toContain('mobx: the live account 0.1.0-a1 requires ^7.1.0, but shell 0.0.9-old provides 6.13.0');
  });

  test('singletons the shell does not share, and non-singletons, are not held against the remote', async () => {
    await ok('publish', 'shell', '--from', ws.build('shell', '0.1.0-s1'));
    await ok('activate', 'shell', '0.1.0-s1');
    const shared = [
      ...DEFAULT_SHARED,
      { name: 'swiper', version: '14.4.0', requiredVersion: '^14.4.0' },
      { name: 'react-dom', version: '20.0.0', requiredVersion: '^20.0.0', singleton: false },
    ];
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c', { shared }));
    expect(await ok('activate', 'catalog', '0.1.0-c')).toContain('is live');
  });
});

describe('status, history, deploy-all', () => {
  test('status lists every section with live, last-known-good and published versions with dates', async () => {
    await ok('publish', 'shell', '--from', ws.build('shell', '0.1.0-s1'));
    await ok('activate', 'shell', '0.1.0-s1');
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-v1', { builtAt: '2026-03-01T10:00:00.000Z' }));
    await ok(
      'publish',
      'catalog',
      '--from',
      ws.build('catalog', '0.1.0-v2', { builtAt: '2026-03-02T10:00:00.000Z', server: { js: 'exports.Home = {};' } }),
    );
    await ok('activate', 'catalog', '0.1.0-v1');
    await ok('activate', 'catalog', '0.1.0-v2');
    const out = await ok('status');
    const lines = out.split('\n');
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `)) ?? '';
    // SERVER BUILD: whether the host can render the live version's pages (catalog v2 has one, v1 not).
    expect(row('shell')).toMatch(/^shell\s+0\.1\.0-s1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+-\s+0\s+this site\s+no\s+1$/);
    expect(row('catalog')).toMatch(/^catalog\s+0\.1\.0-v2\s+\S+ \S+\s+0\.1\.0-v1\s+1\s+this site\s+yes\s+2$/);
    expect(row('cart_checkout')).toMatch(/^cart_checkout\s+-/);
    expect(row('account')).toMatch(/^account\s+-/);
    expect(out).toMatch(/0\.1\.0-v2\s+2026-03-02 10:00:00Z\s+\d{4}-\S+ \S+\s+live/);
    expect(out).toMatch(/0\.1\.0-v1\s+2026-03-01 10:00:00Z\s+\d{4}-\S+ \S+\s+last-known-good/);
    const json = JSON.parse(await ok('status', '--json')) as {
      sections: { name: string; live: { version: string } | null; serverRendered: boolean }[];
    };
    expect(json.sections.map((s) => [s.name, s.live?.version ?? null, s.serverRendered])).toEqual([
      ['shell', '0.1.0-s1', false],
      ['catalog', '0.1.0-v2', true],
      ['cart_checkout', null, false],
      ['account', null, false],
      ['admin', null, false],
    ]);
    const hist = await ok('history', 'catalog');
    expect(hist.split('\n').filter((l) => /catalog\s+(publish|activate)/.test(l))).toHaveLength(4);
    expect(hist).not.toContain('shell');
  });

  test('deploy-all publishes and activates each newest build, shell first, and is idempotent', async () => {
    ws.build('shell', '0.1.0-b1');
    ws.build('catalog', '0.1.0-b1');
    ws.build('cart_checkout', '0.1.0-b1');
    ws.build('account', '0.1.0-b1');
    const first = await ws.ops('deploy-all');
    expect(first.code).toBe(0);
    expect(first.out).toContain('shell: published 0.1.0-b1');
    expect(first.out).toContain('catalog: 0.1.0-b1 is live');
    expect(Object.keys((await registry()).remotes).sort()).toEqual(['account', 'cart_checkout', 'catalog']);
    const regBefore = readFileSync(path.join(ws.root, 'remotes.json'), 'utf8');
    const histBefore = readFileSync(path.join(ws.root, 'history.jsonl'), 'utf8');
    const again = await ws.ops('deploy-all');
    expect(again.code).toBe(0);
    expect(again.out).not.toContain('published');
    expect(readFileSync(path.join(ws.root, 'remotes.json'), 'utf8')).toBe(regBefore);
    expect(readFileSync(path.join(ws.root, 'history.jsonl'), 'utf8')).toBe(histBefore);

    // A new build of all sections with a new React major: the new shell is checked against the new
    // remotes it is deployed with, not the old live ones, so the upgrade goes through.
    const r20 = DEFAULT_SHARED.map((s) => (s.name === 'react' ? { ...s, version: '20.0.0', requiredVersion: '^20.0.0' } : s));
    const later = '2099-01-01T00:00:00.000Z';
    for (const s of ['shell', 'catalog', 'cart_checkout', 'account']) ws.build(s, '0.2.0-b2', { shared: r20, builtAt: later });
    const upgrade = await ws.ops('deploy-all');
    expect(upgrade.err).toBe('');
    expect((await registry()).shell).toEqual({ version: '0.2.0-b2' });
    expect((await registry()).remotes.catalog).toMatchObject({ version: '0.2.0-b2', lastKnownGood: { version: '0.1.0-b1' } });
  });
});

describe('concurrency', () => {
  const cli = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
  const tsxCli = require.resolve('tsx/cli');

  function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [tsxCli, cli, ...args, '--root', ws.root, '--repo', ws.repo], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (code) => resolve({ code, out, err }));
    });
  }

  test('parallel activations across sections leave a valid registry and a complete history', async () => {
    const versions = ['0.1.0-p1', '0.1.0-p2', '0.1.0-p3'];
    for (const s of ['catalog', 'account']) {
      for (const v of versions) await ok('publish', s, '--from', ws.build(s, v));
    }
    const jobs: [string, string][] = [];
    for (const v of versions) jobs.push(['catalog', v], ['account', v]);
    jobs.push(['catalog', '0.1.0-p1'], ['account', '0.1.0-p2']);
    const results = await Promise.all(jobs.map(([s, v]) => run(['activate', s, v])));
    for (const r of results) expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });

    const reg = await registry();
    const state = await readState(ws.root);
    // The registry is exactly what the final state says, and each section names a published version.
    expect(reg).toEqual(registryFromState(state));
    for (const s of ['catalog', 'account']) {
      const e = reg.remotes[s];
      expect(versions).toContain(e?.version);
      expect(e?.entry).toBe(`/remotes/${s}/${e?.version}/mf-manifest.json`);
    }
    const changes = (await history()).filter((h) => h.action === 'activate');
    const changed = results.filter((r) => !r.out.includes('already live')).length;
    expect(changes).toHaveLength(changed);
    // Every step of the rollback stack was really live once: the stack plus live equals the history.
    for (const s of ['catalog', 'account']) {
      const sec = state.sections[s];
      const chain = [...(sec?.previous ?? []).map((p) => p.version), sec?.live?.version];
      expect(chain).toEqual(changes.filter((h) => h.section === s).map((h) => h.version));
    }
    expect(readdirSync(ws.root).filter((f) => f.includes('.tmp-') || f === '.ops.lock')).toEqual([]);
  }, 90_000);

  test('two publishes of the same version at once: exactly one wins', async () => {
    const dir = ws.build('catalog', '0.1.0-race');
    const results = await Promise.all([run(['publish', 'catalog', '--from', dir]), run(['publish', 'catalog', '--from', dir])]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(readdirSync(path.join(ws.root, 'remotes', 'catalog'))).toEqual(['0.1.0-race']);
  }, 60_000);
});
