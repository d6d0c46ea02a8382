import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * - customers.pending_email: the new e-mail an account asked for, still to be proved by the code sent
 *   to it (the account keeps `email` until then). One at a time: asking again replaces it.
 * - otps_expires: old codes are deleted by expiry (each send deletes those expired a day ago), so the
 *   table holds a day of codes, not every code ever sent.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('customers').addColumn('pending_email', 'text').execute();
  await db.schema.createIndex('otps_expires').on('otps').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('otps_expires').execute();
  await db.schema.alterTable('customers').dropColumn('pending_email').execute();
}
