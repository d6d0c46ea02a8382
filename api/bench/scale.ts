/**
 * Catalogue-scale benchmark (issue 16): the API over catalogues of 1k, 20k and 200k products, on SQLite
 * (one API process) and on PostgreSQL (two API processes, each request to the one with fewer answers
 * outstanding, as the host balances them; `--balance turn` alternates instead), production mode, with
 * the page cache off (CATALOG_CACHE=0: every request reaches the database; list totals stay cached per
 * filter, which is the design). Each call is paced at `rate` requests/s (open loop, p99), then driven flat
 * out (autocannon, throughput). Ends with 50 parallel checkouts of the last 5 units of a variation.
 * Figures only: nothing here asserts a time.
 *
 * Every size is measured `--rounds` times (3), the sizes taken in turn within each round (1k, 20k, 200k,
 * 1k, …) on fresh API processes: a call's p99 is the median of its rounds' p99s, and every round's is
 * printed. On a small machine one pause of a few tens of milliseconds sets a 20-s run's p99 by itself;
 * interleaving lets such pauses fall on every size alike instead of on whichever ran at that moment, and
 * the median reads the call rather than the luckiest or unluckiest run. Flat-out throughput and the
 * checkout race run in the first round only. The load generator runs at a higher priority than the
 * servers when it may (root; `--no-priority` turns it off): its own waits for a core are timed as the
 * server's latency, and a shopper's device does not share the server's cores.
 *
 *   pnpm --filter @storefront/api bench:scale -- [--sizes 1000,20000,200000] [--db sqlite,postgres]
 *     [--pg postgres://user:pass@127.0.0.1:5432/db] (or TEST_DATABASE_URL; a role that may create databases)
 *     [--duration 5] (seconds flat out) [--paced-seconds 20] [--rate 500] [--connections 10] [--instances 2] [--dir <folder for the SQLite files>]
 *     [--rounds 3] [--no-priority]
 *     [--keep] (keep the grown databases for the next run) [--api-dir <api folder to run, default this one>]
 *     [--calls list,search rare,add-to-cart,checkout race] (only these; default every call)
 *     [--report <json of a run>] (print that run's growth table, measure nothing)
 *     [--balance least|turn] [--no-grow] (use the databases as they are) [--pg-prefix sf_scale] [--json <file>] [--port <first API port>]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pacedRun, type PacedFigures, type PacedRequest } from './paced';
import { BENCH_API_KEY, benchProductionEnv } from './productionEnv';
import { freePort, waitFor } from './apiProcess';
import { cartCycle } from './cartCycle';
import { cpuAccount, type CpuFigures } from './cpu';
import { exact, misspelt, partial } from './searchTexts';

const API_DIR = path.resolve(__dirname, '..');
const API_KEY = BENCH_API_KEY;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
/** How paced requests are shared between API processes (paced.ts): as the host does, or in turn. */
const BALANCE: 'least' | 'turn' = arg('balance') === 'turn' ? 'turn' : 'least';
/** `--calls a,b`: measure only the named calls (to look at one call without the rest's half hour). */
const CALLS = arg('calls')
  ?.split(',')
  .map((c) => c.trim());
const measured = (call: string) => !CALLS || CALLS.includes(call);

interface Row {
  db: string;
  size: number;
  instances: number;
  scenario: string;
  /** Which round measured it (1 when absent: a run saved before rounds). */
  round?: number;
  paced: PacedFigures & { rate: number };
  /** The answer's `total` (a list's or search's matches), as the paced run asked it. */
  total?: number;
  /** How many products that answer's page held (page 50 of a small catalogue's filter holds none). */
  shown?: number;
  /** Where the paced run's CPU went (Linux only). */
  cpu?: CpuFigures | null;
  flat: { throughput: number; p99: number; errors: number };
}

