import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { iso, type Clock } from '../../lib/clock';

export class WishlistRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  list(customerId: number) {
    return this.db
      .selectFrom('wishlist')
      .select(['id', 'product_id', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Adds a product; adding one that is already there changes nothing (the call is idempotent). */
  async add(customerId: number, productId: number): Promise<void> {
    const exists = await this.db
      .selectFrom('wishlist')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (exists) return;
    await this.db
      .insertInto('wishlist')
      .values({ customer_id: customerId, product_id: productId, created_at: iso(this.clock.now()) })
      .execute();
  }

  async remove(customerId: number, productId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('wishlist')
      .where('customer_id', '=', customerId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
