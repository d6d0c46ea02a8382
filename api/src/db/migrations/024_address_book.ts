import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 39, the address book: several saved addresses per customer, one of them the default. The
 * customer's own address columns stay and always hold the default (spec §3's shipping-address calls read
 * them), so every existing saved address becomes its owner's first, default, book entry here.
 */
export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('customer_addresses')
    .addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('alt_phone_number', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_addresses_customer').on('customer_addresses').column('customer_id').execute();
  await sql`
    insert into customer_addresses (customer_id, label, address, pincode, city, state, alt_phone_number, is_default, created_at, updated_at)
    select id, '', address, pincode, city, state, address_alt_phone, 1, updated_at, updated_at
    from customers
    where address is not null and pincode is not null and city is not null and state is not null
  `.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('customer_addresses').ifExists().execute();
}
