import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * The cash-on-delivery fee on the tax invoice: the order that carries it (the first of a cash checkout,
 * issue 39) is invoiced for the item and the fee together, as GST values a supply with the incidental
 * charges the seller makes for it. Printed as its own line; 0 on every other document.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('cod_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('cod_fee').execute();
}
