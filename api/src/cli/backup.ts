// `pnpm --filter @storefront/api backup <file>`: a consistent copy of the live database while the server
// keeps running, checked after it is written. Restore: `restore <file>` (README.md "Backup and restore").
//   SQLite (DB_FILE): SQLite's online backup API (readers and writers are not stopped; pages changed during
//     the copy are copied again), then integrity_check and the copy's order count.
//   PostgreSQL (DATABASE_URL): pg_dump's custom format (compressed; pg_restore can restore it whole or in
//     part) from a snapshot this command exports and counts the orders in, so the count printed is the
//     dump's own; then pg_restore --list must read the whole file and find the orders' data in it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../config';

const exec = promisify(execFile);

/** What `pg_restore --list` says of a custom-format dump: its entries, and whether the orders' rows are in it. */
export async function listPostgresBackup(file: string): Promise<{ entries: number; hasOrders: boolean }> {
  const { stdout } = await exec('pg_restore', ['--list', file], { maxBuffer: 64 * 1024 * 1024 });
  const lines = stdout.split('\n').filter((l) => /^\d+;/.test(l));
  return { entries: lines.length, hasOrders: lines.some((l) => /\bTABLE DATA public orders\b/.test(l)) };
}

async function backupSqlite(dbFile: string, out: string): Promise<string> {
  if (dbFile === ':memory:' || !fs.existsSync(dbFile)) throw new Error(`no database at ${dbFile}`);
  const source = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(out);
  } finally {
    source.close();
  }
  const check = new SQLite(out, { readonly: true });
  try {
    const integrity = check.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
    const orders = (check.prepare('select count(*) as n from orders').get() as { n: number }).n;
    return `${dbFile} written to ${out} (${orders} orders, integrity ok)`;
  } finally {
    check.close();
  }
}

async function backupPostgres(url: string, out: string): Promise<string> {
  // A repeatable-read transaction exports its snapshot; pg_dump dumps exactly that snapshot while the
  // transaction stays open, so the orders counted here are the orders in the file.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let orders: number;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id ?? '';
    orders = Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0]?.n ?? 0);
    await exec('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', `--file=${out}`, `--dbname=${url}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
  const listed = await listPostgresBackup(out);
  if (!listed.hasOrders) throw new Error(`${out} does not hold the orders' data (pg_restore --list)`);
  const where = new URL(url);
  return `PostgreSQL ${where.host}${where.pathname} written to ${out} (${orders} orders, ${listed.entries} entries, pg_restore --list ok)`;
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target || target.startsWith('-')) {
    console.error('usage: pnpm --filter @storefront/api backup <file>   (DATABASE_URL or DB_FILE names the database, as for the server)');
    process.exit(2);
  }
  const config = loadConfig();
  // pnpm --filter runs in api/: a relative file is meant relative to where the command was typed.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (fs.existsSync(out)) {
    console.error(`[api] backup: ${out} exists; choose a new file name`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();
  try {
    const what = config.databaseUrl ? await backupPostgres(config.databaseUrl, out) : await backupSqlite(config.dbFile, out);
    console.log(`[api] backup of ${what} in ${Date.now() - started} ms`);
  } catch (err) {
    // Never leave a file that looks like a backup and is not one.
    fs.rmSync(out, { force: true });
    throw err;
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('[api] backup failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
