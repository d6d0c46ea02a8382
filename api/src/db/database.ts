import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { Database } from './schema';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_ownership_and_limits';
import * as m003 from './migrations/003_payments';
import * as m004 from './migrations/004_catalogue_scale';
import * as m005 from './migrations/005_product_pictures';
import * as m006 from './migrations/006_search_word_prefixes';

export type DB = Kysely<Database>;

/** Versioned migrations, in order. Add a file and a line here; never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
  '002_ownership_and_limits': m002,
  '003_payments': m003,
  '004_catalogue_scale': m004,
  '005_product_pictures': m005,
  '006_search_word_prefixes': m006,
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

/** Connections per API process. Several processes share one server's max_connections (100 by default). */
const PG_POOL = 10;

/**
 * Opens the database: a PostgreSQL URL (DATABASE_URL) through a `pg` pool, or the SQLite file (creating
 * its folder) in WAL mode with foreign keys on. The repositories use Kysely's portable builders; where the
 * dialects differ (search, locking) they branch on `isPostgres`.
 */
export function openDatabase(target: string): DB {
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: PG_POOL });
    // An idle connection the server ends (a restart, a failover, an administrator, a dropped database) is
    // an 'error' event on the pool; unhandled, it would end the process. The pool opens a new connection
    // for the next query, so it is logged and nothing else.
    pool.on('error', (err) => console.error(`[api] PostgreSQL closed an idle connection: ${err.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
