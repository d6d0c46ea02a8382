import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  ApiError,
  dataOf,
  MESSAGES,
  messageOf,
  reportError,
  variationLabels,
  loadingFlag,
  whileLoading,
  type Api,
  type Product,
  type ProductFilters,
  type ProductPage,
} from '@storefront/shared';

/** The calls the product state needs (a test passes the fake API object). */
export type ProductApi = Pick<Api, 'getProducts' | 'searchProducts' | 'getProductDetails' | 'getSubcategoryVariations'>;

/** Where the current list sits in the whole result (docs/api-contract.md ProductPage). */
export interface PageInfo {
  total: number;
  /** The server stopped counting at `total`: there are more (shown as "1,000+"). */
  totalCapped: boolean;
  page: number;
  perPage: number;
  lastPage: number;
  /** A search the typed words found nothing for, answered for these corrected words instead (issue 36). */
  showingResultsFor: string | null;
}

export const EMPTY_PAGE_INFO: PageInfo = { total: 0, totalCapped: false, page: 1, perPage: 12, lastPage: 1, showingResultsFor: null };

/** What loading a product by slug ended with: the page redirects to /not-found on 'failed'. */
/** `notFound`: the API said there is no such product (404, or an unsuccessful answer); else the read itself failed. */
export type DetailsOutcome =
  { status: 'ok'; product: Product } | { status: 'failed'; message: string; notFound: boolean } | { status: 'stale' };

function pageInfoOf(p: ProductPage): PageInfo {
  return {
    total: Number.isFinite(p.total) ? p.total : p.products.length,
    totalCapped: p.total_capped === true,
    page: p.page || 1,
    perPage: p.per_page || p.products.length || EMPTY_PAGE_INFO.perPage,
    lastPage: Math.max(1, p.last_page || 1),
    showingResultsFor: p.showing_results_for || null,
  };
}

/**
 * Product state of spec §3 (list, productDetails, productVariations, loading, searchLoading, error) with
 * the transitions of spec §4 and the messages of spec §8:
 * - the list: loading while in flight, success replaces it, failure ('Failed to fetch products
 *   information' unless the server says more) resets it and toasts;
 * - search: `searchLoading` while in flight, success replaces the list and clears the details, failure
 *   ('Failed to search products') is logged only, never toasted;
 * - variations: de-duplicated, trimmed size labels; failure resets the list too;
 * - details: failure or an unsuccessful answer is reported to the caller, which goes to /not-found.
 * Each list request carries a sequence number: an answer that arrives after a newer request is dropped,
 * so quick filter changes (or back/forward) never show an older list.
 */
export class ProductStore {
  list: Product[] = [];
  pageInfo: PageInfo = EMPTY_PAGE_INFO;
  /** The query (a caller's key, usually the URL) the current list answers; null before any. */
  listKey: string | null = null;
  productDetails: Product | null = null;
  productVariations: string[] = [];
  listLoading = false;
  detailsLoading = false;
  searchLoading = false;
  error: string | null = null;

  private listSeq = 0;
  private detailsSeq = 0;
  private variationsSeq = 0;

  constructor(private readonly api: ProductApi) {
    makeAutoObservable<ProductStore, 'api' | 'listSeq' | 'detailsSeq' | 'variationsSeq'>(
      this,
      // The API's products are replaced whole, never changed in place: held by reference, not made deeply
      // observable (no proxy for every field of every product), so the same answer given again (a
      // hydrated page's own effect reads the server's answer once more) changes nothing and renders nothing.
      { api: false, listSeq: false, detailsSeq: false, variationsSeq: false, list: observableRef, productDetails: observableRef },
      { autoBind: true },
    );
  }

  /** Spec §3 `loading`: a list or a product is on its way. */
  get loading(): boolean {
    return this.listLoading || this.detailsLoading;
  }

