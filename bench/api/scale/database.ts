// The scale bench's databases: one per catalogue size, grown with the API's seed command (SQLite files,
// or PostgreSQL databases made with an admin URL), and the stock of one variation read and set directly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '@storefront/api/bench';
import type { DbKind } from './options';

export type Target = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The API process's environment for `target`. */
export const dbEnv = (t: Target): Record<string, string> => (t.kind === 'sqlite' ? { DB_FILE: t.file } : { DATABASE_URL: t.url });

/** Grows (or creates) the database of one size with the seed command (api/src/cli/grow.ts). */
function grow(apiDir: string, target: Target, size: number): void {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src', 'cli', 'grow.ts'), String(size)], {
    cwd: apiDir,
    env: { ...process.env, ...dbEnv(target) },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error(`seeding ${size} products failed`);
}

async function pgAdmin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TargetContext {
  dir: string;
  pgUrl: string;
  prefix: string;
  apiDir: string;
  grow: boolean;
  log: (s: string) => void;
}

/** Creates (PostgreSQL) and grows the database of one size. */
export async function prepareTarget(db: DbKind, size: number, ctx: TargetContext): Promise<Target> {
  let target: Target;
  if (db === 'sqlite') {
    target = { kind: 'sqlite', file: path.join(ctx.dir, `scale-${size}.sqlite`) };
  } else {
    const name = `${ctx.prefix}_${size}`;
    const exists = await pgAdmin(ctx.pgUrl, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount);
    if (!exists) await pgAdmin(ctx.pgUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(ctx.pgUrl);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
  }
  if (ctx.grow) {
    const started = Date.now();
    grow(ctx.apiDir, target, size);
    ctx.log(`${db}: ${size} products ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return target;
}

/** This machine's huge pages (/proc/meminfo), when it has any: PostgreSQL's shared memory on the same machine takes them. */
function hugePages(): string {
  let info = '';
  try {
    info = fs.readFileSync('/proc/meminfo', 'utf8');
  } catch {
    return '';
  }
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  const total = field('HugePages_Total');
  return total > 0 ? `, this machine's huge pages ${total - field('HugePages_Free') + field('HugePages_Rsvd')} of ${total} taken` : '';
}

/**
 * What PostgreSQL is given to keep in memory, and what the database holds: with `shared_buffers` short of
 * the products and their indexes, every row a search reads is a system call into the OS's cache; without
 * huge pages, each new connection faults in every 4 KB of them it reads (README, "Memory for a large catalogue").
 */
export async function pgMemory(target: Target): Promise<string> {
  if (target.kind !== 'postgres') return '';
  return pgAdmin(target.url, async (c) => {
    const r = await c.query<{ buffers: string; huge: string; size: string }>(
      "select current_setting('shared_buffers') as buffers, current_setting('huge_pages') as huge, pg_size_pretty(pg_database_size(current_database())) as size",
    );
    const row = r.rows[0];
    return row ? `shared_buffers ${row.buffers}, huge_pages ${row.huge}${hugePages()}, database ${row.size}` : '';
  });
}

/** Removes the database of one size (the SQLite file and its journal, or the PostgreSQL database). */
export async function dropTarget(target: Target, ctx: TargetContext): Promise<void> {
  if (target.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target.file}${suffix}`, { force: true });
    return;
  }
  const name = new URL(target.url).pathname.slice(1);
  await pgAdmin(ctx.pgUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

const open = (target: Target) => openDatabase(target.kind === 'sqlite' ? target.file : target.url);

export async function setStock(target: Target, variationId: number, stock: number): Promise<void> {
  const db = open(target);
  await db.updateTable('variations').set({ stock }).where('id', '=', variationId).execute();
  await db.destroy();
}

export async function readStock(target: Target, variationId: number): Promise<number> {
  const db = open(target);
  const row = await db.selectFrom('variations').select('stock').where('id', '=', variationId).executeTakeFirstOrThrow();
  await db.destroy();
  return row.stock;
}
