import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 39: a cash-on-delivery order's fee (paise), on the first order row of its checkout (as a coupon's
 * rounding rest goes to one line), and the index the "barred after N returned parcels" rule counts with.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('cod_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_phone_status').on('orders').columns(['phone_number', 'status']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_phone_status').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('cod_fee').execute();
}
