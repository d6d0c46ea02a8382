import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_ownership_and_limits';
import * as m003 from './migrations/003_payments';
import * as m004 from './migrations/004_catalogue_scale';
import * as m005 from './migrations/005_product_pictures';
import * as m006 from './migrations/006_search_word_prefixes';
import * as m007 from './migrations/007_pending_email';
import * as m008 from './migrations/008_open_payments_by_customer';
import * as m010 from './migrations/010_search_words';
import * as m016 from './migrations/016_staff';
import * as m017 from './migrations/017_fulfilment';
import * as m018 from './migrations/018_notifications';
import * as m019 from './migrations/019_product_visibility';
import * as m021 from './migrations/021_pincodes_and_cod_rules';
import * as m022 from './migrations/022_order_cod_fee';
import * as m024 from './migrations/024_address_book';
import * as m025 from './migrations/025_gst_invoices';
import * as m026 from './migrations/026_invoice_cod_fee';
import * as m027 from './migrations/027_search_without_hidden';
import * as m029 from './migrations/029_search_page';
import * as m030 from './migrations/030_delivery_settings_version';
import * as m031 from './migrations/031_search_word_pairs';
import * as m032 from './migrations/032_search_word_counts';
import * as m033 from './migrations/033_sqlite_search_pairs';
import * as m034 from './migrations/034_search_rank_key';
import * as m035 from './migrations/035_search_pair_counts';
import * as m036 from './migrations/036_search_pair_buckets';
import * as m037 from './migrations/037_search_generic_plans';
import { searchWordPairs } from './searchWords';
import { DEFAULT_PG_POOL_SIZE } from '../config';
import { DatabaseUnavailableError, isConnectionFailure } from '../lib/errors';

export type DB = Kysely<Database>;

