import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyBuild, newestBuild, opsIn } from './support/builds';

/**
 * Independent delivery (issue 7), in a real browser with real Module Federation loading: versions of
 * `catalog` published, activated and rolled back with the ops CLI while the site keeps running; a
 * broken release caught by the shell's last-known-good fallback; catalog served from a second origin,
 * then that origin stopped; the `?debug=mf` diagnostics.
 *
 * These tests change what is live, so they run on a deploy root and static hosts of their own (a temp
 * folder, ports E2E_PORT+5 and +6) and share only the API server the config's webServer started.
 */

const REPO = path.resolve(__dirname, '..', '..');
const OPS_BIN = path.join(REPO, 'ops', 'bin', 'storefront-ops.cjs');
const SITE_PORT = Number(process.env.E2E_OPS_PORT ?? Number(process.env.E2E_PORT ?? 8180) + 5);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const SECOND = `http://127.0.0.1:${SITE_PORT + 1}`;
const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3180}`;

/** What tells the catalog versions apart on the home page: v2's "Shop all" link is relabelled. */
const V1_LABEL = 'Shop all';
const V2_LABEL = 'Shop all (release 2)';

let tmp = '';
let root = '';
let V1 = '';
let V2 = '';
let V3 = '';
const hosts = new Map<string, ChildProcess>();

/** Runs `pnpm ops <args> --root <root>` (the same CLI without pnpm's start-up); throws with its stderr. */
const ops = (...args: string[]): Promise<string> => opsIn(root, ...args);

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Starts `ops serve` on the deploy root and waits until `probe` answers. */
async function startHost(name: string, args: string[], probe: string): Promise<void> {
  const child = spawn(process.execPath, [OPS_BIN, 'serve', ...args, '--root', root], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  hosts.set(name, child);
  await expect
    .poll(async () => (child.exitCode === null ? answers(probe) : `exited: ${output}`), {
      timeout: 30_000,
      message: `${name} host at ${probe}`,
    })
    .toBe(true);
}

async function stopHost(name: string): Promise<void> {
  const child = hosts.get(name);
  hosts.delete(name);
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Every file below `dir` with its content hash and mtime: "untouched" means this is unchanged. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const st = await fs.stat(file);
    const hash = createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');
    out[path.relative(dir, file)] = `${hash} ${st.mtimeMs}`;
  }
  return out;
}

interface RegistryEntry {
  version: string;
  entry: string;
  lastKnownGood: { version: string; entry: string } | null;
}
interface Registry {
  shell: { version: string } | null;
  remotes: Record<string, RegistryEntry | undefined>;
}

async function registry(): Promise<Registry> {
  const res = await fetch(`${SITE}/remotes.json`);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as Registry;
}

interface Diagnostics {
  remotes: { name: string; version: string; entry: string; fellBack: boolean; modules: string[] }[];
  shared: { package: string; version: string; from: string; loaded: boolean }[];
}

/** `window.storefront.diagnostics()`, the same data the `?debug=mf` tables print. */
function diagnostics(page: Page): Promise<Diagnostics> {
  return page.evaluate(() => (window as unknown as { storefront: { diagnostics(): Diagnostics } }).storefront.diagnostics());
}

/**
 * The catalog as the shell loaded it; undefined until the shell's scripts have run (a server-rendered
 * page shows the catalog's markup before them), so callers poll.
 */
async function loadedCatalog(page: Page): Promise<Diagnostics['remotes'][number] | undefined> {
  const ready = await page.evaluate(() => 'storefront' in window);
  return ready ? (await diagnostics(page)).remotes.find((r) => r.name === 'catalog') : undefined;
}

const home = (page: Page) => page.locator('[data-remote="catalog"][data-module="Home"]');

/** The home page shows that catalog version (by the "Shop all" label), working: headings, no section fallback. */
async function expectCatalogHome(page: Page, version: 'v1' | 'v2'): Promise<void> {
  const section = home(page);
  await expect(section.getByRole('link', { name: version === 'v2' ? V2_LABEL : V1_LABEL, exact: true })).toBeVisible();
  await expect(section.getByRole('link', { name: version === 'v2' ? V1_LABEL : V2_LABEL, exact: true })).toHaveCount(0);
  await expect(section.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toHaveCount(0);
}

function consoleLog(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  return lines;
}

test.describe('operators: publish, activate, roll back, fall back, serve elsewhere', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-ops-e2e-'));
    root = path.join(tmp, 'deploy');
    const catalogBuild = await newestBuild('catalog');
    const base = (JSON.parse(await fs.readFile(path.join(catalogBuild, 'build.json'), 'utf8')) as { version: string }).version;
    V1 = `${base}.r1`;
    V2 = `${base}.r2`;
    V3 = `${base}.r3`;

    // v1: the build as it is. v2: the same build with a visible label changed in its chunks.
    let relabelled = 0;
    await copyBuild(catalogBuild, path.join(tmp, 'v1'), V1);
    let relabelledServer = 0;
    await copyBuild(catalogBuild, path.join(tmp, 'v2'), V2, (name, text) => {
      const out = text.replace(new RegExp(`label: ?(["'])${V1_LABEL}\\1`, 'g'), `label:"${V2_LABEL}"`);
      if (out !== text) {
        relabelled++;
        if (name.startsWith('server/')) relabelledServer++;
      }
      return out;
    });
    expect(relabelled, 'the catalog build no longer has the "Shop all" label these tests tell versions by').toBeGreaterThan(1);
    expect(relabelledServer, 'the server build (which renders the page first) carries the label too').toBe(1);

    // v3: a broken release, the home page's own chunk missing (as after a partial upload).
    await copyBuild(catalogBuild, path.join(tmp, 'v3'), V3);
    const manifest = JSON.parse(await fs.readFile(path.join(tmp, 'v3', 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const homeChunks = manifest.exposes.find((e) => e.name === 'Home')?.assets.js.sync ?? [];
    let removed = '';
    for (const chunk of homeChunks) {
      if ((await fs.readFile(path.join(tmp, 'v3', chunk), 'utf8')).includes(`label:"${V1_LABEL}"`)) {
        await fs.rm(path.join(tmp, 'v3', chunk));
        removed = chunk;
      }
    }
    expect(removed, 'v3 should lose the Home page chunk').not.toBe('');

    // What `npm start` does (newest build of every section, live), then the catalog releases.
    await ops('deploy-all');
    for (const v of ['v1', 'v2', 'v3']) await ops('publish', 'catalog', '--from', path.join(tmp, v));
    await ops('activate', 'catalog', V1);
    await startHost('site', ['--port', String(SITE_PORT), '--api', API_URL], `${SITE}/storefront.config.json`);
  });

  test.afterAll(async () => {
    for (const name of [...hosts.keys()]) await stopHost(name);
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  test('activate v2: the next page load shows it; the shell and the other remotes are untouched', async ({ page }) => {
    await page.goto(`${SITE}/`);
    await expectCatalogHome(page, 'v1');

    const untouched = ['shell', 'remotes/cart_checkout', 'remotes/account', `remotes/catalog/${V1}`];
    const before = await Promise.all(untouched.map((d) => snapshot(path.join(root, d))));
    const regBefore = await registry();

    const out = await ops('activate', 'catalog', V2);
    expect(out).toContain(`catalog ${V2} is live (was ${V1}`);

    await page.reload();
    await expectCatalogHome(page, 'v2');
    await expect.poll(async () => (await loadedCatalog(page))?.version).toBe(V2);

    const regAfter = await registry();
    expect(regAfter.remotes.catalog).toEqual({
      version: V2,
      entry: `/remotes/catalog/${V2}/mf-manifest.json`,
      lastKnownGood: { version: V1, entry: `/remotes/catalog/${V1}/mf-manifest.json` },
    });
    expect(regAfter.shell).toEqual(regBefore.shell);
    expect(regAfter.remotes.cart_checkout).toEqual(regBefore.remotes.cart_checkout);
    expect(regAfter.remotes.account).toEqual(regBefore.remotes.account);
    const after = await Promise.all(untouched.map((d) => snapshot(path.join(root, d))));
    expect(after).toEqual(before);
    expect(Object.keys(after[0] ?? {})).toContain(`${regBefore.shell?.version}/index.html`);
  });

  test('rollback: a reload shows v1 again (timed)', async ({ page }) => {
    await page.goto(`${SITE}/`);
    await expectCatalogHome(page, 'v2');

    const started = Date.now();
    const out = await ops('rollback', 'catalog');
    const commandMs = Date.now() - started;
    expect(out).toContain(`rolled back catalog: ${V2} → ${V1}`);
    const inProcess = /\((\d+) ms\)/.exec(out)?.[1] ?? '?';

    const reloaded = Date.now();
    await page.reload();
    await expectCatalogHome(page, 'v1');
    const reloadMs = Date.now() - reloaded;
    await expect.poll(async () => (await loadedCatalog(page))?.version).toBe(V1);
    expect((await registry()).remotes.catalog?.version).toBe(V1);

    const figures = `rollback command ${commandMs} ms (the rollback itself ${inProcess} ms); reload to v1 on screen ${reloadMs} ms`;
    test.info().annotations.push({ type: 'timing', description: figures });
    console.log(`[ops e2e] ${figures}`);
  });

  test('?debug=mf lists each loaded remote with version and URL, and the shared singletons in use', async ({ page }) => {
    const tables: unknown[][] = [];
    page.on('console', (m) => {
      if (m.type() === 'table')
        void m
          .args()[0]
          ?.jsonValue()
          .then((rows: unknown) => tables.push(rows as unknown[]));
    });
    await page.goto(`${SITE}/?debug=mf`);
    await expectCatalogHome(page, 'v1');

    await expect
      // The shell prints the tables at mount and again as each remote loads.
      .poll(() => tables.flat(), { message: 'the remotes table of ?debug=mf lists catalog' })
      .toContainEqual({ remote: 'catalog', version: V1, entry: `/remotes/catalog/${V1}/mf-manifest.json`, fellBack: false });

    // The singleton versions in use are the ones the live shell provides (its manifest says which).
    const reg = await registry();
    const shellManifest = JSON.parse(
      await fs.readFile(path.join(root, 'shell', reg.shell?.version ?? '-', 'mf-manifest.json'), 'utf8'),
    ) as { shared: { name: string; version: string }[] };
    const shellReact = shellManifest.shared.find((s) => s.name === 'react')?.version;
    expect(shellReact).toBeTruthy();
    // The tables are printed again as each remote loads: the newest shared table is the state now.
    const sharedTables = tables.filter((t) => t.some((r) => typeof (r as { package?: unknown }).package === 'string'));
    const sharedRows = (sharedTables.at(-1) ?? []) as { package?: string; version?: string; loaded?: boolean }[];
    // The design card's renderer: react and react-dom, one copy each, shared by every section.
    for (const pkg of ['react', 'react-dom', 'mobx', '@storefront/shared']) {
      expect(
        sharedRows.filter((r) => r.package === pkg && r.loaded),
        `${pkg} in the shared table`,
      ).toHaveLength(1);
    }
    expect(sharedRows.find((r) => r.package === 'react' && r.loaded)?.version).toBe(shellReact);
  });

  test('a broken v3 (chunk missing) activated with --force: the shell falls back to v1 and the page works', async ({ page }) => {
    const out = await ops('activate', 'catalog', V3, '--force');
    expect(out).toContain(`catalog ${V3} is live (was ${V1}`);
    const reg = await registry();
    expect(reg.remotes.catalog?.version).toBe(V3);
    expect(reg.remotes.catalog?.lastKnownGood?.version).toBe(V1);

    const logs = consoleLog(page);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404 && r.url().includes(`/remotes/catalog/${V3}/`)) missing.push(r.url());
    });
    await page.goto(`${SITE}/`);
    await expectCatalogHome(page, 'v1');
    // The page arrives rendered by the server; its scripts start after load, then meet the missing chunk.
    await expect.poll(() => missing.length, { message: 'the browser asked for the missing chunk' }).toBeGreaterThan(0);
    await expect
      .poll(() => logs.filter((l) => l.includes(`catalog@${V3} failed to load; falling back to last-known-good ${V1}`)).length)
      .toBeGreaterThan(0);
    // The fallback is logged as it starts; the diagnostics record it once v1 has loaded.
    await expect
      .poll(() => loadedCatalog(page))
      .toMatchObject({ version: V1, fellBack: true, entry: `/remotes/catalog/${V1}/mf-manifest.json` });

    // Client-side navigation to another catalog page keeps using last-known-good.
    await page.getByRole('link', { name: V1_LABEL, exact: true }).click();
    await expect(page.locator('[data-remote="catalog"][data-module="Shop"]').locator('h1, h2').first()).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toHaveCount(0);
  });

  test('catalog served from a second origin still loads, from that origin', async ({ page }) => {
    await startHost('second', ['--only', 'catalog', '--port', String(SITE_PORT + 1)], `${SECOND}/remotes/catalog/${V1}/mf-manifest.json`);
    await ops('rollback', 'catalog'); // v3 → v1, on this site
    const moved = await ops('activate', 'catalog', V1, '--base-url', SECOND);
    expect(moved).toContain(`now served from ${SECOND}/remotes/catalog/${V1}/mf-manifest.json`);
    await ops('activate', 'catalog', V2, '--base-url', SECOND);
    expect((await registry()).remotes.catalog).toEqual({
      version: V2,
      entry: `${SECOND}/remotes/catalog/${V2}/mf-manifest.json`,
      lastKnownGood: { version: V1, entry: `${SECOND}/remotes/catalog/${V1}/mf-manifest.json` },
    });

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const response = await page.goto(`${SITE}/`);
    // The site allows scripts from the second origin because the registry names it.
    expect(response?.headers()['content-security-policy']).toContain(`script-src 'self' ${SECOND}`);
    await expectCatalogHome(page, 'v2');
    // The server-rendered page shows v2 before its scripts start (after load): wait until the browser
    // has loaded the catalog itself, then look at where its files came from.
    await expect
      .poll(() => loadedCatalog(page))
      .toMatchObject({ version: V2, fellBack: false, entry: `${SECOND}/remotes/catalog/${V2}/mf-manifest.json` });
    const fromSecond = requests.filter((u) => u.startsWith(`${SECOND}/remotes/catalog/${V2}/`));
    expect(fromSecond.some((u) => u.endsWith('/mf-manifest.json'))).toBe(true);
    expect(fromSecond.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
    expect(requests.filter((u) => u.startsWith(`${SITE}/remotes/catalog/`))).toEqual([]);
  });

  test('second origin stopped: the catalog section shows its fallback, the rest of the site works', async ({ page }) => {
    await stopHost('second');
    await expect.poll(() => answers(`${SECOND}/remotes/catalog/${V2}/mf-manifest.json`)).toBe(false);

    const logs = consoleLog(page);
    await page.goto(`${SITE}/`);
    const fallback = home(page).getByRole('alert');
    await expect(fallback).toContainText('This section is temporarily unavailable');
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    // It tried last-known-good (on the same dead origin) before giving up.
    expect(logs.some((l) => l.includes(`catalog@${V2} failed to load; falling back to last-known-good ${V1}`))).toBe(true);
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();

    // The header's cart panel (from cart_checkout) opens on this page and navigates to the cart page.
    await page
      .locator('header')
      .first()
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .click();
    const panel = page.getByRole('dialog', { name: /^Cart\(\d+\)$/ });
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    await panel.getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator('[data-remote="cart_checkout"][data-module="Cart"]').locator('h1, h2').first()).toBeVisible();
    await page.goto(`${SITE}/signin`);
    await expect(page.locator('[data-remote="account"][data-module="SignIn"]').getByRole('heading').first()).toBeVisible();
    await page.goto(`${SITE}/faq`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'temporarily unavailable' })).toHaveCount(0);
  });
});
