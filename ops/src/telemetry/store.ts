/**
 * The local telemetry store `ops status`, `ops report` and the auto-rollback read:
 *
 *   <root>/telemetry/<YYYY-MM-DDTHH>/<hostname>-<pid>-<id>.jsonl
 *
 * Each host process appends only to its own file, one JSON line per (minute, remote, version) that
 * changed since its last flush, holding what it added (a delta). Readers sum every line of the hours
 * they need. Why files and not SQLite: several host processes write at once, and a file per writer
 * needs no lock and no native module in ops (better-sqlite3 is the API's, with its own build); an
 * append of one buffer is atomic enough (a torn last line after a crash is skipped); a day's folder
 * is deleted whole when it is too old. The files hold counts only: no shopper, URL or message. A
 * line also holds `rep`, counts per reporter — a keyed hash of the client address, never the address
 * (reporters.ts) — and `ovf`, what came from more reporters than a line keeps ids for; the canary
 * decision and the figures `ops status` / `ops report` show first cap and count reporters from them.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { emptyAggregate, isEmpty, mergeInto, type Aggregate } from './aggregate';
import { MAX_REPORTERS_PER_LINE, REPORTER_CAPS, reporterTotals, type ReporterCounts, type ReporterTotals } from './reporters';

export const TELEMETRY_DIR = 'telemetry';
/** Hour folders older than this are deleted by the writers. */
export const RETENTION_HOURS = 48;

export const minuteOf = (ms: number): number => Math.floor(ms / 60_000);
const hourName = (minute: number): string => new Date(minute * 60_000).toISOString().slice(0, 13);

/** One line of a telemetry file. */
export interface TelemetryLine extends Partial<Aggregate> {
  /** Minutes since the epoch (UTC). */
  m: number;
  r: string;
  v: string;
  /** Per reporter id: views, errors, chunk failures. */
  rep?: Record<string, ReporterCounts>;
  /** Beyond MAX_REPORTERS_PER_LINE ids: the same counts, capped per batch, without ids. */
  ovf?: ReporterCounts;
}

const keyOf = (minute: number, remote: string, version: string) => `${minute}\0${remote}\0${version}`;

/** A file name of this process's own, unique across the hosts on one root: `<hostname>-<pid>-<random>`. */
export function writerName(): string {
  const host =
    os
      .hostname()
      .replace(/[^\w.-]/g, '_')
      .slice(0, 64) || 'host';
  return `${host}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

export class TelemetryWriter {
  private pending = new Map<string, TelemetryLine>();
  private readonly name: string;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly root: string) {
    this.name = `${writerName()}.jsonl`;
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

  /** Appends what was added since the last flush (one write per hour file). */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.write());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const lines = [...this.pending.values()].filter((l) => l.rep || l.ovf || !isEmpty(l as TelemetryLine & Aggregate));
    this.pending = new Map();
    const byHour = new Map<string, string[]>();
    for (const l of lines) {
      const h = hourName(l.m);
      const list = byHour.get(h) ?? [];
      list.push(JSON.stringify(l));
      byHour.set(h, list);
    }
    for (const [hour, list] of byHour) {
      const dir = path.join(this.root, TELEMETRY_DIR, hour);
      await fs.mkdir(dir, { recursive: true });
      await fs.appendFile(path.join(dir, this.name), `${list.join('\n')}\n`, 'utf8');
    }
  }

  /** Deletes hour folders older than the retention (any writer may; a folder gone already is fine). */
  async prune(now = Date.now()): Promise<void> {
    const oldest = hourName(minuteOf(now - RETENTION_HOURS * 3_600_000));
    let names: string[];
    try {
      names = await fs.readdir(path.join(this.root, TELEMETRY_DIR));
    } catch {
      return;
    }
    for (const n of names) {
      if (/^\d{4}-\d\d-\d\dT\d\d$/.test(n) && n < oldest)
        await fs.rm(path.join(this.root, TELEMETRY_DIR, n), { recursive: true, force: true });
    }
  }
}

/** Aggregates per `remote\0version` over minutes [fromMinute, toMinute], from every writer's files. */
export async function readAggregates(root: string, fromMinute: number, toMinute: number): Promise<Map<string, Aggregate>> {
  const out = new Map<string, Aggregate>();
  await eachLine(root, fromMinute, toMinute, (line) => {
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
export async function readVersionTotals(root: string, fromMinute: number, toMinute: number): Promise<Map<string, VersionTotals>> {
  const posted = new Map<string, Aggregate>();
  const reported = new Map<string, TelemetryLine[]>();
  await eachLine(root, fromMinute, toMinute, (line) => {
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
  root: string,
  fromMinute: number,
  toMinute: number,
  remote: string,
  version: string,
): Promise<ReporterTotals> {
  const lines: TelemetryLine[] = [];
  await eachLine(root, fromMinute, toMinute, (line) => {
    if (line.r === remote && line.v === version && (line.rep || line.ovf)) lines.push(line);
  });
  return reporterTotals(lines);
}

async function eachLine(root: string, fromMinute: number, toMinute: number, onLine: (line: TelemetryLine) => void): Promise<void> {
  const hours = new Set<string>();
  for (let m = fromMinute - (fromMinute % 60); m <= toMinute; m += 60) hours.add(hourName(m));
  for (const hour of hours) {
    const dir = path.join(root, TELEMETRY_DIR, hour);
    let files: string[];
    try {
      files = (await fs.readdir(dir)).filter((f) => f.endsWith('.jsonl'));
    } catch {
      continue;
    }
    for (const f of files) {
      let text: string;
      try {
        text = await fs.readFile(path.join(dir, f), 'utf8');
      } catch {
        continue;
      }
      for (const raw of text.split('\n')) {
        if (!raw) continue;
        let line: TelemetryLine;
        try {
          line = JSON.parse(raw) as TelemetryLine;
        } catch {
          continue; // a torn last line
        }
        if (
          typeof line.m !== 'number' ||
          line.m < fromMinute ||
          line.m > toMinute ||
          typeof line.r !== 'string' ||
          typeof line.v !== 'string'
        )
          continue;
        onLine(line);
      }
    }
  }
}

export const versionKey = (remote: string, version: string): string => `${remote}\0${version}`;
