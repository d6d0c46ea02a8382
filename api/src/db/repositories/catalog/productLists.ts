import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP, type ProductPage } from '@storefront/contract';
import type { Database } from '../../schema';
import { CHANGE, type CatalogCache } from '../../../lib/cache';
import { CatalogTables, PER_PAGE, type ProductRecord, type ReadProductRow } from './products';
import type { SearchAnswers } from './searchAnswers';

/** A page of a list or a search: the wire's page with the products as records (domain/wire shapes them). */
export type ProductRecordPage = Omit<ProductPage, 'products'> & { products: ProductRecord[] };

export type SortBy = 'newest' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc';

/** Spec §3 product list filters, already parsed: prices in paise. */
export interface ProductQuery {
  subCategories?: number[];
  minPrice?: number;
  maxPrice?: number;
  sizes?: string[];
  inStock?: boolean;
  outOfStock?: boolean;
  sortBy?: SortBy;
  productIds?: number[];
  /** What the shopper typed (lib/searchText.ts reads it; the route keeps it to 100 characters). */
  search?: string;
  page: number;
}

/** Each sort of spec §3 as (column, direction); id, the tie-breaker, runs the same way (one index, both ways). */
const SORTS = {
  newest: ['created_at', 'desc'],
  price_asc: ['display_price', 'asc'],
  price_desc: ['display_price', 'desc'],
  name_asc: ['name', 'asc'],
  name_desc: ['name', 'desc'],
} as const satisfies Record<SortBy, readonly [string, 'asc' | 'desc']>;

/** The changes that alter a list whichever product changed: stock filters, price filters and sorts. */
function listKinds(q: ProductQuery): number {
  let kinds = 0;
  if (q.inStock || q.outOfStock) kinds |= CHANGE.AVAILABILITY;
  if (q.minPrice !== undefined || q.maxPrice !== undefined || q.sortBy === 'price_asc' || q.sortBy === 'price_desc') kinds |= CHANGE.PRICE;
  return kinds;
}

/** The product list of spec §3: the filters, the sorts and search, one cached page at a time. */
export class ProductLists extends CatalogTables {
  constructor(
    db: Kysely<Database>,
    cache: CatalogCache,
    private readonly answers: SearchAnswers,
  ) {
    super(db, cache);
  }

  listProducts(q: ProductQuery): Promise<ProductRecordPage> {
    return this.cache.through(
      `list:${JSON.stringify(q)}`,
      listKinds(q),
      () => this.loadProducts(q),
      (page) => page.products.map((p) => p.id),
    );
  }

  /** The spec §3 filters other than search, on `products as p`; hidden products (issue 38) are never listed. */
  private filtered(q: ProductQuery) {
    let query = this.db.selectFrom('products as p').where('p.hidden', '=', 0);
    if (q.subCategories?.length) query = query.where('p.category_id', 'in', q.subCategories);
    if (q.productIds?.length) query = query.where('p.id', 'in', q.productIds);
    if (q.minPrice !== undefined) query = query.where('p.display_price', '>=', q.minPrice);
    if (q.maxPrice !== undefined) query = query.where('p.display_price', '<=', q.maxPrice);
    // Both stock flags (or neither) mean every product; one of them narrows the list.
    if (q.inStock && !q.outOfStock) query = query.where('p.total_stock', '>', 0);
    if (q.outOfStock && !q.inStock) query = query.where('p.total_stock', '=', 0);
    if (q.sizes?.length) {
      const sizes = q.sizes;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('variations as v').select('v.id').whereRef('v.product_id', '=', 'p.id').where('v.label', 'in', sizes)),
      );
    }
    return query;
  }

  /**
   * One page. A search alone: ranked (`Search.ranked`). Otherwise the ids of the page from the index that
   * serves the filter and sort (a deep page skips index entries, not rows), and those 12 rows. Totals are
   * counted up to LIST_TOTAL_CAP + 1 and kept per filter (`cache.count`).
   */
  private async loadProducts(q: ProductQuery): Promise<ProductRecordPage> {
    const offset = (q.page - 1) * PER_PAGE;
    const { page: _page, sortBy: _sort, search, ...rest } = q;
    const onlySearch = search !== undefined && Object.values(rest).every((v) => v === undefined);
    // A search alone: its page's rows come in the search's own statement where the database can do it.
    const pageRows = onlySearch ? (ids: RawBuilder<number[]>) => this.baseProducts().where(sql<boolean>`p.id = any(${ids})`) : undefined;
    const resolved = search === undefined ? null : await this.answers.resolve(search, offset, pageRows);
    const found = resolved?.found ?? null;
    let counted: number;
    let products: ProductRecord[];
    if (found && onlySearch) {
      counted = found.count;
      const capped = counted > LIST_TOTAL_CAP;
      let ids: number[] = [];
      let rows = resolved?.rows;
      if (found.kind === 'words') {
        let page = resolved?.ids ?? null;
        // A kept search read again (another page, or the same once more): the one read that answers a new
        // search, with its total known, before the tier-by-tier read.
        if (page === null && resolved?.kept) {
          const again = await this.answers.search.firstFound([found.match], LIST_TOTAL_CAP + 1, PER_PAGE, offset, pageRows, found.count);
          page = again?.ids ?? null;
          rows = again?.rows;
        }
        ids = page ?? (await this.answers.search.ranked(found.match, PER_PAGE, offset));
      } else if (found.kind === 'parts' && (capped || offset < counted))
        ids = await this.answers.search.partsPage(found.words, !capped, PER_PAGE, offset);
      const read = rows as ReadProductRow[] | undefined;
      products = read ? await this.inOrder(ids, read) : await this.byIdsInOrder(ids);
    } else {
      let query = this.filtered(q);
      if (found) query = query.where('p.id', 'in', this.answers.matching(found));
      const { page: _p, sortBy: _s, ...filter } = q;
      counted = await this.cache.count(`count:${JSON.stringify(filter)}`, listKinds(q), async () => {
        const row = await this.db
          .selectFrom(
            query
              .select('p.id')
              .limit(LIST_TOTAL_CAP + 1)
              .as('x'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      });
      const [column, direction] = SORTS[q.sortBy ?? 'newest'];
      // One query: the page's ids from the index (a subquery: a deep page skips index entries, not rows),
      // then those rows, in the same order.
      const pageIds = query.select('p.id').orderBy(`p.${column}`, direction).orderBy('p.id', direction).limit(PER_PAGE).offset(offset);
      products =
        counted <= LIST_TOTAL_CAP && offset >= counted
          ? []
          : await this.withVariations(
              await this.baseProducts().where('p.id', 'in', pageIds).orderBy(`p.${column}`, direction).orderBy('p.id', direction).execute(),
            );
    }
    const capped = counted > LIST_TOTAL_CAP;
    const total = Math.min(counted, LIST_TOTAL_CAP);
    const page: ProductRecordPage = {
      products,
      total,
      page: q.page,
      per_page: PER_PAGE,
      last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
      total_capped: capped,
    };
    if (found?.kind === 'words' && found.corrected !== undefined) page.showing_results_for = found.corrected;
    return page;
  }
}
