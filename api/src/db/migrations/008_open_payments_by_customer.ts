import type { Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * payments_customer_status: a checkout counts the customer's open (pending) prepaid checkouts before it
 * holds more stock (MAX_OPEN_PREPAID_CHECKOUTS), on every prepaid checkout.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('payments_customer_status').on('payments').columns(['customer_id', 'status']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('payments_customer_status').execute();
}
