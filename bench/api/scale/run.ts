/**
 * Catalogue-scale benchmark (issue 16): the API over catalogues of 1k, 20k and 200k products, on SQLite
 * (one API process) and on PostgreSQL (two, each request to the one with fewer answers outstanding as the
 * host balances them), production mode, page cache off. Each call paced (open loop, p99), then flat out;
 * ends with 50 parallel checkouts of the last 5 units. Every size measured `--rounds` times, sizes in turn,
 * a call's p99 the median of its rounds (why: docs/performance.md "Catalogue scale"). Options: options.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, saveResult } from '../../lib/results.mjs';
import { dropTarget, pgMemory, prepareTarget, type Target } from './database';
import { measureOne } from './measureOne';
import { scaleOptions, type DbKind, type ScaleOptions } from './options';
import { figuresTable, growthRows, summarise } from './report';
import { GENERATOR_PRIORITY, NORMAL_PRIORITY, raisePriority } from './servers';
import type { Row } from './types';

const log = (s: string) => console.log(`[scale] ${s}`);

/**
 * Every size of one database, `rounds` times with the sizes in turn; the databases dropped unless --keep,
 * or --no-grow: a database this run did not grow is someone's kept one (an hour's growing at 1,000,000).
 */
async function measureDatabase(opts: ScaleOptions, db: DbKind, dir: string): Promise<Row[]> {
  const ctx = { dir, pgUrl: opts.pgUrl ?? '', prefix: opts.pgPrefix, apiDir: opts.apiDir, grow: opts.grow, log };
  const targets = new Map<number, Target>();
  for (const size of opts.sizes) {
    const target = await prepareTarget(db, size, ctx);
    targets.set(size, target);
    if (target.kind === 'postgres') log(`${db} ${size}: ${await pgMemory(target)}`);
  }
  const instances = db === 'postgres' ? opts.instances : 1;
  const rows: Row[] = [];
  for (let round = 1; round <= opts.rounds; round += 1) {
    for (const [size, target] of targets) rows.push(...(await measureOne(opts, { db, size, target, instances, round }, log)));
  }
  if (!opts.keep && opts.grow) for (const target of targets.values()) await dropTarget(target, ctx);
  return rows;
}

function printTables(rows: Row[], rounds: number): void {
  console.table(figuresTable(rows));
  const growth = growthRows(summarise(rows));
  if (!growth.length) return;
  log(
    `growth from the smallest catalogue to the largest (largest ÷ smallest; p99 and p50 the medians of ${rounds} round(s); CPU: API and database per answer)`,
  );
  console.table(growth);
}

async function main(): Promise<void> {
  const opts = scaleOptions();
  if (opts.report) {
    // A saved run's tables again (its JSON file), without measuring.
    printTables((JSON.parse(fs.readFileSync(opts.report, 'utf8')) as { rows: Row[] }).rows, 0);
    return;
  }
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sf-scale-'));
  fs.mkdirSync(dir, { recursive: true });
  const raised = opts.priority && raisePriority();
  log(
    `paced requests go to ${opts.balance === 'least' ? 'the API process with the fewest answers outstanding' : 'the API processes in turn'}`,
  );
  log(
    `${opts.rounds} round(s), sizes in turn; the load generator ${raised ? `runs at priority ${GENERATOR_PRIORITY}, the servers at ${NORMAL_PRIORITY}` : "shares the servers' priority"}`,
  );
  const rows: Row[] = [];
  for (const db of opts.dbs) {
    if (db === 'postgres' && !opts.pgUrl) log('no PostgreSQL URL (--pg or TEST_DATABASE_URL): skipping PostgreSQL');
    else rows.push(...(await measureDatabase(opts, db, dir)));
  }
  printTables(rows, opts.rounds);
  const { duration, pacedSeconds, rate, connections, rounds, balance } = opts;
  const out = saveResult(
    'scale',
    {
      at: new Date().toISOString(),
      machine: machine(),
      ...{ duration, pacedSeconds, rate, connections, rounds, balance },
      generatorPriority: raised ? GENERATOR_PRIORITY : NORMAL_PRIORITY,
      summary: summarise(rows),
      rows,
    },
    opts.json,
  );
  log(`figures written to ${out}`);
  if (!opts.keep && !opts.dir) fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error('[scale] failed:', err);
  process.exit(1);
});
