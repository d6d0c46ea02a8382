import { sql } from 'kysely';
import { makeApp, onPostgres, type TestApp } from './helpers';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db/database';
import { seed } from '../src/db/seed';
import { systemClock } from '../src/lib/clock';

/**
 * The message a failed query rejects with. better-sqlite3's SqliteError is not a real Error subclass, so
 * in a later Jest file (another vm realm, same native addon) `rejects.toThrow` does not recognise it.
 */
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: unknown) => String((e as { message?: unknown }).message),
  );

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('database', () => {
  (onPostgres ? it.skip : it)('runs in WAL mode with foreign keys on', async () => {
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(t.db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    expect(
      await failureOf(
        t.db
          .insertInto('cart_items')
          .values({ customer_id: 999999, product_id: 1, variation_id: 1, quantity: 1, created_at: '', updated_at: '' })
          .execute(),
      ),
    ).toMatch(/FOREIGN KEY/);
  });

  (onPostgres ? it : it.skip)('enforces foreign keys on PostgreSQL too', async () => {
    expect(
      await failureOf(
        t.db
          .insertInto('cart_items')
          .values({ customer_id: 999999, product_id: 1, variation_id: 1, quantity: 1, created_at: '', updated_at: '' })
          .execute(),
      ),
    ).toMatch(/foreign key/i);
  });

  (onPostgres ? it : it.skip)('survives PostgreSQL ending its idle connections, and the next query opens a new one', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Fill the pool with idle connections, then have the server end all of them (as a restart would).
      await Promise.all(Array.from({ length: 3 }, () => sql`select pg_sleep(0.05)`.execute(t.db)));
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(
        t.db,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const row = await sql<{ one: number }>`select 1 as one`.execute(t.db);
      expect(row.rows[0]?.one).toBe(1);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^\[api\] PostgreSQL closed a connection/));
    } finally {
      errors.mockRestore();
    }
  });

  (onPostgres ? it : it.skip)('prepares each query once per connection on PostgreSQL (no planning on every call)', async () => {
    await t.db.connection().execute(async (db) => {
      for (let i = 0; i < 2; i += 1) await db.selectFrom('products').select('id').where('slug', '=', 'no-such-product').execute();
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
      expect(prepared.rows.filter((r) => /from "products" where "slug" = \$1/.test(r.statement))).toHaveLength(1);
    });
  });

  (onPostgres ? it : it.skip)('a table changed under a prepared statement (a rolling migration) answers on the next call', async () => {
    await sql`create table prepared_probe (id integer primary key)`.execute(t.db);
    try {
      await t.db.connection().execute(async (db) => {
        await sql`insert into prepared_probe (id) values (1)`.execute(db);
        const before = await sql<{ id: number }>`select * from prepared_probe`.execute(db);
        expect(before.rows).toEqual([{ id: 1 }]);
        // Another process migrates: the prepared `select *` would now return another row type (0A000).
        await sql`alter table prepared_probe add column note text`.execute(db);
        const after = await sql<{ id: number; note: string | null }>`select * from prepared_probe`.execute(db);
        expect(after.rows).toEqual([{ id: 1, note: null }]);
      });
    } finally {
      await sql`drop table prepared_probe`.execute(t.db);
    }
  });

  it('reads PG_POOL_SIZE: connections per API process, 10 unless set, within 1–100', () => {
    expect(loadConfig({}).pgPoolSize).toBe(10);
    expect(loadConfig({ PG_POOL_SIZE: '4' }).pgPoolSize).toBe(4);
    expect(loadConfig({ PG_POOL_SIZE: '0' }).pgPoolSize).toBe(1);
    expect(loadConfig({ PG_POOL_SIZE: '500' }).pgPoolSize).toBe(100);
    expect(loadConfig({ PG_POOL_SIZE: 'many' }).pgPoolSize).toBe(10);
  });

  (onPostgres ? it : it.skip)('keeps at most PG_POOL_SIZE connections open: more queries at once wait for one', async () => {
    const small = openDatabase(t.config.databaseUrl ?? '', { pgPoolSize: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(small).then((r) => r.rows[0]?.pid),
        ),
      );
      expect(new Set(pids).size).toBe(2);
    } finally {
      await small.destroy();
    }
  });

  it('migrates and seeds once: a second start changes nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const before = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await seed(t.db, { clock: systemClock, hashPassword: async () => 'x', demo: true })).toBe(false);
    const after = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('keeps money in integer paise and never lets stock go negative', async () => {
    const v = await t.db.selectFrom('variations').select(['id', 'price', 'mrp']).limit(1).executeTakeFirstOrThrow();
    expect(Number.isInteger(v.price) && Number.isInteger(v.mrp)).toBe(true);
    expect(await failureOf(t.db.updateTable('variations').set({ stock: -1 }).where('id', '=', v.id).execute())).toMatch(
      /CHECK|check constraint/,
    );
  });

  it('seeds products with several images, sizes, retailer and wholesaler ids, some sold out', async () => {
    const products = await t.db.selectFrom('products').select(['image_count', 'retailer_id', 'wholesaler_id', 'total_stock']).execute();
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(products.every((p) => p.image_count >= 3 && p.retailer_id > 0)).toBe(true);
    expect(products.some((p) => p.wholesaler_id !== null)).toBe(true);
    expect(products.filter((p) => p.total_stock === 0).length).toBeGreaterThan(5);
    const sized = await t.db
      .selectFrom('variations')
      .select('product_id')
      .groupBy('product_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(sized.length).toBeGreaterThan(50);
  });
});
