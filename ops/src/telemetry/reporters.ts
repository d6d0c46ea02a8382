/**
 * Who reported what: the automatic rollback, and what `ops status` and `ops report` show by default,
 * count reporters (client addresses), not events. A reporter is stored as HMAC-SHA256(key, address) cut
 * to 64 bits, with a key made once per state store; each reporter-minute counts at most REPORTER_CAPS.
 * Why those caps, and what a forger can move: docs/operators.md § the trust model.
 */
import { createHmac } from 'node:crypto';
import { storeAt, type ReporterCounts, type StateStore } from '../state';

export const REPORTER_CAPS = { views: 30, failures: 10 } as const;
/** Reporter ids kept per store line (one flush of one process); more are counted without ids. */
export const MAX_REPORTERS_PER_LINE = 300;
export { REPORTER_KEY_FILE } from '../state';
export type { ReporterCounts } from '../state';

/** The store's reporter key: read, or made once (several processes may race; one wins). */
export function reporterKey(at: string | StateStore): Promise<Buffer> {
  return storeAt(at).reporterKey();
}

/** The stored id of a client address. */
export const reporterId = (key: Buffer, address: string): string => createHmac('sha256', key).update(address).digest('hex').slice(0, 16);

/**
 * The canary decision's inputs, and what `ops status` / `ops report` show by default: capped counts,
 * how many distinct reporters sent anything, and how many saw failures.
 */
export interface ReporterTotals {
  views: number;
  errors: number;
  chunkFailures: number;
  reporters: number;
  errorReporters: number;
  chunkReporters: number;
}

/**
 * Merges per-(minute, reporter) counts from every line into capped totals. `lines` gives each line's
 * minute, reporter counts and overflow (counted without ids: as they are, and no reporter).
 */
export function reporterTotals(lines: Iterable<{ m: number; rep?: Record<string, ReporterCounts>; ovf?: ReporterCounts }>): ReporterTotals {
  const perMinute = new Map<string, ReporterCounts>();
  const out: ReporterTotals = { views: 0, errors: 0, chunkFailures: 0, reporters: 0, errorReporters: 0, chunkReporters: 0 };
  for (const line of lines) {
    for (const [id, c] of Object.entries(line.rep ?? {})) {
      if (!/^[0-9a-f]{16}$/.test(id) || !Array.isArray(c)) continue;
      const k = `${line.m}\0${id}`;
      const sum = perMinute.get(k) ?? [0, 0, 0];
      for (let i = 0; i < 3; i++) sum[i] = (sum[i] ?? 0) + count(c[i]);
      perMinute.set(k, sum);
    }
    if (Array.isArray(line.ovf)) {
      out.views += count(line.ovf[0]);
      out.errors += count(line.ovf[1]);
      out.chunkFailures += count(line.ovf[2]);
    }
  }
  const withAny = new Set<string>();
  const withErrors = new Set<string>();
  const withChunks = new Set<string>();
  for (const [k, [views, errors, chunks]] of perMinute) {
    const id = k.slice(k.indexOf('\0') + 1);
    out.views += Math.min(views, REPORTER_CAPS.views);
    out.errors += Math.min(errors, REPORTER_CAPS.failures);
    out.chunkFailures += Math.min(chunks, REPORTER_CAPS.failures);
    if (views > 0 || errors > 0 || chunks > 0) withAny.add(id);
    if (errors > 0) withErrors.add(id);
    if (chunks > 0) withChunks.add(id);
  }
  out.reporters = withAny.size;
  out.errorReporters = withErrors.size;
  out.chunkReporters = withChunks.size;
  return out;
}

const count = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0);
