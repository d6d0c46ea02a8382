import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import * as m001 from './migrations/001_initial';

export type DB = Kysely<Database>;

/** Versioned migrations, in order. Add a file and a line here; never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Brings the schema to the newest version; throws when a migration fails. */
export async function migrate(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
