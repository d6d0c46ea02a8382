/**
 * Load benchmark of the API on loopback (issue 3): product list, product details, search and add-to-cart.
 * Starts the real server (`src/server.ts`, production mode) as a child process on a free port over a fresh
 * database, then drives it with autocannon: first at a fixed 500 requests/s (the latency goal: product
 * list p99 ≤ 25 ms), then flat out (throughput). Everything stays on 127.0.0.1 and every run is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cartCycle } from './cartCycle';
import { pacedRun, type PacedFigures, type PacedRequest } from './paced';
import { BENCH_API_KEY, benchProductionEnv } from './productionEnv';
import { freePort, waitFor } from './apiProcess';
import { BENCH_PINCODES, loadBenchPincodes, pincodeRequests } from './pincodes';

type Client = autocannon.Client;
type Options = autocannon.Options;

export interface BenchOptions {
  /** Seconds per measured run. */
  duration?: number;
  /** Requests per second of the fixed-rate runs. */
  rate?: number;
  connections?: number;
  /** Write the JSON result here (folder created). */
  json?: string;
  /** Print progress and the table. */
  log?: (line: string) => void;
  /** Measure only the scenarios with these names (the others are not even warmed up). */
  only?: readonly string[];
}

export type RunFigures = Omit<PacedFigures, 'clientLagMax' | 'clientLagP99' | 'slowWindows'>;

export interface ScenarioResult {
  name: string;
  description: string;
  /** Evenly paced at `rate` per second (open loop). */
  atRate: RunFigures & { rate: number };
  /** Autocannon, `connections` connections, as fast as the server answers. */
  flatOut: RunFigures;
}

export interface BenchResult {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  options: { duration: number; rate: number; connections: number };
  goal: { scenario: string; rate: number; p99Ms: number; met: boolean };
  scenarios: ScenarioResult[];
}

const API_DIR = path.resolve(__dirname, '..');
const API_KEY = BENCH_API_KEY;

function startServer(port: number, dbFile: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...benchProductionEnv,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DB_FILE: dbFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function json<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const parsed = (await res.json()) as { success: boolean; data: T; message?: unknown };
  if (!res.ok || !parsed.success) throw new Error(`${url}: ${res.status} ${JSON.stringify(parsed.message)}`);
  return parsed.data;
}

