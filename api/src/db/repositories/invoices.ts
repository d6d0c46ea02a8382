import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OrderDocuments } from '@storefront/contract';
import type { Database, GstRateTable, InvoiceTable } from '../schema';

export type InvoiceRow = Selectable<InvoiceTable>;
export type NewInvoice = Omit<Insertable<InvoiceTable>, 'id'>;
export type GstRateRow = Selectable<GstRateTable>;

/** Tax invoices and credit notes (issue 39), their number series and the GST rates they are computed with. */
export class InvoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The HSN code and rate of a product's category; undefined when the owner has not classified it. */
  rateForProduct(productId: number): Promise<GstRateRow | undefined> {
    return this.db
      .selectFrom('products')
      .innerJoin('gst_rates', 'gst_rates.category_id', 'products.category_id')
      .select(['gst_rates.category_id', 'gst_rates.hsn', 'gst_rates.rate_bp', 'gst_rates.threshold_paise', 'gst_rates.rate_above_bp'])
      .where('products.id', '=', productId)
      .executeTakeFirst();
  }

  /** Every category with its classification (null fields: none yet), in the shop's category order. */
  listRates() {
    return this.db
      .selectFrom('categories as c')
      .leftJoin('gst_rates as g', 'g.category_id', 'c.id')
      .select(['c.id', 'c.slug', 'c.name', 'g.hsn', 'g.rate_bp', 'g.threshold_paise', 'g.rate_above_bp'])
      .orderBy('c.sort_order')
      .execute();
  }

  /** Sets a category's classification (added or replaced). */
  async setRate(rate: GstRateRow): Promise<void> {
    const { category_id: _id, ...fields } = rate;
    await this.db
      .insertInto('gst_rates')
      .values(rate)
      .onConflict((oc) => oc.column('category_id').doUpdateSet(fields))
      .execute();
  }

  /**
   * Takes the next number of a series: one upsert that row-locks the counter until the caller's
   * transaction ends, so parallel issues wait for each other and a rolled-back one gives its number back.
   */
  async nextNumber(series: string): Promise<number> {
    const row = await this.db
      .insertInto('invoice_counters')
      .values({ series, last_number: 1 })
      .onConflict((oc) => oc.column('series').doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })))
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  async insert(values: NewInvoice): Promise<InvoiceRow> {
    return this.db.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();
  }

  ofOrder(orderId: number, kind: InvoiceRow['kind']): Promise<InvoiceRow | undefined> {
    return this.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();
  }

  /** The document numbers of these orders (what the order drawer offers to download). */
  async documents(orderIds: number[]): Promise<Map<number, OrderDocuments>> {
    const found = new Map<number, OrderDocuments>();
    if (orderIds.length === 0) return found;
    const rows = await this.db.selectFrom('invoices').select(['order_id', 'kind', 'number']).where('order_id', 'in', orderIds).execute();
    for (const r of rows) {
      const docs = found.get(r.order_id) ?? { invoice_number: null, credit_note_number: null };
      if (r.kind === 'invoice') docs.invoice_number = r.number;
      else docs.credit_note_number = r.number;
      found.set(r.order_id, docs);
    }
    return found;
  }
}
