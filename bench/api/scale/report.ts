// The scale bench's tables: each call at each size (p99 the median of the rounds, each round's beside it),
// its growth from the smallest catalogue to the largest, and the log lines of a paced run's stalls and CPU.
import type { CpuFigures } from '../cpu';
import type { PacedFigures } from '../../lib/paced.mjs';
import { SLOW_MS } from '../../lib/paced.mjs';
import { median, round } from '../../lib/stats.mjs';
import type { Row } from './types';

/** Where a paced run was slow: the load generator's own pauses, and the worst 100-ms windows (issue 16). */
export const stalls = (p: PacedFigures) =>
  `\n  paced: p50 ${p.p50}, p90 ${p.p90}, max ${p.max} ms; load generator's event-loop delay p99 ${p.clientLagP99}, max ${p.clientLagMax} ms` +
  (p.slowWindows.length
    ? `; slowest windows ${p.slowWindows
        .map(
          (w) =>
            `${w.at} s at ${w.clock} (${w.count} over ${SLOW_MS} ms${w.byProcess.length > 1 ? ` [${w.byProcess.join(' + ')}]` : ''}, max ${w.max})`,
        )
        .join(', ')}`
    : '');

/** The paced run's CPU per answer, by part (cpu.ts). */
export const cpuLine = (c: CpuFigures | null | undefined) =>
  c
    ? `\n  CPU per answer: API ${c.apiMsPerAnswer} ms, database ${c.dbMsPerAnswer} ms, load generator ${c.generatorMsPerAnswer} ms; ${c.coresBusy} cores busy on average`
    : '';

/** One call at one size over every round: the medians, and each round's p99 as measured. */
export interface Summary {
  db: string;
  size: number;
  scenario: string;
  rate: number;
  p99: number;
  p50: number;
  /** Each round's p99, in round order. */
  p99s: number[];
  /** API and database CPU per answer (median of the rounds), when read. */
  cpuMs: number | null;
  total?: number;
  shown?: number;
  /** The first round's flat-out figures. */
  flat: Row['flat'];
  errors: number;
}

/** The paced rows of each (database, size, call), rounds folded into medians. */
export function summarise(rows: Row[]): Summary[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.paced.rate <= 0) continue;
    const key = `${r.db}×${r.instances}\u0000${r.size}\u0000${r.scenario}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((group) => {
    const byRound = [...group].sort((a, b) => (a.round ?? 1) - (b.round ?? 1));
    const head = byRound[0] as Row;
    const cpus = byRound.flatMap((r) => (r.cpu ? [r.cpu.apiMsPerAnswer + r.cpu.dbMsPerAnswer] : []));
    return {
      db: `${head.db}×${head.instances}`,
      size: head.size,
      scenario: head.scenario,
      rate: head.paced.rate,
      p99: round(median(byRound.map((r) => r.paced.p99)) ?? 0),
      p50: round(median(byRound.map((r) => r.paced.p50)) ?? 0),
      p99s: byRound.map((r) => r.paced.p99),
      cpuMs: median(cpus),
      total: head.total,
      shown: head.shown,
      flat: head.flat,
      errors: byRound.reduce((n, r) => n + r.paced.errors + r.paced.non2xx + r.flat.errors, 0),
    };
  });
}

const ratio = (a: number, b: number) => (a > 0 ? `${(b / a).toFixed(2)}×` : '–');

/**
 * Each call's growth between the smallest and the largest catalogue measured (p99 and p50 medians of the
 * rounds, CPU per answer in the API and the database). A call whose page was empty at the smallest size
 * (a rare word with no match at 1k, page 50 past a small catalogue's end) is a different answer there: its
 * growth is taken from the smallest size that answered with products, and the row says so.
 */
export function growthRows(summaries: Summary[]) {
  const out: Record<string, string | number>[] = [];
  for (const key of new Set(summaries.map((r) => `${r.db}\u0000${r.scenario}`))) {
    const [db, scenario] = key.split('\u0000');
    const bySize = summaries.filter((r) => r.db === db && r.scenario === scenario).sort((a, b) => a.size - b.size);
    const small = bySize.filter((r) => r.shown !== 0)[0];
    const large = bySize[bySize.length - 1];
    if (!small || !large || small === large) continue;
    const empty = bySize.filter((r) => r.shown === 0).map((r) => r.size);
    const cpu = (r: Summary) => r.cpuMs ?? 0;
    out.push({
      db: db ?? '',
      call: scenario ?? '',
      sizes: `${small.size} → ${large.size}${empty.length ? ` (empty page at ${empty.join(', ')})` : ''}`,
      found: small.total === undefined ? '' : `${small.total} → ${large.total}`,
      p99: `${small.p99} → ${large.p99} ms (${ratio(small.p99, large.p99)})`,
      p50: `${small.p50} → ${large.p50} ms (${ratio(small.p50, large.p50)})`,
      'CPU per answer': `${cpu(small).toFixed(2)} → ${cpu(large).toFixed(2)} ms (${ratio(cpu(small), cpu(large))})`,
    });
  }
  return out;
}

/** The figures of a run: each call at each size (p99 the median of the rounds, each round's beside it). */
export function figuresTable(rows: Row[]) {
  const races = rows.filter((r) => r.paced.rate === 0);
  return [
    ...summarise(rows).map((r) => ({
      db: r.db,
      size: r.size,
      call: r.scenario,
      'p99 paced': `${r.p99} ms`,
      rounds: r.p99s.length > 1 ? r.p99s.join(' / ') : '',
      'paced at': `${r.rate}/s`,
      'max req/s': r.flat.throughput,
      'p99 flat': `${r.flat.p99} ms`,
      errors: r.errors,
    })),
    ...races.map((r) => ({ db: `${r.db}×${r.instances}`, size: r.size, call: r.scenario })),
  ];
}
