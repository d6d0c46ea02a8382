import { sql, type Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CHANGE, type CatalogCache, type CatalogChange } from '../../../lib/cache';

/** The catalogue's change log (`catalog_changes`): what every process's cache and the sitemap key on. */
export class CatalogChangeLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: CatalogCache,
  ) {}

  /**
   * The newest logged change of the catalogue's shape (products added, removed or renamed: the sitemap's
   * content), or null when the log (an hour of it) holds none. Stock and price changes do not count.
   */
  async shapeVersion(): Promise<number | null> {
    const row = await this.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .where((eb) => eb.or([eb('product_id', 'is', null), eb(sql<number>`kind & ${CHANGE.ALL}`, '<>', 0)]))
      .executeTakeFirst();
    return row?.id === null || row?.id === undefined ? null : Number(row.id);
  }

  /**
   * The newest entry of the change log (0 when it holds none): anything that shows catalogue data
   * outside this process (the host's render cache) keys on it, so any change makes it read again.
   */
  async changeHead(): Promise<number> {
    const row = await this.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
  }

  /** Writes catalogue changes to the log every process reads, and drops them from this process's cache. */
  async recordChanges(changes: { product_id: number | null; kind: number }[]): Promise<void> {
    if (changes.length === 0) return;
    const at = new Date().toISOString();
    await this.db
      .insertInto('catalog_changes')
      .values(changes.map((c) => ({ ...c, created_at: at })))
      .execute();
    this.cache.invalidate(changes);
    // The log only has to outlive the caches' entries (CATALOG_CACHE_TTL_MS): keep an hour of it.
    if (Math.random() < 0.01) {
      await this.db
        .deleteFrom('catalog_changes')
        .where('created_at', '<', new Date(Date.now() - 3_600_000).toISOString())
        .execute();
    }
  }

  /** The change log after `afterId` (or only its newest entry), for lib/cache.ts. */
  async changesSince(afterId: number | null, limit: number): Promise<CatalogChange[]> {
    const query = this.db.selectFrom('catalog_changes').select(['id', 'product_id', 'kind']);
    if (afterId === null) return query.orderBy('id', 'desc').limit(1).execute();
    return query.where('id', '>', afterId).orderBy('id').limit(limit).execute();
  }
}
