import type { Kysely, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, ProductTable, VariationTable } from '../../schema';
import { productPictureUrls } from '../../../images/urls';
import type { CatalogCache } from '../../../lib/cache';
import { isPostgres } from '../../database';

/** Products per page of a list or a search (spec §3). */
export const PER_PAGE = 12;

/** The search index's input (`search_text`, `search_words`): written for the index, never shown. */
type SearchInput = 'search_text' | 'search_words';
export type ProductRow = Omit<Selectable<ProductTable>, SearchInput> & { category_name: string };

/**
 * A product row's columns, named: `p.*` would also carry the search columns (PostgreSQL's `search_doc`,
 * `search_tsv`, `search_pairs`: several KB per row; and everywhere SearchInput, a third of a search
 * page's bytes) to send and parse that nothing reads. A column of ProductRow left out fails to compile
 * where the rows become ProductRow.
 */
const PRODUCT_COLUMNS = [
  'id',
  'slug',
  'name',
  'description',
  'brand',
  'category_id',
  'image_count',
  'retailer_id',
  'wholesaler_id',
  'featured',
  'created_at',
  'display_price',
  'display_mrp',
  'total_stock',
  'images',
  'hidden',
] as const satisfies readonly Exclude<keyof ProductTable, SearchInput>[];
export type VariationRow = Selectable<VariationTable>;
/** A product as the catalogue reads it: its row and its variations in display order (domain/wire shapes it). */
export type ProductRecord = ProductRow & { variations: VariationRow[] };
/** A row as `baseProducts` reads it: with its variations on PostgreSQL, without them on SQLite. */
export type ReadProductRow = ProductRow & { variations?: VariationRow[] };

/** First in-stock variation, else the first: the one whose price the product shows (docs/api-contract.md). */
export function defaultVariation<T extends { stock: number }>(variations: T[]): T | undefined {
  return variations.find((v) => v.stock > 0) ?? variations[0];
}

/** A product's picture URLs, cover first: the owner's (`images`) when set, else the generated ones. */
export function productImages(slug: string, count: number, own?: string | null): string[] {
  return productPictureUrls(slug, count, own);
}

/** The variations of these products in display order, by product id (a product without any is absent). */
export async function variationsByProduct(db: Kysely<Database>, productIds: number[]): Promise<Map<number, Selectable<VariationTable>[]>> {
  const byProduct = new Map<number, Selectable<VariationTable>[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('variations')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  for (const v of rows) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  return byProduct;
}

/** What every catalogue reader shares: the executor, the app's one cache, and the database's kind. */
export class CatalogTables {
  protected readonly postgres: boolean;

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly cache: CatalogCache,
  ) {
    this.postgres = isPostgres(db);
  }

  /**
   * Products with their category name, and on PostgreSQL their variations (in display order) as a JSON
   * array in the same query: one round trip per read instead of two. There each round trip is a network
   * exchange and a backend wake-up, about a sixth of an API process's time per catalogue read (issue 16's
   * profile). SQLite runs in the process: a second query costs less than building and parsing the JSON
   * (8-15 % more CPU per read when measured), so it keeps two.
   */
  protected baseProducts() {
    const rows = this.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(PRODUCT_COLUMNS.map((c) => `p.${c}` as const))
      .select('c.name as category_name');
    if (!this.postgres) return rows;
    return rows.select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('variations as v')
          .select(['v.id', 'v.product_id', 'v.label', 'v.price', 'v.mrp', 'v.stock', 'v.sort_order'])
          .whereRef('v.product_id', '=', 'p.id')
          .orderBy('v.sort_order')
          .orderBy('v.id'),
      ).as('variations'),
    );
  }

  /** The products of these rows: their variations came with them (PostgreSQL) or are read now (SQLite). */
  protected async withVariations(rows: ReadProductRow[]): Promise<ProductRecord[]> {
    if (rows.length === 0) return [];
    if (this.postgres) return rows.map((row) => ({ ...row, variations: row.variations ?? [] }));
    const byProduct = await variationsByProduct(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, variations: byProduct.get(r.id) ?? [] }));
  }

  /** Products with their variations, in the order of `ids`; a hidden one is left out (search's ranked ids). */
  protected async byIdsInOrder(ids: number[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    return this.inOrder(ids, await this.baseProducts().where('p.id', 'in', ids).execute());
  }

  /** These rows as products in the order of `ids`; a hidden one is left out. */
  protected inOrder(ids: number[], rows: ReadProductRow[]): Promise<ProductRecord[]> {
    const byId = new Map(rows.filter((r) => !r.hidden).map((r) => [r.id, r]));
    return this.withVariations(ids.flatMap((id) => byId.get(id) ?? []));
  }
}
