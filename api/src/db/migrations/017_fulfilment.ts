import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 38, the order lifecycle the staff drive:
 * - orders.courier, tracking_number (the AWB), tracking_url, dispatched_at: set when the shop ships it.
 * - orders.delivered_at; cod_collected: the cash (paise) the courier collected on a cash-on-delivery order.
 * - orders_status_created: the staff's queue reads by status, oldest first.
 */
export async function up(db: Db): Promise<void> {
  for (const column of ['courier', 'tracking_number', 'tracking_url', 'dispatched_at', 'delivered_at'])
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  await db.schema.alterTable('orders').addColumn('cod_collected', 'integer').execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('orders_status_created').execute();
  for (const column of ['cod_collected', 'delivered_at', 'dispatched_at', 'tracking_url', 'tracking_number', 'courier'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
