// Load benchmark of the API on loopback (issue 3): the real server in production mode over a fresh
// database, each call paced at `rate` requests/s (open loop: the p99 the latency goal reads, product list
// p99 ≤ 25 ms at 500/s), then flat out with autocannon (throughput). Everything stays on 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer } from '../lib/apiServer.mjs';
import { flatOut, type FlatOutFigures } from '../lib/flatOut.mjs';
import { pacedList, pacedRun, type PacedFigures } from '../lib/paced.mjs';
import { freePort, waitForHttp } from '../lib/processes.mjs';
import { machine, saveResult, textTable } from '../lib/results.mjs';
import { apiScenarios, type Scenario } from './scenarios';

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
  flatOut: FlatOutFigures;
}

export interface BenchResult {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; node: string };
  options: { duration: number; rate: number; connections: number };
  goal: { scenario: string; rate: number; p99Ms: number; met: boolean };
  scenarios: ScenarioResult[];
}

/** Each scenario paced at its rate, then flat out, after a warm-up of every path (JIT, caches, start-up garbage). */
async function measureScenarios(
  scenarios: Scenario[],
  at: { port: number; rate: number; duration: number; connections: number; log: (line: string) => void },
): Promise<ScenarioResult[]> {
  const urls = [`http://127.0.0.1:${at.port}`];
  at.log('warming up …');
  for (const s of scenarios) await flatOut({ ...s.options, urls, duration: 2, connections: at.connections });
  const results: ScenarioResult[] = [];
  for (const s of scenarios) {
    const rate = s.rate ?? at.rate;
    at.log(`${s.name}: ${rate} req/s, evenly paced, for ${at.duration} s …`);
    const pace = { port: at.port, rate, seconds: at.duration };
    const paced = Array.isArray(s.paced)
      ? await pacedList({ ...pace, requests: s.paced })
      : await pacedRun({ ...pace, next: s.paced, ...(s.after ? { after: s.after } : {}) });
    const { clientLagMax: _max, clientLagP99: _p99, slowWindows: _windows, ...atRate } = paced;
    at.log(`${s.name}: flat out for ${at.duration} s …`);
    const flat = await flatOut({ ...s.options, urls, duration: at.duration, connections: at.connections });
    results.push({ name: s.name, description: s.description, atRate: { rate, ...atRate }, flatOut: flat });
  }
  return results;
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
  const dbFile = path.join(dir, 'bench.sqlite');
  const server = startApiServer({ port, env: { DB_FILE: dbFile } });
  try {
    await waitForHttp(`${base}/api/openapi.json`, { ms: 60_000, started: server });
    log(`API up at ${base} (production mode, fresh database)`);
    const all = await apiScenarios({ base, dbFile, connections, rate, log });
    const scenarios = opts.only ? all.filter((s) => opts.only?.includes(s.name)) : all;
    const results = await measureScenarios(scenarios, { port, rate, duration, connections, log });
    const list = results.find((r) => r.name === 'product-list');
    const { cpus, cpuModel, node } = machine();
    const result: BenchResult = {
      startedAt: new Date().toISOString(),
      machine: { cpus, cpuModel, node },
      options: { duration, rate, connections },
      goal: {
        scenario: 'product-list',
        rate,
        p99Ms: 25,
        met: Boolean(list && list.atRate.p99 <= 25 && list.atRate.errors === 0 && list.atRate.non2xx === 0),
      },
      scenarios: results,
    };
    if (opts.json) saveResult('api', result, opts.json);
    return result;
  } catch (err) {
    log(`server output:\n${server.output()}`);
    throw err;
  } finally {
    await server.stop();
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
  const goal = `goal: product list p99 ≤ ${r.goal.p99Ms} ms at ${r.goal.rate} req/s → ${r.goal.met ? 'met' : 'NOT met'}`;
  return [
    `${r.machine.cpus} × ${r.machine.cpuModel}, Node ${r.machine.node}, ${r.options.connections} connections, ${r.options.duration} s per run`,
    textTable(rows),
    goal,
  ].join('\n');
}
