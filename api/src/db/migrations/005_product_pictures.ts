import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 20: a product's own pictures, chosen by the shop owner (`images:replace`). Comma-separated
 * picture ids, cover first; NULL means the generated pictures of the catalogue's pool.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').addColumn('images', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('products').dropColumn('images').execute();
}
