import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { ADDRESS, admin, API_KEY, findVariant, makeApp, onPostgres, registerCustomer, type TestApp, type VariantInfo } from './helpers';

/**
 * Issue 35 item 0: PostgreSQL going away under load (a restart, a failover, an administrator) must not end
 * an API process. Two API processes (test/support/apiProcess.ts) serve buyers placing orders while every
 * connection to the test's database is terminated again and again and new ones are refused: both
 * processes stay up, answer 503 with Retry-After meanwhile (also where the auth hook reads the session),
 * report not ready, serve again within a second of the database's return, and every order they
 * acknowledged is in the database.
 */
const describePg = onPostgres ? describe : describe.skip;

interface Api {
  child: ChildProcess;
  base: string;
  exited: boolean;
  stderr: string;
}

async function startApi(databaseUrl: string): Promise<Api> {
  const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const script = path.join(__dirname, 'support', 'apiProcess.ts');
  const child = spawn(process.execPath, [tsx, script, databaseUrl], { cwd: path.join(__dirname, '..'), stdio: 'pipe' });
  const api: Api = { child, base: '', exited: false, stderr: '' };
  child.on('exit', () => {
    api.exited = true;
  });
  child.stderr?.on('data', (d: Buffer) => {
    api.stderr += d.toString();
  });
  api.base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /\{"port":(\d+)\}/.exec(out);
      if (line) resolve(`http://127.0.0.1:${line[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`API process exited ${code}: ${api.stderr}`)));
  });
  return api;
}

interface Reply {
  status: number;
  body: { success?: boolean; message?: unknown; data?: unknown; ready?: boolean };
  retryAfter: string | null;
}

/** A request to a process; a refused or reset connection (a dead process) rejects. */
async function send(api: Api, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<Reply> {
  const res = await fetch(`${api.base}${url}`, {
    method,
    headers: {
      'x-api-key': API_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Reply['body'], retryAfter: res.headers.get('retry-after') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The load: shoppers buying one item at a time until `running` is cleared. */
interface Load {
  running: boolean;
  /** Order ids the API answered 201 for: each must be stored. */
  acknowledged: number[];
  /** Anything but success or 503. */
  unexpected: string[];
}

/** One shopper adding the item and checking out, again and again, through `api`. */
async function keepBuying(load: Load, api: Api, token: string, v: VariantInfo): Promise<void> {
  let cartEmpty = true;
  while (load.running) {
    try {
      if (cartEmpty) {
        const added = await send(api, 'POST', '/api/customer/add-to-cart', token, {
          id: v.variantId,
          product_id: v.productId,
          quantity: 1,
          retailer_id: 1,
          wholesaler_id: null,
        });
        if (added.status === 200) cartEmpty = false;
        else if (added.status !== 503) load.unexpected.push(`add-to-cart ${added.status} ${JSON.stringify(added.body)}`);
        continue;
      }
      const placed = await send(api, 'POST', '/api/checkout1', token, { ...ADDRESS, payment_method: 'cod' });
      if (placed.status === 201) {
        load.acknowledged.push(...(placed.body.data as { order_id: number[] }).order_id);
        cartEmpty = true;
      } else if (placed.status !== 503) load.unexpected.push(`checkout ${placed.status} ${JSON.stringify(placed.body)}`);
    } catch (err) {
      load.unexpected.push(`request failed: ${(err as Error).message}`);
      await sleep(50);
    }
  }
}

/**
 * The outage: new connections refused, and every open one (busy or idle) terminated, for 1.5 s. Returns
 * what each API answered meanwhile to a signed-in call (the auth hook reads the session first) and readiness.
 */
async function takeDatabaseAway(dbName: string, apis: Api[], token: string): Promise<Reply[]> {
  const terminateAll = (c: pg.Client) =>
    c.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'",
      [dbName],
    );
  const during: Reply[] = [];
  await admin(async (c) => {
    await c.query(`alter database ${dbName} allow_connections false`);
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      await terminateAll(c);
      await sleep(30);
    }
    for (const api of apis) {
      during.push(await send(api, 'GET', '/api/customer/cart', token));
      during.push(await send(api, 'GET', '/readyz', null));
    }
    await c.query(`alter database ${dbName} allow_connections true`);
  });
  return during;
}

/** How long after `back` each API first answered a signed-in call 200 (Infinity past 5 s). */
function firstOkAfter(apis: Api[], token: string, back: number): Promise<number[]> {
  return Promise.all(
    apis.map(async (api) => {
      for (;;) {
        const r = await send(api, 'GET', '/api/customer/cart', token).catch(() => null);
        if (r?.status === 200) return Date.now() - back;
        if (Date.now() - back > 5000) return Infinity;
        await sleep(20);
      }
    }),
  );
}

describePg('PostgreSQL going away under load', () => {
  let t: TestApp;
  const apis: Api[] = [];
  let stopLoad = async () => undefined as void;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(async () => {
    await stopLoad();
    for (const api of apis) if (!api.exited) api.child.kill('SIGTERM');
    await Promise.all(apis.map((api) => (api.exited ? null : new Promise((resolve) => api.child.once('exit', resolve)))));
    await t.close();
  });

  it('two API processes live through terminated connections: 503 meanwhile, 2xx within a second after, no order lost', async () => {
    const dbName = new URL(t.config.databaseUrl ?? '').pathname.slice(1);
    const v = await findVariant(t.db, { maxPrice: 500_00 });
    await t.db.updateTable('variations').set({ stock: 100_000 }).where('id', '=', v.variantId).execute();
    const buyers: { token: string }[] = [];
    for (let i = 0; i < 8; i += 1) buyers.push(await registerCustomer(t.app));
    apis.push(await startApi(t.config.databaseUrl ?? ''), await startApi(t.config.databaseUrl ?? ''));

    const load: Load = { running: true, acknowledged: [], unexpected: [] };
    const buying = buyers.map((b, i) => keepBuying(load, apis[i % 2]!, b.token, v));
    stopLoad = async () => {
      load.running = false;
      await Promise.all(buying);
    };
    await sleep(1000);
    const before = load.acknowledged.length;

    const during = await takeDatabaseAway(dbName, apis, buyers[0]!.token);
    const back = Date.now();
    const firstOk = await firstOkAfter(apis, buyers[1]!.token, back);
    await sleep(1000);
    await stopLoad();

    expect(apis.map((api) => api.exited)).toEqual([false, false]);
    expect(during.map((r) => [r.status, r.retryAfter])).toEqual([
      [503, '2'],
      [503, '2'],
      [503, '2'],
      [503, '2'],
    ]);
    expect(during[0]?.body.message).toBe('The shop is briefly unavailable. Please try again in a moment.');
    expect(during[1]?.body.ready).toBe(false);
    for (const ms of firstOk) expect(ms).toBeLessThan(1000);
    for (const api of apis) expect((await send(api, 'GET', '/readyz', null)).body.ready).toBe(true);
    expect(load.unexpected).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(before);
    const stored = await t.db.selectFrom('orders').select('id').where('id', 'in', load.acknowledged).execute();
    expect(stored).toHaveLength(load.acknowledged.length);
    process.stdout.write(
      `outage: ${load.acknowledged.length} orders acknowledged, all stored; back after ${firstOk.map((ms) => `${ms} ms`).join(', ')}\n`,
    );
  }, 60_000);
});
