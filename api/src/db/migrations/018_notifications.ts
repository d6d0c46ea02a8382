import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 38: what the shopper is told about an order, queued in the same transaction as the change and sent
 * by the notification sweeper (domain/notifications). One row per order, event and channel (unique: a
 * repeated change queues nothing twice). Times in epoch milliseconds (bigint); `claimed_until` is the
 * lease one API process holds while it sends, so several processes never send one row together.
 */
export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('notifications_once', ['order_id', 'event', 'channel'])
    .execute();
  await db.schema.createIndex('notifications_due').on('notifications').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
}
