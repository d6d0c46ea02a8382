import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 38: products.hidden (0 or 1). A hidden product is gone from the shop — lists, search, the home
 * page's rows, the sitemap, its own page — until the staff show it again; orders and carts that hold it
 * keep it. Every public read filters on it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('products').dropColumn('hidden').execute();
}
