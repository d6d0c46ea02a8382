import { expect, test, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyBuild, newestBuild, opsIn } from './support/builds';

/**
 * Canary releases with browser telemetry (issue 17), in real Chromium with real Module Federation:
 * a catalog version that throws on the product page goes to a share of 40 fresh shoppers; its errors
 * reach `ops status` under its version, from the shoppers' own browsers; the host ends it by itself;
 * shoppers on the live version never see an error. Then a healthy canary is promoted to everyone.
 *
 * Like ops.spec.ts this runs on a deploy root and host of its own (ports E2E_PORT+7), sharing only the
 * API server the config's webServer started.
 *
 * E2E_OPS_DATABASE_URL (a PostgreSQL URL whose role may create databases): the same story on the shared
 * state store (issue 37) — a fresh database of its own, named to every ops command and the host as
 * OPS_DATABASE_URL, dropped at the end. Unset: the deploy root's files, as before.
 */

const REPO = path.resolve(__dirname, '..', '..');
const OPS_BIN = path.join(REPO, 'ops', 'bin', 'storefront-ops.cjs');
const SITE_PORT = Number(process.env.E2E_CANARY_PORT ?? Number(process.env.E2E_PORT ?? 8180) + 7);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3180}`;
const SHOPPERS = 40;
const SHARE = 25;
/** What the broken version throws, in place of the product page's class name. */
const BROKEN = 'canary release: the product page is broken';

const OPS_PG = process.env.E2E_OPS_DATABASE_URL || '';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
/** One statement on E2E_OPS_DATABASE_URL's own database (the ops package's `pg`: e2e has none of its own). */
async function onServer(sql: string): Promise<void> {
  const { Client } = createRequire(path.join(REPO, 'ops', 'package.json'))('pg') as {
    Client: new (o: { connectionString: string }) => PgClient;
  };
  const client = new Client({ connectionString: OPS_PG });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const opsDatabase = `sf_e2e_canary_${process.pid}_${Date.now().toString(36)}`;
const savedOpsUrl = process.env.OPS_DATABASE_URL;

let tmp = '';
let root = '';
let LIVE = '';
let BAD = '';
let GOOD = '';
let productPath = '';
let host: ChildProcess | null = null;

const ops = (...args: string[]): Promise<string> => opsIn(root, ...args);

interface VersionTelemetry {
  version: string;
  role: string;
  posted: { views: number; errors: number; errorRate: number | null; chunkFailures: number };
}
interface StatusJson {
  sections: {
    name: string;
    live: { version: string } | null;
    canary: { version: string; percent: number } | null;
    telemetry: VersionTelemetry[];
  }[];
}

async function catalogStatus(): Promise<StatusJson['sections'][number]> {
  const s = (JSON.parse(await ops('status', '--json')) as StatusJson).sections.find((x) => x.name === 'catalog');
  if (!s) throw new Error('no catalog in ops status');
  return s;
}

const telemetryOf = async (version: string) => (await catalogStatus()).telemetry.find((t) => t.version === version)?.posted;

interface Visit {
  version: string;
  broken: boolean;
  cookie: string;
}

/** The catalog version this page runs, as the shell read it from its registry (boot data or /remotes.json). */
async function catalogVersionIn(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => 'storefront' in window)).toBe(true);
  return page.evaluate(
    () =>
      (
        window as unknown as { storefront: { diagnostics(): { registry: { remotes: Record<string, { version: string }> } } } }
      ).storefront.diagnostics().registry.remotes.catalog?.version ?? '',
  );
}

/** Page views the host has taken from browsers so far, every version (its Prometheus counter). */
async function viewsTaken(): Promise<number> {
  const text = await (await fetch(`${SITE}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('storefront_browser_page_views_total{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * Leaves the page so its telemetry goes out (the client sends on pagehide), once the client is running,
 * and waits for the host to have taken the view: a context closed with the beacon in flight loses it
 * (and Playwright does not see beacons, so the host's count is the signal).
 */
async function leave(page: Page, viewsBefore: number): Promise<void> {
  await expect(page.locator('html[data-telemetry="on"]')).toHaveCount(1);
  await page.goto('about:blank');
  await expect.poll(viewsTaken, { message: "the host took the page's view", timeout: 15_000 }).toBeGreaterThan(viewsBefore);
}

/** One visit to the product page; `cookie` makes it a returning shopper. */
async function visit(browser: Browser, cookie?: string): Promise<Visit> {
  const context = await browser.newContext();
  try {
    if (cookie) await context.addCookies([{ name: 'sf_shopper', value: cookie, url: SITE }]);
    const page = await context.newPage();
    const viewsBefore = await viewsTaken();
    await page.goto(`${SITE}${productPath}`);
    const version = await catalogVersionIn(page);
    const section = page.locator('[data-remote="catalog"][data-module="Product"]');
    const alert = page.getByRole('alert').filter({ hasText: 'temporarily unavailable' });
    const broken = version === BAD;
    if (broken) {
      await expect(alert).toBeVisible();
    } else {
      await expect(section.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(section.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      await expect(alert).toHaveCount(0);
    }
    const given = (await context.cookies(SITE)).find((c) => c.name === 'sf_shopper')?.value ?? '';
    await leave(page, viewsBefore);
    return { version, broken, cookie: given };
  } finally {
    await context.close();
  }
}

test.describe('canary releases: a share of shoppers, telemetry per version, automatic rollback', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-canary-e2e-'));
    root = path.join(tmp, 'deploy');
    if (OPS_PG) {
      // Every ops command below and the host inherit it.
      await onServer(`create database ${opsDatabase}`);
      const url = new URL(OPS_PG);
      url.pathname = `/${opsDatabase}`;
      process.env.OPS_DATABASE_URL = url.toString();
    }
    const catalogBuild = await newestBuild('catalog');
    const base = (JSON.parse(await fs.readFile(path.join(catalogBuild, 'build.json'), 'utf8')) as { version: string }).version;
    LIVE = `${base}.live`;
    BAD = `${base}.bad`;
    GOOD = `${base}.good`;
    await copyBuild(catalogBuild, path.join(tmp, 'live'), LIVE);
    await copyBuild(catalogBuild, path.join(tmp, 'good'), GOOD);
    // The broken release: rendering the product page throws (in the browser and on the server).
    const changed = await copyBuild(catalogBuild, path.join(tmp, 'bad'), BAD, (_name, text) =>
      text.replace(/(["'])cat-product sf-container\1/g, `(()=>{throw new Error(${JSON.stringify(BROKEN)})})()`),
    );
    expect(changed, 'the product page chunk (and its server build) name the "cat-product sf-container" class').toBeGreaterThanOrEqual(1);

    await ops('deploy-all');
    for (const v of ['live', 'bad', 'good']) await ops('publish', 'catalog', '--from', path.join(tmp, v));
    await ops('activate', 'catalog', LIVE);
    if (OPS_PG) {
      // The state is PostgreSQL's: status says so, and the deploy root holds version folders only.
      expect(await ops('status')).toMatch(/^state: postgres:\/\//m);
      expect(await fs.stat(path.join(root, 'remotes.json')).catch(() => null)).toBeNull();
    }

    const res = await fetch(`${API_URL}/api/new-arrivals`, { headers: { 'x-api-key': 'dev-storefront-key' } });
    const body = (await res.json()) as { data: { data: { slug: string }[] } };
    productPath = `/products/${body.data.data[0]?.slug ?? ''}`;
    expect(productPath).not.toBe('/products/');

    // Short flush and check intervals so the test need not wait for the defaults (5 s and 15 s).
    host = spawn(process.execPath, [OPS_BIN, 'serve', '--port', String(SITE_PORT), '--api', API_URL, '--root', root], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TELEMETRY_FLUSH_SECONDS: '1', CANARY_CHECK_SECONDS: '1', LOG_LEVEL: 'warn' },
    });
    let output = '';
    host.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    host.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await expect
      .poll(
        async () =>
          host?.exitCode === null
            ? fetch(`${SITE}/storefront.config.json`).then(
                (r) => r.ok,
                () => false,
              )
            : `exited: ${output}`,
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    if (host && host.exitCode === null) {
      const exited = new Promise((resolve) => host?.once('exit', resolve));
      host.kill('SIGTERM');
      await exited;
    }
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    if (OPS_PG) {
      if (savedOpsUrl === undefined) delete process.env.OPS_DATABASE_URL;
      else process.env.OPS_DATABASE_URL = savedOpsUrl;
      await onServer(`drop database if exists ${opsDatabase} with (force)`);
    }
  });

  test('a broken canary reaches only its share; its errors show under its version; the host ends it; live shoppers never see an error', async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    // The minimum of page views is above the most the split below allows (20), so the canary runs
    // through all 40 shoppers; returning canary shoppers then bring it to the minimum. Every browser
    // here reports from one address (loopback), so the rule that failures come from several addresses
    // (--min-reporters, 3 by default) is set to 1; the per-address caps still apply.
    const out = await ops(
      'activate',
      'catalog',
      BAD,
      '--canary',
      String(SHARE),
      '--auto-rollback',
      '--min-page-views',
      '21',
      '--min-reporters',
      '1',
    );
    expect(out).toContain(`catalog ${BAD} is a canary for ${SHARE} % of shoppers; the others keep ${LIVE}`);

    // One after another, each in a fresh browser context (no cookie).
    const visits: Visit[] = [];
    for (let i = 0; i < SHOPPERS; i++) visits.push(await visit(browser));
    const onCanary = visits.filter((v) => v.version === BAD);
    const onLive = visits.filter((v) => v.version === LIVE);
    expect(onCanary.length + onLive.length).toBe(SHOPPERS);
    // 25 % of 40 is 10; 1 to 20 is a band a binomial leaves with a chance below 1 in 10 000.
    expect(onCanary.length).toBeGreaterThanOrEqual(1);
    expect(onCanary.length).toBeLessThanOrEqual(20);
    test.info().annotations.push({ type: 'split', description: `${onCanary.length} of ${SHOPPERS} shoppers on the canary` });
    // Every live shopper saw the product page working (visit() checked each: heading, button, no alert).
    expect(onLive.every((v) => !v.broken)).toBe(true);

    // Their browsers' reports, in ops status under each version.
    await expect.poll(async () => (await telemetryOf(LIVE))?.views ?? 0, { timeout: 30_000 }).toBe(onLive.length);
    await expect.poll(async () => (await telemetryOf(BAD))?.errors ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(onCanary.length);
    expect((await telemetryOf(BAD))?.views).toBe(onCanary.length);
    expect((await telemetryOf(LIVE))?.errors).toBe(0);
    const status = await ops('status');
    expect(status).toMatch(
      new RegExp(`catalog\\s+${BAD.replace(/[.+]/g, '\\$&')}\\s+canary ${SHARE} %\\s+${onCanary.length}\\s+[1-9][\\d.]* %`),
    );

    // A returning canary shopper keeps the canary (no flip mid-visit) until the canary has the
    // minimum of page views; then the host ends it, and the same shopper gets the live version.
    const returning = onCanary[0]!.cookie;
    let again = await visit(browser, returning);
    expect(again.version).toBe(BAD);
    while ((await catalogStatus()).canary) {
      again = await visit(browser, returning);
      if ((await catalogStatus()).canary) expect(again.version).toBe(BAD);
    }
    const ended = (await ops('history', 'catalog')).split('\n').filter((l) => l.includes('canary-end'));
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatch(/auto-rollback: error rate \d+(\.\d+)? % \(\d+ errors from 1 address \/ \d+ page views\) above 2 %/);
    const after = await visit(browser, returning);
    expect(after).toMatchObject({ version: LIVE, broken: false });

    const report = await ops('report', 'catalog');
    expect(report).toContain(`the canary ${BAD} ended`);
    // Where it broke: the product page's route pattern (never its address).
    expect(report).toMatch(/failing routes\s+-\s+\/products\/:slug \d+/);
    console.log(`[canary e2e] ${onCanary.length}/${SHOPPERS} on the canary\n${report}`);
  });

  test('a healthy canary is promoted: every shopper gets it, new or returning', async ({ browser }) => {
    test.setTimeout(180_000);
    await ops('activate', 'catalog', GOOD, '--canary', '50', '--auto-rollback');
    const visits: Visit[] = [];
    for (let i = 0; i < 8; i++) visits.push(await visit(browser));
    expect(visits.every((v) => !v.broken)).toBe(true);
    expect(await ops('promote', 'catalog')).toContain(`catalog ${GOOD} is live for every shopper (was ${LIVE}`);
    for (const v of visits) expect(await visit(browser, v.cookie)).toMatchObject({ version: GOOD, broken: false });
    expect(await visit(browser)).toMatchObject({ version: GOOD, broken: false });
    const registry = (await (await fetch(`${SITE}/remotes.json`)).json()) as {
      remotes: { catalog: { version: string; lastKnownGood: { version: string } } };
    };
    expect(registry.remotes.catalog).toMatchObject({ version: GOOD, lastKnownGood: { version: LIVE } });
    expect((await catalogStatus()).canary).toBeNull();
  });

  test('the telemetry client is not in the server-rendered page and arrives after its first paint and hydration', async ({ page }) => {
    const response = await page.goto(`${SITE}${productPath}`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-remote="catalog"'); // server-rendered
    expect(html).not.toMatch(/telemetry\.[0-9a-f]+\.js/);
    await expect(page.locator('html[data-telemetry="on"]')).toHaveCount(1);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint' || e.name === 'first-contentful-paint');
      const chunk = performance.getEntriesByType('resource').find((e) => /\/telemetry\.[0-9a-f]+\.js$/.test(e.name));
      return {
        paint: paint?.startTime ?? null,
        chunk: chunk?.startTime ?? null,
        hydrated: document.documentElement.dataset.hydrated ?? null,
      };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.chunk).not.toBeNull();
    expect(timing.chunk!).toBeGreaterThan(timing.paint!);
    expect(timing.hydrated).toBe('true');
  });
});