/** A round after the first measures no throughput. */
const NOT_MEASURED: Row['flat'] = { throughput: 0, p99: 0, errors: 0 };
/** The API processes' priority (nice 0); the generator's is raised above it (main). */
const NORMAL_PRIORITY = 0;
const GENERATOR_PRIORITY = -10;
/** Whether this process raised its priority (raisePriority): only then are the servers set back. */
let priorityRaised = false;

type Target = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
const dbEnv = (t: Target) => (t.kind === 'sqlite' ? { DB_FILE: t.file } : { DATABASE_URL: t.url });

/** Grows (or creates) the database of one size with the seed command. */
function grow(apiDir: string, target: Target, size: number): void {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src', 'cli', 'grow.ts'), String(size)], {
    cwd: apiDir,
    env: { ...process.env, ...dbEnv(target) },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error(`seeding ${size} products failed`);
}

async function pgAdmin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `SCALE_API_NODE_FLAGS`: extra Node flags for the API processes, to look inside a stall (for example
 * `--cpu-prof --cpu-prof-dir=<a folder>`: each process writes its profile when the run ends).
 */
const API_NODE_FLAGS = (process.env.SCALE_API_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** `SCALE_API_OUT=<folder>`: each API process's standard output to `api-<port>.log` there (e.g. `--trace-gc`'s lines). */
const API_OUT = process.env.SCALE_API_OUT;

/** The API process's output file (`SCALE_API_OUT`), opened with the time it is started at. */
function apiOut(port: number): number {
  const fd = fs.openSync(path.join(API_OUT ?? '', `api-${port}.log`), 'a');
  fs.writeSync(fd, `spawned at ${new Date().toISOString()}\n`);
  return fd;
}

function startServers(apiDir: string, target: Target, ports: number[]): ChildProcess[] {
  return ports.map((port) => {
    const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', path.join(apiDir, 'src', 'server.ts')], {
      cwd: apiDir,
      env: {
        ...process.env,
        ...dbEnv(target),
        ...benchProductionEnv,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        CATALOG_CACHE: '0',
        SEED_PRODUCTS: '',
      },
      stdio: ['ignore', API_OUT ? apiOut(port) : 'ignore', 'inherit'],
    });
    // A child inherits the generator's raised priority (main): the servers run at the ordinary one.
    if (priorityRaised && child.pid) os.setPriority(child.pid, NORMAL_PRIORITY);
    return child;
  });
}

async function post<T>(base: string, url: string, body: unknown, token?: string): Promise<{ status: number; data: T; message?: unknown }> {
  const headers: Record<string, string> = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const parsed = (await res.json()) as { data: T; message?: unknown };
  return { status: res.status, data: parsed.data, message: parsed.message };
}

const BOUNDARY = '----storefront-scale';
const multipart = (fields: Record<string, string>) =>
  `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`;

/** Where a paced run was slow: the load generator's own pauses, and the worst 100-ms windows (issue 16). */
const stalls = (p: PacedFigures) =>
  `\n  paced: p50 ${p.p50}, p90 ${p.p90}, max ${p.max} ms; load generator's event-loop delay p99 ${p.clientLagP99}, max ${p.clientLagMax} ms` +
  (p.slowWindows.length
    ? `; slowest windows ${p.slowWindows
        .map(
          (w) =>
            `${w.at} s at ${w.clock} (${w.count} over 25 ms${w.byProcess.length > 1 ? ` [${w.byProcess.join(' + ')}]` : ''}, max ${w.max})`,
        )
        .join(', ')}`
    : '');

/** The paced run's CPU per answer, by part (cpu.ts). */
const cpuLine = (c: CpuFigures | null | undefined) =>
  c
    ? `\n  CPU per answer: API ${c.apiMsPerAnswer} ms, database ${c.dbMsPerAnswer} ms, load generator ${c.generatorMsPerAnswer} ms; ${c.coresBusy} cores busy on average`
    : '';

