/**
 * The telemetry store `ops status`, `ops report` and the auto-rollback read, kept by the state store
 * (ops/src/state): one file per host process in the deploy root (`<root>/telemetry/<hour>/<writer>.jsonl`)
 * or rows of the PostgreSQL store — each a line per (minute, remote, version) that changed since the
 * writer's last flush, holding what it added (a delta). Readers sum every line of the minutes they
 * need, from every writer: counts and bucketed vitals merge exactly. The lines hold counts only: no
 * shopper, URL or message. A line also holds `rep`, counts per reporter — a keyed hash of the client
 * address, never the address (reporters.ts) — and `ovf`, what came from more reporters than a line
 * keeps ids for; the canary decision and the figures `ops status` / `ops report` show first cap and
 * count reporters from them.
 */
import { storeAt, type StateStore, type TelemetryLine as StoredLine } from '../state';
import { emptyAggregate, isEmpty, mergeInto, type Aggregate } from './aggregate';
import { MAX_REPORTERS_PER_LINE, REPORTER_CAPS, reporterTotals, type ReporterCounts, type ReporterTotals } from './reporters';

export { TELEMETRY_DIR, writerName } from '../state';
/** Telemetry older than this is deleted by the writers. */
export const RETENTION_HOURS = 48;

export const minuteOf = (ms: number): number => Math.floor(ms / 60_000);

/** One stored line: an aggregate of a minute, remote and version, with its reporters. */
export type TelemetryLine = StoredLine & Partial<Aggregate>;

const keyOf = (minute: number, remote: string, version: string) => `${minute}\0${remote}\0${version}`;

export class TelemetryWriter {
  private pending = new Map<string, TelemetryLine>();
  private readonly store: StateStore;
  private flushing: Promise<void> = Promise.resolve();

  constructor(at: string | StateStore) {
    this.store = storeAt(at);
  }

  /** The aggregate of this minute for a remote version, to add to (written at the next flush). */
  at(ms: number, remote: string, version: string): Aggregate {
    const m = minuteOf(ms);
    const k = keyOf(m, remote, version);
    let line = this.pending.get(k);
    if (!line) {
      line = { m, r: remote, v: version, ...emptyAggregate() };
      this.pending.set(k, line);
    }
    return line as TelemetryLine & Aggregate;
  }

  /** Counts one batch's views, errors and chunk failures against a reporter (see reporters.ts). */
  report(ms: number, remote: string, version: string, id: string, counts: ReporterCounts): void {
    const line = this.at(ms, remote, version) as TelemetryLine & Aggregate;
    addReporter(line, id, counts);
  }

  /** Writes what was added since the last flush (one write). */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const taken = this.pending;
    this.pending = new Map();
    const lines = [...taken.values()].filter((l) => l.rep || l.ovf || !isEmpty(l as TelemetryLine & Aggregate));
    try {
      await this.store.addTelemetry(lines);
    } catch (err) {
      // The store is away (PostgreSQL restarting): keep the counts for the next flush, added to what came since.
      for (const [k, old] of taken) {
        const now = this.pending.get(k);
        if (!now) this.pending.set(k, old);
        else mergeLine(now as TelemetryLine & Aggregate, old);
      }
      throw err;
    }
  }

  /** Deletes telemetry older than the retention (any writer may). */
  prune(now = Date.now()): Promise<void> {
    return this.store.pruneTelemetry(minuteOf(now - RETENTION_HOURS * 3_600_000));
  }
}

function addReporter(line: TelemetryLine, id: string, counts: ReporterCounts): void {
  const rep = (line.rep ??= {});
  const mine = rep[id] ?? (Object.keys(rep).length < MAX_REPORTERS_PER_LINE ? (rep[id] = [0, 0, 0]) : null);
  if (mine) {
    for (let i = 0; i < 3; i++) mine[i] = (mine[i] ?? 0) + (counts[i] ?? 0);
    return;
  }
  const ovf = (line.ovf ??= [0, 0, 0]);
  ovf[0] += Math.min(counts[0], REPORTER_CAPS.views);
  ovf[1] += Math.min(counts[1], REPORTER_CAPS.failures);
  ovf[2] += Math.min(counts[2], REPORTER_CAPS.failures);
}

/** Adds one line of the same minute, remote and version into another (counts, vitals, reporters). */
function mergeLine(into: TelemetryLine & Aggregate, from: TelemetryLine): void {
  mergeInto(into, from);
  for (const [id, c] of Object.entries(from.rep ?? {})) addReporter(into, id, c);
  if (from.ovf) {
    const ovf = (into.ovf ??= [0, 0, 0]);
    for (let i = 0; i < 3; i++) ovf[i] = (ovf[i] ?? 0) + (from.ovf[i] ?? 0);
  }
}

/** Aggregates per `remote\0version` over minutes [fromMinute, toMinute], from every writer's files. */
export async function readAggregates(at: string | StateStore, fromMinute: number, toMinute: number): Promise<Map<string, Aggregate>> {
  const out = new Map<string, Aggregate>();
  await eachLine(at, fromMinute, toMinute, (line) => {
    const k = versionKey(line.r, line.v);
    const agg = out.get(k) ?? emptyAggregate();
    mergeInto(agg, line);
    out.set(k, agg);
  });
  return out;
}

/** One remote version over a window: every event posted, and the counts capped per reporter-minute. */
export interface VersionTotals {
  posted: Aggregate;
  counted: ReporterTotals;
}

/** Per `remote\0version` over minutes [fromMinute, toMinute], from every writer's files: what `ops status` reads. */
export async function readVersionTotals(
  at: string | StateStore,
  fromMinute: number,
  toMinute: number,
): Promise<Map<string, VersionTotals>> {
  const posted = new Map<string, Aggregate>();
  const reported = new Map<string, TelemetryLine[]>();
  await eachLine(at, fromMinute, toMinute, (line) => {
    const k = versionKey(line.r, line.v);
    posted.set(k, mergeInto(posted.get(k) ?? emptyAggregate(), line));
    if (!line.rep && !line.ovf) return;
    const lines = reported.get(k) ?? [];
    lines.push(line);
    reported.set(k, lines);
  });
  return new Map([...posted].map(([k, agg]) => [k, { posted: agg, counted: reporterTotals(reported.get(k) ?? []) }]));
}

/** The canary decision's counts for one remote version: per reporter-minute caps, distinct reporters. */
export async function readReporterTotals(
  at: string | StateStore,
  fromMinute: number,
  toMinute: number,
  remote: string,
  version: string,
): Promise<ReporterTotals> {
  const lines: TelemetryLine[] = [];
  await eachLine(at, fromMinute, toMinute, (line) => {
    if (line.r === remote && line.v === version && (line.rep || line.ovf)) lines.push(line);
  });
  return reporterTotals(lines);
}

async function eachLine(
  at: string | StateStore,
  fromMinute: number,
  toMinute: number,
  onLine: (line: TelemetryLine) => void,
): Promise<void> {
  for (const line of await storeAt(at).readTelemetry(fromMinute, toMinute)) onLine(line as TelemetryLine);
}

export const versionKey = (remote: string, version: string): string => `${remote}\0${version}`;
