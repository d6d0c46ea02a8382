import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 39: one row (id 1) whose `version` every change of the delivery settings (pincode list, a
 * pincode's COD, zone days, holidays, shipping and COD rules) raises in its own transaction. Each API
 * process polls it and drops its pincode answers when it moved, so an owner's change reaches every
 * process within a poll, not a cache lifetime. A counter row, not a log: its update row-locks, so the
 * versions are committed in order on PostgreSQL too.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('delivery_settings_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ delivery_settings_version: { id: number; version: number } }>)
    .insertInto('delivery_settings_version')
    .values({ id: 1, version: 0 })
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('delivery_settings_version').ifExists().execute();
}
