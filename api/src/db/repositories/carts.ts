import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';
import { isPostgres } from '../database';

export interface CartRow {
  line_id: number;
  quantity: number;
  product_id: number;
  variation_id: number;
  label: string;
  price: number;
  stock: number;
  slug: string;
  name: string;
  image_count: number;
  images: string | null;
  retailer_id: number;
  wholesaler_id: number | null;
  wishlist_id: number | null;
}

/** What a cart line shows of its variation (`v`), product (`p`) and the customer's wishlist entry (`w`). */
const LINE_SHOWS = [
  'v.label',
  'v.price',
  'v.stock',
  'p.slug',
  'p.name',
  'p.image_count',
  'p.images',
  'p.retailer_id',
  'p.wholesaler_id',
  'w.id as wishlist_id',
] as const;

export class CartRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private lines(customerId: number) {
    return this.db
      .selectFrom('cart_items as ci')
      .innerJoin('variations as v', 'v.id', 'ci.variation_id')
      .innerJoin('products as p', 'p.id', 'ci.product_id')
      .leftJoin('wishlist as w', (j) => j.onRef('w.product_id', '=', 'ci.product_id').onRef('w.customer_id', '=', 'ci.customer_id'))
      .select(['ci.id as line_id', 'ci.quantity', 'ci.product_id', 'ci.variation_id', ...LINE_SHOWS])
      .where('ci.customer_id', '=', customerId);
  }

  /**
   * Serialises one customer's cart changes and checkouts (a row lock on the customer, held to the end of
   * the transaction) on PostgreSQL, where transactions run side by side; SQLite has one writer already.
   * Cart changes read the cart, then write it: without the lock, parallel adds lose each other's updates.
   */
  async lock(customerId: number): Promise<void> {
    if (!isPostgres(this.db)) return;
    await this.db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
  }

  /**
   * The cart of a checkout. On PostgreSQL the customer and then the lines' variations (in id order, so
   * two checkouts cannot deadlock) are locked first: the stock read afterwards is what this transaction
   * will take, and a shopper who lost the race sees "out of stock", as on SQLite. `FOR NO KEY UPDATE`, the
   * lock an UPDATE of the stock takes anyway: it does not block the `FOR KEY SHARE` a cart insert's
   * foreign-key check takes on the same rows, so the two cannot deadlock (issue 35).
   */
  async listForCheckout(customerId: number): Promise<CartRow[]> {
    if (isPostgres(this.db)) {
      await this.lock(customerId);
      await this.db
        .selectFrom('variations')
        .select('id')
        .where('id', 'in', this.db.selectFrom('cart_items').select('variation_id').where('customer_id', '=', customerId))
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
    }
    return this.list(customerId);
  }

  async list(customerId: number): Promise<CartRow[]> {
    return this.lines(customerId).orderBy('ci.id').execute();
  }

  /**
   * A variation as this customer's cart line of it shows it (its product, the customer's wishlist entry),
   * without the line's own id and quantity: one read where a line is about to be written.
   */
  async variation(customerId: number, variationId: number): Promise<Omit<CartRow, 'line_id' | 'quantity'> | undefined> {
    return this.db
      .selectFrom('variations as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .leftJoin('wishlist as w', (j) => j.onRef('w.product_id', '=', 'p.id').on('w.customer_id', '=', customerId))
      .select(['v.product_id', 'v.id as variation_id', ...LINE_SHOWS])
      .where('v.id', '=', variationId)
      .executeTakeFirst();
  }

  /**
   * Sets a line's quantity, inserting the line when it is new (one upsert on the line's unique key);
   * returns the line's id. Rules are checked by the caller.
   */
  async setQuantity(customerId: number, productId: number, variationId: number, quantity: number): Promise<number> {
    const now = iso(this.clock.now());
    const row = await this.db
      .insertInto('cart_items')
      .values({ customer_id: customerId, product_id: productId, variation_id: variationId, quantity, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['customer_id', 'variation_id']).doUpdateSet({ quantity, updated_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Removes the line of a variation of the given product; false when there is none. */
  async remove(customerId: number, productId: number, variationId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('cart_items')
      .where('customer_id', '=', customerId)
      .where('variation_id', '=', variationId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async clear(customerId: number): Promise<void> {
    await this.db.deleteFrom('cart_items').where('customer_id', '=', customerId).execute();
  }
}

/** Cart total in paise. */
export const cartTotal = (rows: Pick<CartRow, 'price' | 'quantity'>[]) => rows.reduce((sum, r) => sum + r.price * r.quantity, 0);
