import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema';
import * as m001 from './migrations/001_initial';
import * as m005 from './migrations/005_product_pictures';

export type DB = Kysely<Database>;

/** Versioned migrations, in order. Add a file and a line here; never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
  '005_product_pictures': m005,
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

/**
 * Opens the SQLite file (creating its folder), in WAL mode with foreign keys on. SQLite is the reference
 * dialect; the repositories use only Kysely's portable builders so a PostgreSQL dialect can replace this.
 */
export function openDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Brings the schema to the newest version; throws when a migration fails. */
export async function migrate(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
