// What the parts of the scale bench pass each other: a measured row, and one size's run on its processes.
import type { CpuFigures } from '../cpu';
import type { PacedFigures } from '../../lib/paced.mjs';
import type { Target } from './database';
import type { DbKind, ScaleOptions } from './options';

export interface Row {
  db: string;
  size: number;
  instances: number;
  scenario: string;
  /** Which round measured it (1 when absent: a run saved before rounds). */
  round?: number;
  paced: PacedFigures & { rate: number };
  /** The answer's `total` (a list's or search's matches), as the paced run asked it. */
  total?: number;
  /** How many products that answer's page held (page 50 of a small catalogue's filter holds none). */
  shown?: number;
  /** Where the paced run's CPU went (Linux only). */
  cpu?: CpuFigures | null;
  flat: { throughput: number; p99: number; errors: number };
}

/** A round after the first measures no throughput. */
export const NOT_MEASURED: Row['flat'] = { throughput: 0, p99: 0, errors: 0 };

/** One catalogue size in one round, on API processes of its own. */
export interface SizeRun {
  db: DbKind;
  size: number;
  instances: number;
  round: number;
  /** Throughput (flat out) and the checkout race are measured in the first round only. */
  first: boolean;
  /** How the log names this run: `sqlite 20000 (round 2)`. */
  tag: string;
  target: Target;
  ports: number[];
  apiPids: number[];
  /** PostgreSQL: the CPU of this database's backends only (other work on a shared server is not the bench's). */
  dbCpu: false | { database: string };
  opts: ScaleOptions;
  log: (s: string) => void;
  rows: Row[];
}

export const urlOf = (port: number | undefined) => `http://127.0.0.1:${port ?? 0}`;