const BOUNDARY = '----storefront-bench';
function multipart(fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`;
}

function figures(r: autocannon.Result): RunFigures {
  return {
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    average: Math.round(r.latency.average * 100) / 100,
    throughput: Math.round(r.requests.average),
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

interface Scenario {
  name: string;
  description: string;
  /** Paced rate of this scenario when it differs from the run's `rate`. */
  rate?: number;
  /** The i-th request of the paced run (null: skip this beat). */
  paced: (i: number) => PacedRequest | null;
  after?: (i: number, status: number) => Promise<void>;
  /** Autocannon options of the flat-out run. */
  options: Omit<Options, 'url' | 'duration' | 'connections' | 'overallRate'>;
}

/** Runs the benchmark and returns (and optionally writes) the figures. */
export async function runBench(opts: BenchOptions = {}): Promise<BenchResult> {
  const duration = opts.duration ?? 10;
  const rate = opts.rate ?? 500;
  const connections = opts.connections ?? 10;
  const log = opts.log ?? (() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, path.join(dir, 'bench.sqlite'));
  let serverLog = '';
  server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
  try {
    await waitFor(`${base}/api/openapi.json`, 60_000);
    log(`API up at ${base} (production mode, fresh database)`);

    // Shoppers for add-to-cart: one per connection, each with its own bearer token.
    const tokens: string[] = [];
    for (let i = 0; i < Math.max(connections, 40); i += 1) {
      const auth = await json<{ token: string }>(base, '/api/customer/register', {
        firstName: 'Bench',
        lastName: `Shopper${i}`,
        email: `bench${i}@example.in`,
        password: 'Bench@123',
      });
      tokens.push(auth.token);
    }
    const page = await json<{ products: { id: number; slug: string; variations: { id: number; stock: number; final_price: string }[] }[] }>(
      base,
      '/api/get-products',
      { in_stock: '1', sort_by: 'price_asc' },
    );
    const inStock = page.products.flatMap((p) =>
      p.variations.filter((v) => v.stock >= 5).map((v) => ({ productId: p.id, variantId: v.id })),
    );
    const target = inStock[0];
    if (!target) throw new Error('no product in stock to add to the cart');
    const slugs = page.products.map((p) => p.slug);
    const pincodeList = await loadBenchPincodes(path.join(dir, 'bench.sqlite'));
    log(`${BENCH_PINCODES} pincodes loaded in ${pincodeList.loadMs} ms (one transaction)`);

    const common = { 'x-api-key': API_KEY };
    const form = { ...common, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const listRequests: PacedRequest[] = [
      { method: 'POST', path: '/api/get-products?page=1', headers: form, body: multipart({}) },
      { method: 'POST', path: '/api/get-products?page=2', headers: form, body: multipart({ sort_by: 'price_asc' }) },
      { method: 'POST', path: '/api/get-products?page=1', headers: form, body: multipart({ in_stock: '1' }) },
      {
        method: 'POST',
        path: '/api/get-products?page=1',
        headers: form,
        body: multipart({ sub_category: '1,2', min_price: '300', max_price: '2000' }),
      },
    ];
    const detailRequests: PacedRequest[] = slugs.map((slug) => ({
      method: 'GET',
      path: `/api/single-product-details/${slug}`,
      headers: common,
    }));
    const searchRequests: PacedRequest[] = ['shirt', 'watch', 'rose gold', 'kurta', 'leather belt'].map((search) => ({
      method: 'POST',
      path: '/api/search-products',
      headers: { ...common, 'content-type': 'application/json' },
      body: JSON.stringify({ search }),
    }));
    // Paced add-to-cart: a shopper adds, and once the answer is in removes again and waits for the next turn.
    const cart = cartCycle(target, tokens, common);
    const cycle =
      <T>(list: T[]) =>
      (i: number) =>
        list[i % list.length] ?? null;
    const allScenarios: Scenario[] = [
      {
        name: 'product-list',
        description: 'POST /api/get-products (multipart, page 1 newest; every 4th request filtered by category and price)',
        paced: cycle(listRequests),
        options: { method: 'POST', requests: listRequests },
      },
      {
        name: 'product-details',
        description: 'GET /api/single-product-details/:slug (12 different products)',
        paced: cycle(detailRequests),
        options: { method: 'GET', requests: detailRequests },
      },
      {
        name: 'search',
        description: 'POST /api/search-products (shirt, watch, rose gold, kurta, leather belt)',
        paced: cycle(searchRequests),
        options: { method: 'POST', requests: searchRequests },
      },
      {
        name: 'add-to-cart',
        description:
          'POST /api/customer/add-to-cart, a write transaction. Paced (at most 200/s): each add is followed, after its answer and unmeasured, by the remove of the same line. Flat out: add and remove alternate, one shopper per connection (half the requests are removes)',
        rate: Math.min(rate, 200),
        paced: (i) => cart.next(i),
        after: (i) => cart.after(i, base),
        options: (() => {
          let next = 0;
          return {
            method: 'POST' as const,
            requests: cart.requests(tokens[0] ?? ''),
            // One shopper per connection, so one connection's add and remove never meet another's.
            setupClient: (client: Client) => {
              client.setRequests(cart.requests(tokens[next % tokens.length] ?? ''));
              next += 1;
            },
          };
        })(),
      },
      {
        name: 'pincode-check',
        description: `GET /api/pincode/:pincode over ${BENCH_PINCODES} loaded pincodes in turn (every 10th not on the list): mostly cache misses`,
        paced: cycle(pincodeRequests(pincodeList.pincodes, common)),
        options: { method: 'GET', requests: pincodeRequests(pincodeList.pincodes, common) },
      },
      {
        name: 'pincode-check-hot',
        description: 'GET /api/pincode/:pincode over 500 of the loaded pincodes (shoppers cluster in cities): mostly cached answers',
        paced: cycle(pincodeRequests(pincodeList.pincodes.slice(0, 500), common)),
        options: { method: 'GET', requests: pincodeRequests(pincodeList.pincodes.slice(0, 500), common) },
      },
    ];
    const scenarios = opts.only ? allScenarios.filter((s) => opts.only?.includes(s.name)) : allScenarios;

    // Warm-up of every path first (JIT, statement and catalogue caches, the start-up garbage), then measure.
    const url = base;
    log('warming up …');
    for (const s of scenarios) await autocannon({ ...s.options, url, duration: 2, connections });
    const results: ScenarioResult[] = [];
    for (const s of scenarios) {
      const paceRate = s.rate ?? rate;
      log(`${s.name}: ${paceRate} req/s, evenly paced, for ${duration} s …`);
      const atRate = {
        rate: paceRate,
        ...(await pacedRun({ port, rate: paceRate, seconds: duration, next: s.paced, ...(s.after ? { after: s.after } : {}) })),
      };
      log(`${s.name}: flat out for ${duration} s …`);
      const flatOut = figures(await autocannon({ ...s.options, url, duration, connections }));
      results.push({ name: s.name, description: s.description, atRate, flatOut });
    }

    const list = results.find((r) => r.name === 'product-list');
    const result: BenchResult = {
      startedAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version },
      options: { duration, rate, connections },
      goal: {
        scenario: 'product-list',
        rate,
        p99Ms: 25,
        met: Boolean(list && list.atRate.p99 <= 25 && list.atRate.errors === 0 && list.atRate.non2xx === 0),
      },
      scenarios: results,
    };
    if (opts.json) {
      fs.mkdirSync(path.dirname(opts.json), { recursive: true });
      fs.writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
    }
    return result;
  } catch (err) {
    if (serverLog) log(`server output:\n${serverLog}`);
    throw err;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A plain-text table of the figures. */
export function formatBench(r: BenchResult): string {
  const rows = [
    ['scenario', 'paced at', 'p50 paced', 'p99 paced', 'achieved/s', 'p50 flat', 'p99 flat', 'max req/s', 'errors+non2xx'],
    ...r.scenarios.map((s) => [
      s.name,
      `${s.atRate.rate}/s`,
      `${s.atRate.p50} ms`,
      `${s.atRate.p99} ms`,
      String(s.atRate.throughput),
      `${s.flatOut.p50} ms`,
      `${s.flatOut.p99} ms`,
      String(s.flatOut.throughput),
      String(s.atRate.errors + s.atRate.non2xx + s.flatOut.errors + s.flatOut.non2xx),
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const lines = rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  const goal = `goal: product list p99 ≤ ${r.goal.p99Ms} ms at ${r.goal.rate} req/s → ${r.goal.met ? 'met' : 'NOT met'}`;
  return [
    `${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}, ${r.options.connections} connections, ${r.options.duration} s per run`,
    ...lines,
    goal,
  ].join('\n');
}