/** How many products one request's answer found (`total`) and holds on its page (`shown`), if it lists any. */
async function answerSize(base: string, r: PacedRequest | undefined): Promise<{ total?: number; shown?: number }> {
  if (!r) return {};
  const res = await fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
  const parsed = (await res.json()) as { data?: { total?: unknown; products?: unknown } };
  if (typeof parsed.data?.total !== 'number' || !Array.isArray(parsed.data.products)) return {};
  return { total: parsed.data.total, shown: parsed.data.products.length };
}

/** A measured call: its requests (cycled), and for the paced run another set when every request must be new. */
interface Scenario {
  name: string;
  requests: PacedRequest[];
  paced?: PacedRequest[];
}

/**
 * Searches (exact, partial, misspelt) and filtered lists, each request new: totals, spelling look-ups and
 * plans are all done afresh, as for the thousands of distinct strings shoppers type.
 */
function distinctScenarios(json: Record<string, string>, form: Record<string, string>): Scenario[] {
  const search = (text: string): PacedRequest => ({
    method: 'POST',
    path: '/api/search-products',
    headers: json,
    body: JSON.stringify({ search: text }),
  });
  const texts = (make: (i: number) => string, from: number, count: number) => Array.from({ length: count }, (_, k) => make(from + k));
  // Warm-up and flat out from the start of each space, the paced run (10,000 at 500/s for 20 s) after them.
  const WARM = 2_000;
  const PACED = 12_000;
  const of = (name: string, make: (i: number) => string): Scenario => ({
    name,
    requests: texts(make, 0, WARM).map(search),
    paced: texts(make, WARM, PACED).map(search),
  });
  const list = (i: number): PacedRequest => ({
    method: 'POST',
    path: '/api/get-products?page=1',
    headers: form,
    body: multipart({ min_price: String(100 + (i % 5000)), max_price: String(6000 + Math.floor(i / 5000)) }),
  });
  return [
    of('search exact new', exact),
    of('search partial new', partial),
    of('search misspelt new', misspelt),
    {
      name: 'list new filter',
      requests: Array.from({ length: WARM }, (_, i) => list(i)),
      paced: Array.from({ length: PACED }, (_, i) => list(WARM + i)),
    },
  ];
}

/** Flat out on every process at once (connections split between them). */
async function flatOut(ports: number[], connections: number, duration: number, requests: PacedRequest[]) {
  const per = Math.max(1, Math.round(connections / ports.length));
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({ url: `http://127.0.0.1:${port}`, connections: per, duration, requests: requests.map((r) => ({ ...r })) }),
    ),
  );
  return {
    throughput: results.reduce((s, r) => s + Math.round(r.requests.average), 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
  };
}

