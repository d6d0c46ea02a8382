// Orders survive (issue 41): commits are durable on either database, `backup` writes a consistent copy of
// the live database and checks it, and `restore` brings back every order from it, on SQLite and on
// PostgreSQL (pg_dump / pg_restore custom format). Both passes of the API suite run these.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  ADDRESS,
  addToCart,
  findVariant,
  freshPostgres,
  makeApp,
  ok,
  onPostgres,
  post,
  registerCustomer,
  runScript,
  type TestApp,
} from './helpers';
import { openDatabase, type DB } from '../src/db/database';

let t: TestApp;
let dir: string;
const targets: { drop(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await makeApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-backup-'));
  // An order of a customer of this test's own, beside the seeded ones.
  const c = await registerCustomer(t.app);
  ok(await addToCart(t.app, c.token, await findVariant(t.db)));
  ok(await post(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod' }, { token: c.token }), 201);
});
afterAll(async () => {
  await t.close();
  for (const target of targets) await target.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Where the scripts find the test's database, as DATABASE_URL or DB_FILE. */
const databaseEnv = (where: string): NodeJS.ProcessEnv => (onPostgres ? { DATABASE_URL: where } : { DB_FILE: where });
const liveWhere = () => t.config.databaseUrl ?? t.config.dbFile;

/** A place to restore into: a new empty PostgreSQL database, or a new SQLite file name. */
async function restoreTarget(name: string): Promise<string> {
  if (!onPostgres) return path.join(dir, `${name}.sqlite`);
  const fresh = await freshPostgres();
  targets.push(fresh);
  return fresh.url;
}

const ordersOf = (db: DB) =>
  db
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_id', 'status', 'quantity', 'final_amount', 'payment_method', 'payment_status'])
    .orderBy('id')
    .execute();

async function ordersAt(where: string) {
  const db = openDatabase(where);
  try {
    return await ordersOf(db);
  } finally {
    await db.destroy();
  }
}

describe('durable commits', () => {
  it('a committed order is on disk before its answer leaves', async () => {
    if (onPostgres) {
      // PostgreSQL flushes the WAL at commit unless told not to: neither may be off for the shop.
      const fsync = await sql<{ fsync: string }>`show fsync`.execute(t.db);
      const commit = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(t.db);
      expect(fsync.rows[0]?.fsync).toBe('on');
      expect(commit.rows[0]?.synchronous_commit).toBe('on');
    } else {
      // The pragma is per connection: read it on the app's own connection.
      const row = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db);
      expect(row.rows[0]?.synchronous).toBe(2);
    }
  });
});

describe('backup and restore', () => {
  let backup: string;
  beforeAll(async () => {
    backup = path.join(dir, onPostgres ? 'shop.dump' : 'shop.sqlite');
  });

  it('backup writes a checked copy of the live database with every order', async () => {
    const { code, out } = await runScript('src/cli/backup.ts', [backup], { NODE_ENV: 'development', ...databaseEnv(liveWhere()) });
    expect(code).toBe(0);
    const live = await ordersOf(t.db);
    expect(live.length).toBeGreaterThan(1);
    expect(out).toMatch(new RegExp(`\\(${live.length} orders, ${onPostgres ? '\\d+ entries, pg_restore --list ok' : 'integrity ok'}\\)`));
    // A custom-format dump, not a plain SQL file: pg_restore can read it whole or in part.
    if (onPostgres) expect(fs.readFileSync(backup).subarray(0, 5).toString()).toBe('PGDMP');
  }, 60_000);

  it('backup refuses to overwrite a file, and leaves no file behind when it fails', async () => {
    const again = await runScript('src/cli/backup.ts', [backup], { NODE_ENV: 'development', ...databaseEnv(liveWhere()) });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/exists; choose a new file name/);
    const nowhere = onPostgres
      ? `${new URL(liveWhere()).origin.replace('http', 'postgres')}/no_such_database_41`
      : path.join(dir, 'none.sqlite');
    const failed = path.join(dir, 'failed.backup');
    const res = await runScript('src/cli/backup.ts', [failed], { NODE_ENV: 'development', ...databaseEnv(nowhere) });
    expect(res.code).toBe(1);
    expect(fs.existsSync(failed)).toBe(false);
  }, 60_000);

  it('restore brings back every order into an empty database', async () => {
    const target = await restoreTarget('restored');
    const refused = await runScript('src/cli/restore.ts', [backup], { NODE_ENV: 'development', ...databaseEnv(target) });
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/add --yes/);

    const { code, out } = await runScript('src/cli/restore.ts', [backup, '--yes'], { NODE_ENV: 'development', ...databaseEnv(target) });
    expect(out).toMatch(/restored .* \(\d+ orders\)/);
    expect(code).toBe(0);
    expect(await ordersAt(target)).toEqual(await ordersOf(t.db));
  }, 60_000);

  it('restore refuses a damaged backup and leaves the database as it was', async () => {
    const target = await restoreTarget('kept');
    expect((await runScript('src/cli/restore.ts', [backup, '--yes'], { NODE_ENV: 'development', ...databaseEnv(target) })).code).toBe(0);
    const before = await ordersAt(target);
    const damaged = path.join(dir, 'damaged.backup');
    const bytes = fs.readFileSync(backup);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const { code, out } = await runScript('src/cli/restore.ts', [damaged, '--yes'], { NODE_ENV: 'development', ...databaseEnv(target) });
    expect(code).toBe(1);
    expect(out).toMatch(/restore failed: .*(not a readable pg_dump|not a usable SQLite backup)/);
    expect(await ordersAt(target)).toEqual(before);
  }, 60_000);

  (onPostgres ? it : it.skip)(
    'restore refuses while the API is connected to the database',
    async () => {
      const { code, out } = await runScript('src/cli/restore.ts', [backup, '--yes'], {
        NODE_ENV: 'development',
        DATABASE_URL: liveWhere(),
      });
      expect(code).toBe(1);
      expect(out).toMatch(/other session\(s\) use the database: stop the API processes first/);
    },
    60_000,
  );
});
