/**
 * How the host spreads `/api/*` over several API processes (API_URL's list): each request goes to the
 * process with the fewest requests in flight (sent and not yet answered, plus queued), ties in turn —
 * nginx's `least_conn`, not round robin (why: docs/operators.md § Design notes). A process that refuses
 * connections is left out for a while (250 ms, doubling with each refusal in a row, at most 10 s) unless
 * every one is; the proxy sends such a request again (proxy.ts). Connections are kept per process by undici's Pool.
 */
import { Dispatcher, Pool } from 'undici';

interface Upstream {
  origin: string;
  host: string;
  pool: Pool;
  /** Left out until then (ms since the epoch) after refused connections. */
  downUntil: number;
  refusals: number;
}

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 10_000;

export class LeastBusyPool extends Dispatcher {
  private readonly upstreams: Upstream[];
  private turn = 0;

  constructor(origins: string[], options: Pool.Options = {}) {
    super();
    if (!origins.length) throw new Error('LeastBusyPool: no origin');
    this.upstreams = origins.map((o) => {
      const url = new URL(o);
      const u: Upstream = { origin: url.origin, host: url.host, pool: new Pool(url.origin, options), downUntil: 0, refusals: 0 };
      u.pool.on('connect', () => {
        u.refusals = 0;
        u.downUntil = 0;
      });
      u.pool.on('connectionError', () => {
        u.refusals += 1;
        u.downUntil = Date.now() + Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (u.refusals - 1));
      });
      return u;
    });
  }

  /** In flight on one process: requests sent and not answered, and those waiting for a connection. */
  private static busy(u: Upstream): number {
    const s = u.pool.stats;
    return s.running + s.pending;
  }

  /** The process the next request goes to. */
  private pick(): Upstream {
    const now = Date.now();
    const n = this.upstreams.length;
    const start = this.turn;
    this.turn = (this.turn + 1) % n;
    let best: Upstream | undefined;
    let bestBusy = Infinity;
    // From this request's turn onwards, so that equals take turns; a process that refused is left out
    // while any other is up.
    for (const upOnly of [true, false]) {
      for (let k = 0; k < n; k++) {
        const u = this.upstreams[(start + k) % n] as Upstream;
        if (upOnly && u.downUntil > now) continue;
        const b = LeastBusyPool.busy(u);
        if (b < bestBusy) {
          best = u;
          bestBusy = b;
        }
      }
      if (best) return best;
    }
    return this.upstreams[start] as Upstream;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const u = this.pick();
    const { headers } = options;
    // The Host it carries is the chosen process's (the proxy writes the first one's into a plain object).
    const plain = headers !== null && typeof headers === 'object' && Object.getPrototypeOf(headers) === Object.prototype;
    return u.pool.dispatch(
      { ...options, origin: u.origin, headers: plain ? { ...(headers as Record<string, string>), host: u.host } : headers },
      handler,
    );
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const done = Promise.all(this.upstreams.map((u) => u.pool.close())).then(() => undefined);
    if (!callback) return done;
    void done.then(callback, callback);
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const err = typeof a === 'function' ? null : (a ?? null);
    const callback = typeof a === 'function' ? a : b;
    const done = Promise.all(this.upstreams.map((u) => u.pool.destroy(err))).then(() => undefined);
    if (!callback) return done;
    void done.then(callback, callback);
  }
}