/** Versioned migrations, in order. Add a file and a line here; never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
  '002_ownership_and_limits': m002,
  '003_payments': m003,
  '004_catalogue_scale': m004,
  '005_product_pictures': m005,
  '006_search_word_prefixes': m006,
  '007_pending_email': m007,
  '008_open_payments_by_customer': m008,
  '010_search_words': m010,
  '016_staff': m016,
  '017_fulfilment': m017,
  '018_notifications': m018,
  '019_product_visibility': m019,
  '021_pincodes_and_cod_rules': m021,
  '022_order_cod_fee': m022,
  '024_address_book': m024,
  '025_gst_invoices': m025,
  '026_invoice_cod_fee': m026,
  '027_search_without_hidden': m027,
  '029_search_page': m029,
  '030_delivery_settings_version': m030,
  '031_search_word_pairs': m031,
  '032_search_word_counts': m032,
  '033_sqlite_search_pairs': m033,
  '034_search_rank_key': m034,
  '035_search_pair_counts': m035,
  '036_search_pair_buckets': m036,
  '037_search_generic_plans': m037,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

const STATEMENT_CACHE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing is the largest single cost of a request.
 * Statements are reused by their SQL text (Kysely compiles one query shape to one text). Safe because the
 * driver runs one query at a time on the one connection and never streams here.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
}

/** A `postgres://` or `postgresql://` URL selects PostgreSQL; anything else is a SQLite file path. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/** Whether a Kysely instance (or transaction) talks to PostgreSQL: the few dialect-specific spots ask this. */
export function isPostgres(db: Kysely<unknown> | Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// PostgreSQL returns bigint (count(*), sum()) as text by default; the API's numbers all fit a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

/** How long a request waits for a new connection before it is answered 503 (the database is away). */
const PG_CONNECT_TIMEOUT_MS = 5000;

/** Distinct statements one API process prepares; beyond these, statements are sent unnamed (planned each time). */
const PG_PREPARED_MAX = 1000;

/**
 * Prepared statements on PostgreSQL, as the SQLite side has its statement cache: each distinct SQL text of a
 * query (select, insert, update, delete) is given a name, so every pooled connection parses it once and the
 * server may keep its plan. At 200k products the catalogue's queries run in 0.1–0.2 ms and were planned in
 * 0.4–1.6 ms each, three per page: most of a catalogue read's database time was planning (issue 16).
 * Kysely sends each query through `client.query(sql, parameters)`; this pool passes it as `{ name, text,
 * values }`, which `pg` prepares once per connection. Transaction control and DDL stay unnamed.
 *
 * A migration that changes a table's columns while this process runs (a rolling release) makes the server
 * refuse a statement prepared before it ("cached plan must not change result type", 0A000). Outside a
 * transaction the query is sent again unnamed; inside one the transaction fails as any conflict does. Either
 * way the connection is closed when released, so the next one prepares the statement afresh.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= PG_PREPARED_MAX || !/^\s*(select|insert|update|delete|with)\b/i.test(text)) return known;
    const name = `sf_${names.size}`;
    names.set(text, name);
    return name;
  };
  // One wrapper per pooled connection, handed out again each time that connection is: Kysely keeps its
  // connection object in a WeakMap keyed by what `connect` returns, so a new wrapper per checkout made a new
  // entry per query. Heap sampling found those (about 3 KB a read) outliving young-generation collections
  // (issue 16: the API's GC pauses).
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    let stale = false;
    const send = async (text: string, values: unknown[]) => {
      const name = nameOf(text);
      if (name === undefined) return client.query(text, values);
      try {
        return await client.query({ name, text, values });
      } catch (err) {
        if ((err as { code?: unknown }).code !== '0A000') throw err;
        stale = true;
        if (inTransaction) throw err;
        return client.query(text, values);
      }
    };
    const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
      if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction = false;
      try {
        return await send(text, [...parameters]);
      } catch (err) {
        // The connection is gone: pg-pool closes it on release (it is no longer queryable).
        throw isConnectionFailure(err) ? new DatabaseUnavailableError(err) : err;
      }
    };
    return {
      query: ((sqlOrCursor: string | object, parameters?: ReadonlyArray<unknown>) =>
        typeof sqlOrCursor === 'string'
          ? query(sqlOrCursor, parameters ?? [])
          : client.query(sqlOrCursor as never)) as unknown as PostgresPoolClient['query'],
      // A stale connection is closed (pg destroys a client released with an error), never handed out again.
      release: () => client.release(stale || undefined),
    };
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      // Whatever stops a connection being had (refused, not accepting connections, a timeout) is an outage.
      const client = await pool.connect().catch((err: unknown) => {
        throw new DatabaseUnavailableError(err);
      });
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
    // Kysely opens a connection of its own from these to cancel a query whose caller gave up (an abort signal).
    options: pool.options,
    Client: pg.Client,
  };
}

/**
 * Opens the database: a PostgreSQL URL (DATABASE_URL) through a `pg` pool, or the SQLite file (creating
 * its folder) in WAL mode with foreign keys on. The repositories use Kysely's portable builders; where the
 * dialects differ (search, locking) they branch on `isPostgres`.
 */
export function openDatabase(target: string, opts: { pgPoolSize?: number } = {}): DB {
  if (isPostgresUrl(target)) {
    // Connections are opened as requests need them and then kept (min = max): a new one costs the server a
    // process and a cold catalogue cache (its first plans take 1–2 ms), and loses the prepared statements.
    // Closing idle ones after 10 s (pg's default) made the paced catalogue runs stall on reconnects.
    // Connections per API process (PG_POOL_SIZE): several processes share one server's max_connections.
    const size = opts.pgPoolSize ?? DEFAULT_PG_POOL_SIZE;
    // A connection that cannot be had within PG_CONNECT_TIMEOUT_MS fails the request with a 503 instead of
    // queueing it behind a database that does not answer (a network cut drops packets, it refuses nothing);
    // TCP keep-alive notices a silently dead connection.
    const pool = new pg.Pool({
      connectionString: target,
      max: size,
      min: size,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A connection the server ends (a restart, a failover, an administrator, a dropped database) emits
    // 'error'; unhandled, it ends the process. pg-pool listens only while the connection is idle, so every
    // connection gets a listener of its own for its whole life: the query running on it fails (a 503), the
    // pool drops it on release and opens a new one for the next request.
    // The pool re-emits an idle connection's error, already logged by that connection's own listener.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', (err) => console.error(`[api] PostgreSQL closed a connection: ${err.message}`)));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  }
  const file = target;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // FULL: a committed order is on disk before the answer leaves (NORMAL in WAL mode can lose the last
  // commits on power loss). Costs one fsync per commit, which the order rate of one shop easily affords.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  // Migration 033's triggers index a product's word pairs through it.
  sqlite.function('search_word_pairs', { deterministic: true }, (words: unknown) =>
    searchWordPairs(typeof words === 'string' ? words : null),
  );
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Brings the schema to the newest version; throws when a migration fails. */
export async function migrate(db: DB): Promise<string[]> {
  // Migrations 002–005 are written on parallel branches: a database migrated on one branch (001, 004) must
  // still take 002 and 003 after the merge instead of refusing them as out of order.
  const migrator = new Migrator({ db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
