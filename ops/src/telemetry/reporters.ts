/**
 * Who reported what: anybody can post telemetry, so the automatic rollback — and what `ops status`
 * and `ops report` show by default — count reporters (client addresses), not events (see the
 * telemetry plugin's trust model).
 *
 * A reporter is stored as HMAC-SHA256(key, address), cut to 64 bits, never as the address: the key
 * is random, made once per state store (`<root>/telemetry/.reporter-key`, mode 0600, or a row of the
 * PostgreSQL store) and shared by every host process so that one address is one reporter across them. Without the key the ids say
 * nothing about an address; with it (the deploy root's owner) one could test a guessed address, so
 * the key stays as private as the root itself, and the ids go with the hour folders after 48 hours.
 *
 * Caps per reporter per minute, applied by the reader after merging every process's file:
 *
 *   views ≤ REPORTER_CAPS.views (30)      errors ≤ REPORTER_CAPS.failures (10)     chunk failures ≤ 10
 *
 * The trade-off: a carrier-grade NAT address carries many real shoppers (Indian mobile networks put
 * hundreds behind one), so a cap too small would undercount a real outage seen mostly through a few
 * such addresses. 30 page views a minute is a busy NAT address's worth of canary shoppers at a 10 %
 * share; 10 failures a minute from one address is plenty to show a broken page there. One address
 * can move the decision by at most its caps, and a breach needs failures from `minReporters`
 * different addresses too.
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
