import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// Payments for real (issue 14): gateway ids and the hold on prepaid checkouts, refunds, webhook events seen,
// per-customer coupon limits, and who or what caused each order history entry. Portable types only.
type Db = Kysely<unknown>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
  );
}

export async function up(db: Db): Promise<void> {
  const s = db.schema;

  await s
    .alterTable('payments')
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('test'))
    .execute();
  await s
    .alterTable('payments')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .execute();
  await s.alterTable('payments').addColumn('gateway_order_id', 'text').execute();
  await s.alterTable('payments').addColumn('gateway_payment_id', 'text').execute();
  await s.alterTable('payments').addColumn('expires_at', 'text').execute();
  // Checkouts that were waiting before holds existed have held their stock long enough: they expire at the
  // sweeper's first pass.
  await sql`update payments set expires_at = created_at where expires_at is null`.execute(db);
  await s.createIndex('payments_status_expires').on('payments').columns(['status', 'expires_at']).execute();
  await s.createIndex('payments_gateway_order').on('payments').columns(['gateway_order_id']).execute();

  await s.alterTable('order_history').addColumn('actor', 'text').execute();
  await s.alterTable('order_history').addColumn('note', 'text').execute();

  await s.alterTable('coupons').addColumn('per_customer_limit', 'integer').execute();
  await sql`update coupons set per_customer_limit = 1 where code = 'WELCOME10'`.execute(db);

  await s
    .createTable('coupon_uses')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('coupon_uses_pk', ['coupon_id', 'customer_id'])
    .execute();

  await withId(db, s.createTable('refunds'))
    // 'order:<id>' for a cancelled paid order, 'late:<gateway payment id>' for money taken after the hold ended:
    // the unique key makes asking twice ask once.
    .addColumn('refund_key', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('gateway_payment_id', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('refunds_status').on('refunds').columns(['status']).execute();
  await s.createIndex('refunds_gateway').on('refunds').columns(['gateway_refund_id']).execute();

  await s
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  const s = db.schema;
  await s.dropTable('payment_events').ifExists().execute();
  await s.dropTable('refunds').ifExists().execute();
  await s.dropTable('coupon_uses').ifExists().execute();
  await s.alterTable('coupons').dropColumn('per_customer_limit').execute();
  await s.alterTable('order_history').dropColumn('note').execute();
  await s.alterTable('order_history').dropColumn('actor').execute();
  await s.dropIndex('payments_gateway_order').ifExists().execute();
  await s.dropIndex('payments_status_expires').ifExists().execute();
  for (const c of ['expires_at', 'gateway_payment_id', 'gateway_order_id', 'currency', 'provider']) {
    await s.alterTable('payments').dropColumn(c).execute();
  }
}
