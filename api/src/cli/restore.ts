// `pnpm --filter @storefront/api restore <file> --yes`: puts a backup written by `backup` back as the
// database DATABASE_URL or DB_FILE names. Stop the API processes first (README.md "Backup and restore");
// pending migrations run when they start again.
//   PostgreSQL: the file is read whole first (pg_restore --list, the orders' data in it); the restore
//     refuses while other sessions use the database, then runs in one transaction (--single-transaction:
//     a failure leaves the database as it was), replacing every object the dump holds.
//   SQLite: the copy's integrity is checked; the current file and its -wal/-shm are moved aside (kept,
//     named .before-restore-<time>), and the copy takes their place.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../config';
import { listPostgresBackup } from './backup';

const exec = promisify(execFile);

async function restorePostgres(url: string, file: string): Promise<number> {
  const listed = await listPostgresBackup(file).catch((err: Error) => {
    throw new Error(`${file} is not a readable pg_dump custom-format backup: ${err.message.split('\n').slice(-2).join(' ').trim()}`);
  });
  if (!listed.hasOrders) throw new Error(`${file} does not hold the orders' data: not a backup of this shop`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const n = Number(others.rows[0]?.n ?? 0);
    if (n > 0) throw new Error(`${n} other session(s) use the database: stop the API processes first`);
  } finally {
    await client.end();
  }
  await exec('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    return Number((await check.query<{ n: string }>('select count(*) as n from orders')).rows[0]?.n ?? 0);
  } finally {
    await check.end();
  }
}

function restoreSqlite(dbFile: string, file: string): { orders: number; movedAside: string[] } {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  let orders: number;
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} failed its integrity check: ${String(integrity)}`);
    orders = (copy.prepare('select count(*) as n from orders').get() as { n: number }).n;
  } catch (err) {
    throw new Error(`${file} is not a usable SQLite backup: ${(err as Error).message}`);
  } finally {
    copy.close();
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const movedAside: string[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    const current = `${dbFile}${suffix}`;
    if (!fs.existsSync(current)) continue;
    const aside = `${dbFile}.before-restore-${stamp}${suffix}`;
    fs.renameSync(current, aside);
    movedAside.push(aside);
  }
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  fs.copyFileSync(file, dbFile);
  return { orders, movedAside };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('usage: pnpm --filter @storefront/api restore <file> --yes   (replaces the database DATABASE_URL or DB_FILE names)');
    process.exit(2);
  }
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!fs.existsSync(source)) {
    console.error(`[api] restore: no file at ${source}`);
    process.exit(1);
  }
  const config = loadConfig();
  const target = config.databaseUrl
    ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`
    : config.dbFile;
  if (!args.includes('--yes')) {
    console.error(`[api] restore replaces the database ${target} with ${source}: stop the API, then add --yes`);
    process.exit(2);
  }
  const started = Date.now();
  if (config.databaseUrl) {
    const orders = await restorePostgres(config.databaseUrl, source);
    console.log(`[api] restored ${source} into ${target} in ${Date.now() - started} ms (${orders} orders)`);
  } else {
    const { orders, movedAside } = restoreSqlite(config.dbFile, source);
    const kept = movedAside.length ? `; the previous file is kept as ${movedAside[0]}` : '';
    console.log(`[api] restored ${source} into ${target} in ${Date.now() - started} ms (${orders} orders)${kept}`);
  }
}

main().catch((err: unknown) => {
  console.error('[api] restore failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
