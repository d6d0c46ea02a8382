import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CHANGE } from '../../../lib/cache';
import { isPostgres } from '../../database';
import type { CatalogChangeLog } from './changeLog';
import { defaultVariation, variationsByProduct } from './products';

/** Stock writes: conditional takes, returns, and the products' denormalised price and stock columns. */
export class CatalogStock {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: CatalogChangeLog,
  ) {}

  /**
   * Takes `quantity` from a variation's stock only if that much is left; false otherwise. The condition in
   * the UPDATE is what keeps concurrent checkouts from overselling on any database. Call
   * `refreshProducts` after the stock writes of a transaction: it records the change for the caches.
   */
  async takeStock(variationId: number, quantity: number): Promise<boolean> {
    const res = await this.db
      .updateTable('variations')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', variationId)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async returnStock(variationId: number, quantity: number): Promise<void> {
    await this.db
      .updateTable('variations')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', variationId)
      .execute();
  }

  /**
   * Recomputes the denormalised price and stock columns of products after their variations changed, and
   * records what changed for every API process's cache (lib/cache.ts). On PostgreSQL the product rows are
   * locked first (in id order, so two checkouts cannot deadlock): the variations read next then include
   * every committed stock change, and two transactions cannot write each other's stale totals.
   */
  async refreshProducts(productIds: number[]): Promise<void> {
    const unique = [...new Set(productIds)].sort((a, b) => a - b);
    if (unique.length === 0) return;
    const before = await this.lockProducts(unique);
    const byProduct = await variationsByProduct(this.db, unique);
    const changes: { product_id: number; kind: number }[] = [];
    for (const id of unique) {
      const list = byProduct.get(id) ?? [];
      const shown = defaultVariation(list);
      const next = {
        display_price: shown?.price ?? 0,
        display_mrp: shown?.mrp ?? 0,
        total_stock: list.reduce((sum, v) => sum + v.stock, 0),
      };
      const old = before.get(id);
      let kind: number = CHANGE.STOCK;
      if (!old || old.display_price !== next.display_price || old.display_mrp !== next.display_mrp) kind |= CHANGE.PRICE;
      if (!old || old.total_stock > 0 !== next.total_stock > 0) kind |= CHANGE.AVAILABILITY;
      if (old && old.total_stock === next.total_stock && !(kind & (CHANGE.PRICE | CHANGE.AVAILABILITY))) continue;
      await this.db.updateTable('products').set(next).where('id', '=', id).execute();
      changes.push({ product_id: id, kind });
    }
    await this.changes.recordChanges(changes);
  }

  /**
   * The products' current price and stock columns, locked for this transaction on PostgreSQL; in the
   * mode that lets cart inserts' foreign-key checks (`FOR KEY SHARE`) through (see carts.listForCheckout).
   */
  private async lockProducts(ids: number[]) {
    let query = this.db
      .selectFrom('products')
      .select(['id', 'display_price', 'display_mrp', 'total_stock'])
      .where('id', 'in', ids)
      .orderBy('id');
    if (isPostgres(this.db)) query = query.forNoKeyUpdate();
    return new Map((await query.execute()).map((r) => [r.id, r]));
  }
}
