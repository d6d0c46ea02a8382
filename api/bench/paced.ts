/**
 * An open-loop load generator: sends requests at an even pace (e.g. one every 2 ms for 500/s) whatever the
 * answers do, and records each latency from send to the end of the answer. Autocannon's own rate mode sends
 * each second's quota in a burst and corrects latencies with a 1 ms expected interval, which is not what
 * "p99 at 500 requests/s" asks; it still measures the flat-out throughput (bench.ts).
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedFigures {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  average: number;
  /** Answers per second actually completed. */
  throughput: number;
  requests: number;
  errors: number;
  non2xx: number;
  /**
   * The load generator's own event-loop delay (max and p99, ms). An answer is timed when this process
   * reads it, so a pause here shows as latency of the server: a p99 near this max is the client's.
   */
  clientLagMax: number;
  clientLagP99: number;
  /**
   * The 100-ms windows whose slowest answer took over 25 ms, slowest first: `at` is the offset (s) from
   * the start, `clock` the wall-clock time (to match against the database's log or a CPU sampler);
   * `byProcess` the slow answers per API process (one process's pause, or the whole machine's).
   */
  slowWindows: { at: number; clock: string; max: number; count: number; byProcess: number[] }[];
}

interface Answer {
  status: number;
  ms: number;
}

function send(agent: http.Agent, port: number, r: PacedRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const headers = r.body !== undefined ? { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) } : r.headers;
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (x: number) => Math.round(x * 100) / 100;
/** An answer slower than this is counted in its 100-ms window (the catalogue target is p99 ≤ 25 ms). */
const SLOW_MS = 25;

/**
 * Sends `next(i)` at `rate` per second for `seconds`. `next` may return null to skip a beat (nothing to
 * send right now); `after` runs once an answer is in (e.g. the remove that follows an add-to-cart).
 */
export async function pacedRun(opts: {
  port: number;
  /** Several API processes (default: [port]), shared as `balance` says. */
  ports?: number[];
  /** 'least' (default): to the process with the fewest answers outstanding, ties in turn; 'turn': i % n. */
  balance?: 'least' | 'turn';
  rate: number;
  seconds: number;
  next: (i: number) => PacedRequest | null;
  after?: (i: number, status: number) => Promise<void> | void;
}): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const ports = opts.ports ?? [opts.port];
  // Where request i goes: as the host's balancer sends them (ops/src/host/balancer.ts), to the process
  // with the fewest answers outstanding, ties in turn; or strictly in turn (`balance: 'turn'`).
  const outstanding = ports.map(() => 0);
  const pick = (i: number): number => {
    let best = i % ports.length;
    if (opts.balance === 'turn') return best;
    for (let k = 1; k < ports.length; k++) {
      const j = (i + k) % ports.length;
      if ((outstanding[j] ?? 0) < (outstanding[best] ?? 0)) best = j;
    }
    return best;
  };
  const windows = new Map<number, { max: number; count: number; byProcess: number[] }>();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const pending: Promise<void>[] = [];
  const total = Math.round(opts.rate * opts.seconds);
  const began = performance.now();
  const beganAt = Date.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * opts.rate));
      while (sent < due) {
        const i = sent;
        sent += 1;
        const r = opts.next(i);
        if (!r) continue;
        const k = pick(i);
        outstanding[k] = (outstanding[k] ?? 0) + 1;
        pending.push(
          send(agent, ports[k] ?? opts.port, r).then(async (a) => {
            outstanding[k] = (outstanding[k] ?? 1) - 1;
            if (a.status === 0) errors += 1;
            else if (a.status < 200 || a.status >= 300) non2xx += 1;
            else {
              latencies.push(a.ms);
              if (a.ms > SLOW_MS) {
                const at = Math.floor((i / opts.rate) * 10);
                const w = windows.get(at) ?? { max: 0, count: 0, byProcess: ports.map(() => 0) };
                w.byProcess[k] = (w.byProcess[k] ?? 0) + 1;
                windows.set(at, { max: Math.max(w.max, a.ms), count: w.count + 1, byProcess: w.byProcess });
              }
            }
            await opts.after?.(i, a.status);
          }),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  lag.disable();
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    average: round(sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length)),
    throughput: Math.round(latencies.length / elapsed),
    requests: latencies.length + errors + non2xx,
    errors,
    non2xx,
    clientLagMax: round(lag.max / 1e6),
    clientLagP99: round(lag.percentile(99) / 1e6),
    slowWindows: [...windows]
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