  /** Loads one page of the catalogue with the spec §3 filters. Resolves to whether it succeeded. */
  async fetchProducts(filters: ProductFilters, key: string | null = null): Promise<boolean> {
    const seq = ++this.listSeq;
    this.searchLoading = false;
    this.error = null;
    return whileLoading(
      loadingFlag(this, 'listLoading'),
      async () => {
        try {
          const res = await this.api.getProducts(filters);
          if (seq !== this.listSeq || !res) return false;
          const data = dataOf(res);
          runInAction(() => this.setList(data, key));
          return true;
        } catch (err) {
          if (seq !== this.listSeq) return false;
          runInAction(() => {
            this.resetList();
            this.error = messageOf(err, MESSAGES.productsFailed);
          });
          reportError(err, MESSAGES.productsFailed);
          return false;
        }
      },
      { isCurrent: () => seq === this.listSeq },
    );
  }

  /**
   * Spec §4 search: the searching flag is on during the request; success replaces the list and clears
   * the details. Failure is logged only (spec §8); the error is kept for the page to say so in place.
   */
  async searchProducts(term: string, page = 1, key: string | null = null): Promise<boolean> {
    const seq = ++this.listSeq;
    this.listLoading = false;
    this.error = null;
    return whileLoading(
      loadingFlag(this, 'searchLoading'),
      async () => {
        try {
          const res = await this.api.searchProducts(term, page);
          if (seq !== this.listSeq || !res) return false;
          const data = dataOf(res);
          runInAction(() => {
            this.setList(data, key);
            this.productDetails = null;
          });
          return true;
        } catch (err) {
          if (seq !== this.listSeq) return false;
          const message = messageOf(err, MESSAGES.searchFailed);
          console.error(MESSAGES.searchFailed, err);
          runInAction(() => {
            this.error = message;
          });
          return false;
        }
      },
      { isCurrent: () => seq === this.listSeq },
    );
  }

  /** Loads a product by slug (spec §2). 'failed' covers both an error and an unsuccessful answer. */
  async fetchProductDetails(slug: string): Promise<DetailsOutcome> {
    const seq = ++this.detailsSeq;
    this.error = null;
    return whileLoading(
      loadingFlag(this, 'detailsLoading'),
      async (): Promise<DetailsOutcome> => {
        try {
          const res = await this.api.getProductDetails(slug);
          if (seq !== this.detailsSeq || !res) return { status: 'stale' };
          const product = dataOf(res);
          runInAction(() => {
            this.productDetails = product;
          });
          return { status: 'ok', product };
        } catch (err) {
          if (seq !== this.detailsSeq) return { status: 'stale' };
          const message = messageOf(err, MESSAGES.productsFailed);
          runInAction(() => {
            this.productDetails = null;
            this.error = message;
          });
          const notFound = err instanceof ApiError && (err.status === 404 || err.status === 200);
          return { status: 'failed', message, notFound };
        }
      },
      { isCurrent: () => seq === this.detailsSeq },
    );
  }

  /**
   * Size labels of the given sub-categories (spec §3: comma-separated values, trimmed, de-duplicated).
   * Failure resets the list too (spec §8) and toasts.
   */
  async fetchVariations(subCategoryIds: number[]): Promise<boolean> {
    const seq = ++this.variationsSeq;
    try {
      const res = await this.api.getSubcategoryVariations(subCategoryIds);
      if (seq !== this.variationsSeq || !res) return false;
      const data = dataOf(res);
      runInAction(() => {
        this.productVariations = variationLabels((Array.isArray(data) ? data : []).map((v) => v.sub_category_variation));
      });
      return true;
    } catch (err) {
      if (seq !== this.variationsSeq) return false;
      runInAction(() => {
        this.productVariations = [];
        this.resetList();
        this.error = messageOf(err, MESSAGES.productsFailed);
      });
      reportError(err, MESSAGES.productsFailed);
      return false;
    }
  }

  /** Spec §4: the list can be reset. */
  resetList(): void {
    this.list = [];
    this.pageInfo = EMPTY_PAGE_INFO;
    this.listKey = null;
  }

  /** Spec §4: the details can be cleared. */
  clearDetails(): void {
    this.productDetails = null;
  }

  private setList(data: ProductPage, key: string | null): void {
    this.list = Array.isArray(data.products) ? data.products : [];
    this.pageInfo = pageInfoOf({ ...data, products: this.list });
    this.listKey = key;
    this.error = null;
  }
}