async function measureOne(opts: {
  db: 'sqlite' | 'postgres';
  size: number;
  target: Target;
  apiDir: string;
  instances: number;
  rate: number;
  duration: number;
  pacedSeconds: number;
  connections: number;
  /** Which round this is; throughput (flat out) and the checkout race are measured in the first only. */
  round: number;
  log: (s: string) => void;
}): Promise<Row[]> {
  const { log, round } = opts;
  const first = round === 1;
  const tag = `${opts.db} ${opts.size}${round > 1 ? ` (round ${round})` : ''}`;
  // --port P: processes on P, P+1, …; else free ports the system hands out.
  const ports = arg('port')
    ? Array.from({ length: opts.instances }, (_, i) => Number(arg('port')) + i)
    : await Promise.all(Array.from({ length: opts.instances }, freePort));
  const servers = startServers(opts.apiDir, opts.target, ports);
  const apiPids = servers.map((s) => s.pid ?? 0).filter(Boolean);
  // PostgreSQL: the CPU of this database's backends only (other work on a shared server is not the bench's).
  const dbCpu = opts.target.kind === 'postgres' ? { database: new URL(opts.target.url).pathname.slice(1) } : false;
  const rows: Row[] = [];
  try {
    for (const port of ports) await waitFor(`http://127.0.0.1:${port}/api/openapi.json`, 120_000);
    const base = `http://127.0.0.1:${ports[0]}`;
    const cats = (await post<{ sub_category_list: { id: number; name: string }[] }>(base, '/api/store-info', {})).data.sub_category_list;
    const category = cats.find((c) => c.name === 'Kurtas') ?? cats[0];
    const listed = await post<{ products: { slug: string }[]; total: number }>(base, '/api/get-products', {
      sort_by: 'price_asc',
      page: 3,
    });
    const slugs = listed.data.products.map((p) => p.slug);
    const common = { 'x-api-key': API_KEY };
    const form = { ...common, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const json = { ...common, 'content-type': 'application/json' };
    const filtered = { sub_category: String(category?.id ?? 1), min_price: '500', max_price: '2500', sort_by: 'price_asc' };
    const scenarios: Scenario[] = [
      { name: 'list', requests: [{ method: 'POST', path: '/api/get-products?page=1', headers: form, body: multipart({}) }] },
      { name: 'filtered p1', requests: [{ method: 'POST', path: '/api/get-products?page=1', headers: form, body: multipart(filtered) }] },
      { name: 'filtered p50', requests: [{ method: 'POST', path: '/api/get-products?page=50', headers: form, body: multipart(filtered) }] },
      {
        name: 'search common',
        requests: [{ method: 'POST', path: '/api/search-products', headers: json, body: JSON.stringify({ search: 'watch' }) }],
      },
      // A craft word of the grown catalogue (about 1 product in 2,000): no match at 1k, about 10 at 20k
      // and 100 at 200k (each run prints what it found).
      {
        name: 'search rare',
        requests: [{ method: 'POST', path: '/api/search-products', headers: json, body: JSON.stringify({ search: 'paithani' }) }],
      },
      // Issue 36: every request a search (or a filter) the API has not seen, so nothing is answered from a
      // kept total or plan: the warm-up and flat-out runs take one set of strings, the paced run another.
      ...distinctScenarios(json, form),
      {
        name: 'details',
        requests: slugs.map((slug) => ({ method: 'GET' as const, path: `/api/single-product-details/${slug}`, headers: common })),
      },
    ];
    // Fresh processes: every call once around (JIT, the pools' connections, their prepared statements)
    // before the first is measured; without it the first call measured carried the start (p99 1 s on PG).
    const reads = scenarios.filter((s) => measured(s.name));
    for (const s of reads) await flatOut(ports, opts.connections, 1, s.requests);
    for (const s of reads) {
      const { total, shown } = await answerSize(base, (s.paced ?? s.requests)[0]);
      await flatOut(ports, opts.connections, 1, s.requests); // warm-up
      const account = cpuAccount(apiPids, dbCpu);
      const paced = {
        rate: opts.rate,
        ...(await pacedRun({
          port: ports[0] ?? 0,
          ports,
          balance: BALANCE,
          rate: opts.rate,
          seconds: opts.pacedSeconds,
          next: (i) => (s.paced ?? s.requests)[i % (s.paced ?? s.requests).length] ?? null,
        })),
      };
      const cpu = account(paced.requests);
      const flat = first ? await flatOut(ports, opts.connections, opts.duration, s.requests) : NOT_MEASURED;
      rows.push({ db: opts.db, size: opts.size, instances: opts.instances, scenario: s.name, round, paced, cpu, flat, total, shown });
      log(
        `${tag}: ${s.name}${total === undefined ? '' : ` (${total} found, ${shown} on the page)`}: p99 ${paced.p99} ms at ${opts.rate}/s (errors ${paced.errors + paced.non2xx})${first ? `; flat out ${flat.throughput}/s, p99 ${flat.p99} ms` : ''}${stalls(paced)}${cpuLine(cpu)}`,
      );
    }

    // Add-to-cart, a write transaction: paced (at most 200/s, each add followed by its remove), then flat.
    const stamp = Date.now().toString(36);
    const register = async (count: number, tag: string): Promise<string[]> => {
      const made: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const r = await post<{ token: string }>(`http://127.0.0.1:${ports[i % ports.length]}`, '/api/customer/register', {
          firstName: 'Scale',
          lastName: `Shopper${i}`,
          email: `scale${stamp}${tag}${i}@example.in`,
          password: 'Scale@123',
        });
        if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.message)}`);
        made.push(r.data.token);
      }
      return made;
    };
    const tokens = await register(40, 'c');
    const inStock = await post<{ products: { id: number; variations: { id: number; stock: number }[] }[] }>(base, '/api/get-products', {
      in_stock: '1',
      page: 2,
    });
    const target = inStock.data.products.flatMap((p) =>
      p.variations.filter((v) => v.stock >= 5).map((v) => ({ productId: p.id, variantId: v.id })),
    )[0];
    if (!target) throw new Error('no variation in stock');
    const cart = cartCycle(target, tokens, common);
    // Flat out, one shopper per connection (adds on one customer would queue on that customer's lock).
    const per = Math.max(1, Math.round(opts.connections / ports.length));
    let next = 0;
    const cartFlatOut = async (duration: number) => {
      const results = await Promise.all(
        ports.map((port) =>
          autocannon({
            url: `http://127.0.0.1:${port}`,
            connections: per,
            duration,
            requests: cart.requests(tokens[0] ?? ''),
            setupClient: (client) => {
              client.setRequests(cart.requests(tokens[next++ % tokens.length] ?? ''));
            },
          }),
        ),
      );
      return {
        throughput: results.reduce((s, r) => s + Math.round(r.requests.average), 0),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
      };
    };
    // Warmed like the reads: the add and remove paths' JIT and prepared statements on every pool connection.
    const measureCart = async (): Promise<void> => {
      await cartFlatOut(1);
      const cartRate = Math.min(opts.rate, 200);
      const account = cpuAccount(apiPids, dbCpu);
      const paced = {
        rate: cartRate,
        ...(await pacedRun({
          port: ports[0] ?? 0,
          ports,
          balance: BALANCE,
          rate: cartRate,
          seconds: opts.pacedSeconds,
          next: (i) => cart.next(i),
          after: (i) => cart.after(i, `http://127.0.0.1:${ports[i % ports.length]}`),
        })),
      };
      const cpu = account(paced.requests);
      const flat = first ? await cartFlatOut(opts.duration) : NOT_MEASURED;
      rows.push({ db: opts.db, size: opts.size, instances: opts.instances, scenario: 'add-to-cart', round, paced, cpu, flat });
      log(
        `${tag}: add-to-cart: p99 ${paced.p99} ms at ${cartRate}/s${first ? `; flat out ${flat.throughput}/s, p99 ${flat.p99} ms` : ''}${stalls(paced)}${cpuLine(cpu)}`,
      );
    };
    if (measured('add-to-cart')) await measureCart();

    // 50 parallel checkouts of the last 5 units, spread over the processes.
    const race = async (): Promise<void> => {
      // Racers of their own: the cart run's last requests may still land after it ends and leave a unit in
      // its shoppers' carts (an order of 2 then looks like a lost unit).
      const racers = await register(50, 'r');
      const variant = inStock.data.products.flatMap((p) => p.variations.map((v) => ({ productId: p.id, variantId: v.id })))[1] ?? target;
      await setStock(opts.target, variant.variantId, 50);
      const raceCart = cartCycle(variant, racers, common);
      for (const [i, token] of racers.entries()) {
        const [add] = raceCart.requests(token);
        const r = await fetch(`http://127.0.0.1:${ports[i % ports.length]}${add?.path ?? ''}`, {
          method: 'POST',
          headers: add?.headers,
          body: add?.body,
        });
        if (r.status !== 200) throw new Error(`add before the race: ${r.status}`);
      }
      await setStock(opts.target, variant.variantId, 5);
      const address = {
        email: 'race@example.in',
        firstname: 'Race',
        lastname: 'Shopper',
        address: '1, MG Road',
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
        payment_method: 'cod',
      };
      const answers = await Promise.all(
        racers.map((token, i) => post(`http://127.0.0.1:${ports[i % ports.length]}`, '/api/checkout1', address, token)),
      );
      const placed = answers.filter((a) => a.status === 201).length;
      const failed = answers.filter((a) => a.status >= 500).length;
      const stock = await readStock(opts.target, variant.variantId);
      const statuses: Record<number, number> = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      const refusals = [
        ...new Set(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${JSON.stringify(a.message).slice(0, 160)}`)),
      ];
      log(
        `${opts.db} ${opts.size}: 50 parallel checkouts of the last 5 units on ${ports.length} process(es): ${placed} orders, ${failed} × 5xx, stock left ${stock}; answers ${JSON.stringify(statuses)}`,
      );
      for (const r of refusals) log(`  refused: ${r}`);
      rows.push({
        db: opts.db,
        size: opts.size,
        instances: opts.instances,
        scenario: `checkout race: ${placed} orders, stock ${stock}, ${failed} × 5xx`,
        round,
        paced: {
          rate: 0,
          p50: 0,
          p90: 0,
          p99: 0,
          max: 0,
          average: 0,
          throughput: 0,
          requests: 50,
          errors: failed,
          non2xx: 50 - placed,
          clientLagMax: 0,
          clientLagP99: 0,
          slowWindows: [],
        },
        flat: { throughput: 0, p99: 0, errors: 0 },
      });
    };
    if (first && measured('checkout race')) await race();
  } finally {
    for (const s of servers) s.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
  return rows;
}

async function setStock(target: Target, variationId: number, stock: number): Promise<void> {
  const { openDatabase } = await import('../src/db/database');
  const db = openDatabase(target.kind === 'sqlite' ? target.file : target.url);
  await db.updateTable('variations').set({ stock }).where('id', '=', variationId).execute();
  await db.destroy();
}

async function readStock(target: Target, variationId: number): Promise<number> {
  const { openDatabase } = await import('../src/db/database');
  const db = openDatabase(target.kind === 'sqlite' ? target.file : target.url);
  const row = await db.selectFrom('variations').select('stock').where('id', '=', variationId).executeTakeFirstOrThrow();
  await db.destroy();
  return row.stock;
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const r2 = (x: number) => Math.round(x * 100) / 100;

/** One call at one size over every round: the medians, and each round's p99 as measured. */
interface Summary {
  db: string;
  size: number;
  scenario: string;
  rate: number;
  p99: number;
  p50: number;
  /** Each round's p99, in round order. */
  p99s: number[];
  /** API and database CPU per answer (median of the rounds), when read. */
  cpuMs: number | null;
  total?: number;
  shown?: number;
  /** The first round's flat-out figures. */
  flat: Row['flat'];
  errors: number;
}

/** The paced rows of each (database, size, call), rounds folded into medians. */
function summarise(rows: Row[]): Summary[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.paced.rate <= 0) continue;
    const key = `${r.db}×${r.instances}\u0000${r.size}\u0000${r.scenario}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((group) => {
    const byRound = [...group].sort((a, b) => (a.round ?? 1) - (b.round ?? 1));
    const head = byRound[0] as Row;
    const cpus = byRound.flatMap((r) => (r.cpu ? [r.cpu.apiMsPerAnswer + r.cpu.dbMsPerAnswer] : []));
    return {
      db: `${head.db}×${head.instances}`,
      size: head.size,
      scenario: head.scenario,
      rate: head.paced.rate,
      p99: r2(median(byRound.map((r) => r.paced.p99))),
      p50: r2(median(byRound.map((r) => r.paced.p50))),
      p99s: byRound.map((r) => r.paced.p99),
      cpuMs: cpus.length ? median(cpus) : null,
      total: head.total,
      shown: head.shown,
      flat: head.flat,
      errors: byRound.reduce((n, r) => n + r.paced.errors + r.paced.non2xx + r.flat.errors, 0),
    };
  });
}

/**
 * Each call's growth between the smallest and the largest catalogue measured: p99 and p50 of the paced
 * runs (medians of the rounds), and the CPU an answer cost in the API and the database. A p99 under a few
 * milliseconds is set by the run's pauses more than by the query; the CPU per answer is what the query
 * itself costs. A call whose page was empty at the smallest size (a rare word with no match at 1k, page 50
 * past a small catalogue's end) is a different answer there, with no rows to read or send: its growth is
 * taken from the smallest size that answered with products, and the row says so.
 */
function growthRows(summaries: Summary[]) {
  const out: Record<string, string | number>[] = [];
  for (const key of new Set(summaries.map((r) => `${r.db}\u0000${r.scenario}`))) {
    const [db, scenario] = key.split('\u0000');
    const bySize = summaries.filter((r) => r.db === db && r.scenario === scenario).sort((a, b) => a.size - b.size);
    const answered = bySize.filter((r) => r.shown !== 0);
    const small = answered[0];
    const large = bySize[bySize.length - 1];
    if (!small || !large || small === large) continue;
    const empty = bySize.filter((r) => r.shown === 0).map((r) => r.size);
    const ratio = (a: number, b: number) => (a > 0 ? `${(b / a).toFixed(2)}×` : '–');
    const cpu = (r: Summary) => r.cpuMs ?? 0;
    out.push({
      db: db ?? '',
      call: scenario ?? '',
      sizes: `${small.size} → ${large.size}${empty.length ? ` (empty page at ${empty.join(', ')})` : ''}`,
      found: small.total === undefined ? '' : `${small.total} → ${large.total}`,
      p99: `${small.p99} → ${large.p99} ms (${ratio(small.p99, large.p99)})`,
      p50: `${small.p50} → ${large.p50} ms (${ratio(small.p50, large.p50)})`,
      'CPU per answer': `${cpu(small).toFixed(2)} → ${cpu(large).toFixed(2)} ms (${ratio(cpu(small), cpu(large))})`,
    });
  }
  return out;
}

/** The figures of a run: each call at each size (p99 the median of the rounds, each round's beside it). */
function figuresTable(rows: Row[]) {
  const races = rows.filter((r) => r.paced.rate === 0);
  return [
    ...summarise(rows).map((r) => ({
      db: r.db,
      size: r.size,
      call: r.scenario,
      'p99 paced': `${r.p99} ms`,
      rounds: r.p99s.length > 1 ? r.p99s.join(' / ') : '',
      'paced at': `${r.rate}/s`,
      'max req/s': r.flat.throughput,
      'p99 flat': `${r.flat.p99} ms`,
      errors: r.errors,
    })),
    ...races.map((r) => ({ db: `${r.db}×${r.instances}`, size: r.size, call: r.scenario })),
  ];
}

/** Creates (PostgreSQL) and grows the database of one size. */
async function prepareTarget(
  db: 'sqlite' | 'postgres',
  size: number,
  ctx: { dir: string; pgUrl: string; prefix: string; apiDir: string; log: (s: string) => void },
): Promise<Target> {
  let target: Target;
  if (db === 'sqlite') {
    target = { kind: 'sqlite', file: path.join(ctx.dir, `scale-${size}.sqlite`) };
  } else {
    const name = `${ctx.prefix}_${size}`;
    const exists = await pgAdmin(ctx.pgUrl, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount);
    if (!exists) await pgAdmin(ctx.pgUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(ctx.pgUrl);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
  }
  if (!flag('no-grow')) {
    const started = Date.now();
    grow(ctx.apiDir, target, size);
    ctx.log(`${db}: ${size} products ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return target;
}

/**
 * Raises this process (the load generator) above the API processes and the database, where the system
 * allows it (root); `priorityRaised` says whether it did.
 */
function raisePriority(): void {
  if (flag('no-priority')) return;
  try {
    os.setPriority(GENERATOR_PRIORITY);
    priorityRaised = true;
  } catch {
    // Not allowed (not root): the generator shares the servers' priority, and the log says so.
  }
}

async function main(): Promise<void> {
  const log = (s: string) => console.log(`[scale] ${s}`);
  const report = arg('report');
  if (report) {
    // A saved run's tables again (its JSON file), without measuring.
    const saved = (JSON.parse(fs.readFileSync(report, 'utf8')) as { rows: Row[] }).rows;
    console.table(figuresTable(saved));
    console.table(growthRows(summarise(saved)));
    return;
  }
  const sizes = (arg('sizes') ?? '1000,20000,200000').split(',').map(Number);
  const dbs = (arg('db') ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
  const duration = Number(arg('duration') ?? 5);
  // 10,000 answers at 500/s: the p99 is the 100th slowest. Over 5 s (2,500 answers) one 60-ms pause of
  // the machine, about 20 answers over 25 ms, was most of the 25 that set it.
  const pacedSeconds = Number(arg('paced-seconds') ?? 20);
  const rate = Number(arg('rate') ?? 500);
  const connections = Number(arg('connections') ?? 10);
  const rounds = Math.max(1, Number(arg('rounds') ?? 3));
  const apiDir = path.resolve(arg('api-dir') ?? API_DIR);
  const pgUrl = arg('pg') ?? process.env.TEST_DATABASE_URL;
  const prefix = arg('pg-prefix') ?? 'sf_scale';
  const keep = flag('keep');
  const dir = arg('dir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sf-scale-'));
  fs.mkdirSync(dir, { recursive: true });
  const rows: Row[] = [];
  raisePriority();
  log(`paced requests go to ${BALANCE === 'least' ? 'the API process with the fewest answers outstanding' : 'the API processes in turn'}`);
  log(
    `${rounds} round(s), sizes in turn; the load generator ${priorityRaised ? `runs at priority ${GENERATOR_PRIORITY}, the servers at ${NORMAL_PRIORITY}` : "shares the servers' priority"}`,
  );
  for (const db of dbs) {
    if (db === 'postgres' && !pgUrl) {
      log('no PostgreSQL URL (--pg or TEST_DATABASE_URL): skipping PostgreSQL');
      continue;
    }
    const targets = new Map<number, Target>();
    for (const size of sizes) targets.set(size, await prepareTarget(db, size, { dir, pgUrl: pgUrl ?? '', prefix, apiDir, log }));
    const instances = db === 'postgres' ? Number(arg('instances') ?? 2) : 1;
    for (let round = 1; round <= rounds; round += 1) {
      for (const [size, target] of targets) {
        rows.push(...(await measureOne({ db, size, target, apiDir, instances, rate, duration, pacedSeconds, connections, round, log })));
      }
    }
    if (!keep) {
      for (const [size, target] of targets) {
        if (target.kind === 'sqlite') for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.file}${suffix}`, { force: true });
        else await pgAdmin(pgUrl ?? '', (c) => c.query(`drop database if exists ${prefix}_${size} with (force)`));
      }
    }
  }
  console.table(figuresTable(rows));
  const growth = growthRows(summarise(rows));
  if (growth.length) {
    log(
      `growth from the smallest catalogue to the largest (largest ÷ smallest; p99 and p50 the medians of ${rounds} round(s); CPU: API and database per answer)`,
    );
    console.table(growth);
  }
  const out = path.resolve(
    arg('json') ?? path.join(API_DIR, 'bench-results', `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, load: os.loadavg() }, duration, pacedSeconds, rate, connections, rounds, generatorPriority: priorityRaised ? GENERATOR_PRIORITY : NORMAL_PRIORITY, balance: BALANCE, summary: summarise(rows), rows }, null, 2)}\n`,
  );
  log(`figures written to ${out}`);
  if (!keep && !arg('dir')) fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error('[scale] failed:', err);
  process.exit(1);
});
