/**
 * The host tier's shared state, behind one interface with two implementations (issue 37): the deploy
 * root's files (files.ts, for one machine) and PostgreSQL (postgres.ts, OPS_DATABASE_URL: several
 * machines share one truth). Only the small mutable state lives here — the registry's source, running
 * canaries, history, telemetry aggregates, rate-limit counts, the reporter key and which versions each
 * host holds; the versioned files stay on each host's disk or a CDN.
 */
import type { RemoteRegistry } from '@storefront/contract/deploy';
import type { HistoryRecord } from './history';
import type { OpsState } from './opsState';

/** When the host ends a canary by itself (`--auto-rollback`). */
export interface Thresholds {
  /** Errors (boundary, unhandled, rejections) per page view above this ends it (0.02 = 2 %). */
  maxErrorRate: number;
  /** Chunk and manifest load failures per page view above this ends it (0.01 = 1 %). */
  maxChunkFailureRate: number;
  /** Neither rate counts before the canary has had this many page views. */
  minPageViews: number;
  /** Rates are taken over this many last minutes. */
  windowMinutes: number;
  /**
   * A rate ends it only with failures from at least this many distinct client addresses in the window
   * (one address cannot end a canary; docs/operators.md § the trust model). Absent in a canary.json
   * written before it existed: the default then.
   */
  minReporters: number;
}

export interface CanaryRef {
  version: string;
  /** Manifest URL, as a registry entry names it. */
  entry: string;
  /** Share of shoppers, 0 < percent < 100 (two decimals at most). */
  percent: number;
  startedAt: string;
  /** Thresholds when the host may end it by itself; null: only an operator ends it. */
  autoRollback: Thresholds | null;
}

export interface CanaryFile {
  schema: 1;
  canaries: Record<string, CanaryRef>;
}

/** Views, errors, chunk failures (of one reporter, or beyond the ids a line keeps). */
export type ReporterCounts = [number, number, number];

/**
 * One telemetry aggregate as stored: a minute × remote × version of one writer's flush. The counts
 * and vitals buckets are telemetry/aggregate.ts's; the store keeps them as they are and gives them back.
 */
export interface TelemetryLine {
  /** Minutes since the epoch (UTC). */
  m: number;
  r: string;
  v: string;
  /** Per reporter id: views, errors, chunk failures. */
  rep?: Record<string, ReporterCounts>;
  /** Beyond the ids a line keeps: the same counts, capped per batch, without ids. */
  ovf?: ReporterCounts;
  [field: string]: unknown;
}

/** What a change sees and edits: copies of the state, written back together when `fn` returns. */
export interface StateChange {
  state: OpsState;
  canaries: CanaryFile;
  /** Records a history line, written in the same change. */
  history(rec: Omit<HistoryRecord, 'at' | 'by'> & { by?: string }): HistoryRecord;
}

/** What the host serves from: the registry every shopper without a canary gets, and the canaries. */
export interface LiveState {
  registry: RemoteRegistry;
  canaries: CanaryFile;
  /** False when the registry is missing or unreadable (readiness reports it). */
  readable: boolean;
}

/** How current the host's view of the store is (readiness and metrics say it). */
export interface StoreHealth {
  kind: 'files' | 'postgres';
  /** The store answers (files: always). */
  up: boolean;
  /** When the state the host serves was last read from the store (ISO), null before the first read. */
  syncedAt: string | null;
  /** Why it is not up, since when. */
  detail?: string;
}

/** A host process's report of the versions it can serve from its own disk (`ops activate` checks it). */
export interface HostReport {
  id: string;
  hostname: string;
  pid: number;
  root: string;
  /** Per section, the versions in its deploy root. */
  versions: Record<string, string[]>;
}

export interface HostSeen extends HostReport {
  seenAt: string;
}

export interface StateStore {
  readonly kind: 'files' | 'postgres';
  /** Where it keeps the state, said to operators (a folder, or the database without its password). */
  readonly where: string;

  readState(): Promise<OpsState>;
  readCanaries(): Promise<CanaryFile>;
  readHistory(): Promise<HistoryRecord[]>;
  /**
   * One change, all or nothing: state, canaries and history lines are written together when `fn`
   * returns, nothing when it throws. Changes are serialised (a lock, or a row lock in one transaction).
   */
  change<T>(fn: (tx: StateChange) => Promise<T>): Promise<T>;

  /** The host's view, kept current (files: re-read when they change; PostgreSQL: LISTEN/NOTIFY). */
  live(): Promise<LiveState>;
  health(): StoreHealth;
  /** Called after the live state changed (PostgreSQL: within a second of the commit). */
  onChange(listener: () => void): void;

  /** Adds telemetry aggregates (one writer's flush). */
  addTelemetry(lines: TelemetryLine[]): Promise<void>;
  /** Every stored line of minutes [fromMinute, toMinute], from every writer. */
  readTelemetry(fromMinute: number, toMinute: number): Promise<TelemetryLine[]>;
  /** Deletes telemetry older than `before` (minutes since the epoch). */
  pruneTelemetry(beforeMinute: number): Promise<void>;
  /** The key reporter ids are made with: made once, shared by every host process on the store. */
  reporterKey(): Promise<Buffer>;

  /**
   * Counts one hit (or none: `hit` false) of `key` in a fixed window and returns the total of every
   * process's hits there. Windows ended before the previous one are deleted as a side effect.
   */
  countHit(windowMs: number, windowNumber: number, key: string, hit: boolean): Promise<number>;

  /** A host process says which versions it holds (a heartbeat). Files: nothing to do. */
  reportHost(report: HostReport): Promise<void>;
  /** Host processes heard from within `withinMs`. Files: none (the one machine's files are the truth). */
  hosts(withinMs: number): Promise<HostSeen[]>;
  /** Forgets a host process (it is shutting down). */
  forgetHost(id: string): Promise<void>;

  close(): Promise<void>;
}
