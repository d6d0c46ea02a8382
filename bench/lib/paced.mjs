// @ts-check
// Open-loop load: requests sent at an even pace (one every 2 ms for 500/s) whatever the answers do, each
// timed from its send to the end of its answer. Autocannon's own rate mode sends each second's quota in a
// burst and corrects latencies with a 1-ms expected interval, which is not what "p99 at 500 requests/s"
// asks; it still measures the flat-out throughput (flatOut.mjs).
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { percentile, round } from './stats.mjs';

/**
 * @typedef {{ method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string }} PacedRequest
 * @typedef {{ at: number, clock: string, max: number, count: number, byProcess: number[] }} SlowWindow
 * @typedef {object} PacedFigures
 * @property {number} p50
 * @property {number} p90
 * @property {number} p99
 * @property {number} max
 * @property {number} average
 * @property {number} throughput answers per second actually completed
 * @property {number} requests
 * @property {number} errors
 * @property {number} non2xx
 * @property {number} clientLagMax the load generator's own event-loop delay (ms): an answer is timed when
 *   this process reads it, so a pause here shows as the server's latency
 * @property {number} clientLagP99
 * @property {SlowWindow[]} slowWindows the 100-ms windows whose slowest answer took over SLOW_MS, slowest
 *   first: `at` from the start (s), `clock` the wall clock (to match a database log), `byProcess` per API process
 * @typedef {object} PacedOptions
 * @property {number} port
 * @property {number[]} [ports] several API processes (default: [port]), shared as `balance` says
 * @property {'least' | 'turn'} [balance] 'least' (default): the process with the fewest answers outstanding, ties in turn
 * @property {number} rate
 * @property {number} seconds
 * @property {(i: number) => PacedRequest | null} next the i-th request; null skips the beat
 * @property {(i: number, status: number) => Promise<void> | void} [after] once an answer is in (the remove after an add)
 * @typedef {Omit<PacedOptions, 'next' | 'after'> & { requests: PacedRequest[] }} PacedListOptions
 */

/** An answer slower than this is counted in its 100-ms window (the catalogue target is p99 ≤ 25 ms). */
export const SLOW_MS = 25;

/**
 * @param {http.Agent} agent
 * @param {number} port
 * @param {PacedRequest} r
 * @returns {Promise<{ status: number, ms: number }>}
 */
function send(agent, port, r) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - start) / 1e6;
    const headers = r.body !== undefined ? { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) } : r.headers;
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: ms() }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: ms() }));
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

/**
 * Where request i goes, as the host's balancer sends it (ops' host balancer): to the process with the
 * fewest answers outstanding, ties in turn; or strictly in turn.
 * @param {number[]} outstanding
 * @param {'least' | 'turn' | undefined} balance
 */
function balancer(outstanding, balance) {
  return (/** @type {number} */ i) => {
    let best = i % outstanding.length;
    if (balance === 'turn') return best;
    for (let k = 1; k < outstanding.length; k++) {
      const j = (i + k) % outstanding.length;
      if ((outstanding[j] ?? 0) < (outstanding[best] ?? 0)) best = j;
    }
    return best;
  };
}

/** The answers of a paced run: latencies, failures and the slow 100-ms windows. */
class Tally {
  /** @param {number} processes @param {number} rate */
  constructor(processes, rate) {
    this.processes = processes;
    this.rate = rate;
    /** @type {number[]} */
    this.latencies = [];
    this.errors = 0;
    this.non2xx = 0;
    /** @type {Map<number, { max: number, count: number, byProcess: number[] }>} */
    this.windows = new Map();
  }

  /** @param {number} i @param {number} process @param {{ status: number, ms: number }} a */
  add(i, process, a) {
    if (a.status === 0) this.errors += 1;
    else if (a.status < 200 || a.status >= 300) this.non2xx += 1;
    else {
      this.latencies.push(a.ms);
      if (a.ms <= SLOW_MS) return;
      const at = Math.floor((i / this.rate) * 10);
      const w = this.windows.get(at) ?? { max: 0, count: 0, byProcess: Array(this.processes).fill(0) };
      w.byProcess[process] = (w.byProcess[process] ?? 0) + 1;
      this.windows.set(at, { max: Math.max(w.max, a.ms), count: w.count + 1, byProcess: w.byProcess });
    }
  }

  /** @param {number} elapsed seconds @param {number} beganAt @returns {Omit<PacedFigures, 'clientLagMax' | 'clientLagP99'>} */
  figures(elapsed, beganAt) {
    const l = this.latencies;
    return {
      p50: round(percentile(l, 50)),
      p90: round(percentile(l, 90)),
      p99: round(percentile(l, 99)),
      max: round(l.reduce((m, x) => Math.max(m, x), 0)),
      average: round(l.reduce((s, x) => s + x, 0) / Math.max(1, l.length)),
      throughput: Math.round(l.length / elapsed),
      requests: l.length + this.errors + this.non2xx,
      errors: this.errors,
      non2xx: this.non2xx,
      slowWindows: [...this.windows]
        .sort((a, b) => b[1].max - a[1].max)
        .slice(0, 5)
        .map(([at, w]) => ({
          at: at / 10,
          clock: new Date(beganAt + at * 100).toISOString().slice(11, 22),
          max: round(w.max),
          count: w.count,
          byProcess: w.byProcess,
        })),
    };
  }
}

/**
 * Sends `next(i)` at `rate` per second for `seconds` and times every answer.
 * @param {PacedOptions} opts
 * @returns {Promise<PacedFigures>}
 */
export async function pacedRun(opts) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const ports = opts.ports ?? [opts.port];
  const outstanding = ports.map(() => 0);
  const pick = balancer(outstanding, opts.balance);
  const tally = new Tally(ports.length, opts.rate);
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  /** @type {Promise<void>[]} */
  const pending = [];
  const total = Math.round(opts.rate * opts.seconds);
  const began = performance.now();
  const beganAt = Date.now();
  /** @param {number} i @param {PacedRequest} r */
  const dispatch = async (i, r) => {
    const k = pick(i);
    outstanding[k] = (outstanding[k] ?? 0) + 1;
    const answer = await send(agent, ports[k] ?? opts.port, r);
    outstanding[k] = (outstanding[k] ?? 1) - 1;
    tally.add(i, k, answer);
    await opts.after?.(i, answer.status);
  };
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * opts.rate));
      for (; sent < due; sent += 1) {
        const r = opts.next(sent);
        if (r) pending.push(dispatch(sent, r));
      }
      if (sent >= total) resolve(undefined);
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  lag.disable();
  agent.destroy();
  const figures = tally.figures((performance.now() - began) / 1000, beganAt);
  return { ...figures, clientLagMax: round(lag.max / 1e6), clientLagP99: round(lag.percentile(99) / 1e6) };
}

/**
 * A paced run of a list of requests (cycled) in a thread of its own, with its own heap. In the bench's
 * main thread the loop shares a heap with every call's prebuilt requests, and that heap's collections
 * pause the loop while answers wait to be read: the pauses set the p99 (docs/performance.md, issue 36,
 * tenth part).
 * @param {PacedListOptions} opts
 * @returns {Promise<PacedFigures>}
 */
export function pacedList(opts) {
  const worker = new Worker(new URL('./pacedThread.mjs', import.meta.url), { workerData: opts });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the paced thread exited (${code}) before its figures`)));
  });
}
