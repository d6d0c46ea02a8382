// `pnpm --filter @storefront/api backup <file>`: a consistent copy of the live SQLite database, taken with
// SQLite's online backup API while the server keeps running (readers and writers are not stopped; pages
// changed during the copy are copied again). Restore: README.md "Backup and restore".
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target || target.startsWith('-')) {
    console.error('usage: pnpm --filter @storefront/api backup <file>   (DB_FILE names the database, as for the server)');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.dbFile === ':memory:' || !fs.existsSync(config.dbFile)) {
    console.error(`[api] backup: no database at ${config.dbFile}`);
    process.exit(1);
  }
  // pnpm --filter runs in api/: a relative file is meant relative to where the command was typed.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (fs.existsSync(out)) {
    console.error(`[api] backup: ${out} exists; choose a new file name`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const source = new SQLite(config.dbFile, { readonly: true, fileMustExist: true });
  try {
    const started = Date.now();
    await source.backup(out);
    const check = new SQLite(out, { readonly: true });
    const integrity = check.pragma('integrity_check', { simple: true });
    const orders = (check.prepare('select count(*) as n from orders').get() as { n: number }).n;
    check.close();
    if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
    console.log(`[api] backup of ${config.dbFile} written to ${out} in ${Date.now() - started} ms (${orders} orders, integrity ok)`);
  } finally {
    source.close();
  }
}

main().catch((err: unknown) => {
  console.error('[api] backup failed:', err);
  process.exit(1);
});
