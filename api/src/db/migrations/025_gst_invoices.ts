import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { GST_RATES_BY_CATEGORY } from '../seed/gst';

// See 001_initial.ts for why migrations take Kysely<unknown>.
type Db = Kysely<unknown>;

/**
 * Issue 39, GST invoices:
 * - gst_rates: HSN code and rate per category (basis points; apparel's lower rate up to a value per piece).
 * - orders.buyer_gstin: a business buyer's GSTIN, entered at checkout.
 * - invoice_counters: the last number of each series ('INV/26-27', 'CN/26-27'), taken in the transaction
 *   that issues the document, so numbers are gap-free and never shared.
 * - invoices: the tax invoices and credit notes as printed (seller and buyer copied in: a document does not
 *   change when the configuration does), one of each kind per order at most.
 * A database seeded before this migration gets the demo categories' rates here.
 */
export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const s = db.schema;
  await s
    .createTable('gst_rates')
    .addColumn('category_id', 'integer', (c) => c.primaryKey().references('categories.id'))
    .addColumn('hsn', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('threshold_paise', 'integer')
    .addColumn('rate_above_bp', 'integer')
    .execute();
  await s.alterTable('orders').addColumn('buyer_gstin', 'text').execute();
  await s
    .createTable('invoice_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createTable('invoices')
    .addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('seller_name', 'text', (c) => c.notNull())
    .addColumn('seller_address', 'text', (c) => c.notNull())
    .addColumn('seller_state', 'text', (c) => c.notNull())
    .addColumn('seller_gstin', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_address', 'text', (c) => c.notNull())
    .addColumn('buyer_state', 'text', (c) => c.notNull())
    .addColumn('buyer_gstin', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hsn', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('taxable', 'integer', (c) => c.notNull())
    .addColumn('cgst', 'integer', (c) => c.notNull())
    .addColumn('sgst', 'integer', (c) => c.notNull())
    .addColumn('igst', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addUniqueConstraint('invoices_one_per_order', ['order_id', 'kind'])
    .execute();

  const categories = await (db as Kysely<{ categories: { id: number; slug: string } }>)
    .selectFrom('categories')
    .select(['id', 'slug'])
    .execute();
  const rates = categories.flatMap((c) => {
    const rate = GST_RATES_BY_CATEGORY[c.slug];
    return rate ? [{ category_id: c.id, ...rate }] : [];
  });
  if (rates.length) await (db as Kysely<{ gst_rates: (typeof rates)[number] }>).insertInto('gst_rates').values(rates).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('invoice_counters').ifExists().execute();
  await db.schema.dropTable('gst_rates').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('buyer_gstin').execute();
}
