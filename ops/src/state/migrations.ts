/**
 * The PostgreSQL store's schema, `storefront_ops`, and its migrations: numbered, applied in order, each
 * once, recorded in `storefront_ops.migrations`. Every host and CLI process brings the schema up to date
 * on its first query; a transaction-scoped advisory lock makes the others wait, so two processes starting
 * together never apply one twice. A migration is only ever added, never edited.
 *
 * Plain SQL through `pg` rather than Kysely's Migrator: the ops package has six small tables and no query
 * builder; the API's migrations stay the API's.
 */
import type pg from 'pg';

export const SCHEMA = 'storefront_ops';

export const MIGRATIONS: { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'state, history, telemetry, limits, settings, hosts',
    sql: `
      -- One row: the operator state (live, rollback stack, published versions), the registry derived
      -- from it, the running canaries; revision goes up with every change (hosts compare it).
      create table ${SCHEMA}.state (
        id int primary key check (id = 1),
        state jsonb not null,
        registry jsonb not null,
        canaries jsonb not null,
        revision bigint not null default 0,
        updated_at timestamptz not null default now()
      );
      insert into ${SCHEMA}.state (id, state, registry, canaries)
        values (1, '{"schema":1,"updatedAt":null,"sections":{}}', '{"shell":null,"remotes":{}}', '{"schema":1,"canaries":{}}');
      create table ${SCHEMA}.history (
        id bigserial primary key,
        at timestamptz not null,
        record jsonb not null
      );
      -- Telemetry aggregates: one row per minute x remote x version of one host process's flush.
      create table ${SCHEMA}.telemetry (
        id bigserial primary key,
        minute int not null,
        remote text not null,
        version text not null,
        line jsonb not null
      );
      create index telemetry_minute on ${SCHEMA}.telemetry (minute);
      -- Rate-limit counts per fixed window and key (a reporter id: a keyed hash, never an address).
      create table ${SCHEMA}.limits (
        window_ms bigint not null,
        window_no bigint not null,
        key text not null,
        hits int not null,
        primary key (window_ms, window_no, key)
      );
      create table ${SCHEMA}.settings (
        name text primary key,
        value text not null
      );
      -- Host processes and the versions each holds on its own disk (a heartbeat).
      create table ${SCHEMA}.hosts (
        id text primary key,
        hostname text not null,
        pid int not null,
        root text not null,
        versions jsonb not null,
        seen_at timestamptz not null
      );
    `,
  },
];

/**
 * Runs `fn` in one transaction on a pooled connection: committed when it returns, rolled back when it
 * throws (and by the server when the process dies or the connection drops).
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    // A connection that could not even roll back is dropped, not handed out again.
    client.release(broken);
  }
}

/** Applies the migrations not applied yet; returns their ids. */
export function migrateOps(pool: pg.Pool): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query(`select pg_advisory_xact_lock(hashtext('${SCHEMA}.migrate'))`);
    await client.query(`create schema if not exists ${SCHEMA}`);
    await client.query(
      `create table if not exists ${SCHEMA}.migrations (id int primary key, name text not null, at timestamptz not null default now())`,
    );
    const { rows } = await client.query<{ id: number }>(`select id from ${SCHEMA}.migrations`);
    const done = new Set(rows.map((r) => r.id));
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      await client.query(m.sql);
      await client.query(`insert into ${SCHEMA}.migrations (id, name) values ($1, $2)`, [m.id, m.name]);
      applied.push(m.id);
    }
    return applied;
  });
}
