import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { MESSAGES, reportLoad, type Api, type Product } from '@storefront/shared';

/** The calls the home's product rows need. */
export type HomeApi = Pick<Api, 'getNewArrivals' | 'getFeaturedProducts'>;

/** One product row of the home page: its items, whether it is loading, and whether it has loaded once. */
export class ProductRow {
  items: Product[] = [];
  loading = false;
  loaded = false;
  error: string | null = null;

  constructor(
    private readonly load: () => ReturnType<HomeApi['getNewArrivals']>,
    private readonly fallback: string,
  ) {
    // Products are replaced whole, never changed in place: held by reference (see ProductStore), so a
    // hydrated home's own effect, given the server's answer once more, renders nothing again.
    makeAutoObservable<ProductRow, 'load' | 'fallback'>(this, { load: false, fallback: false, items: observableRef }, { autoBind: true });
  }

  /**
   * Fetches the row (spec §7: the list is `data.data`). A failure toasts the spec §8 message and keeps
   * whatever was shown before, so the rest of the home page is unaffected.
   */
  async fetch(): Promise<void> {
    await reportLoad(this, this.fallback, async () => {
      const res = await this.load();
      if (!res) return;
      runInAction(() => {
        this.items = Array.isArray(res.data?.data) ? res.data.data : [];
      });
    });
  }
}

/** New arrivals and featured products of the home page (spec §7 `/new-arrivals`, `/get-featured-products`). */
export class HomeStore {
  readonly newArrivals: ProductRow;
  readonly featured: ProductRow;

  constructor(api: HomeApi) {
    this.newArrivals = new ProductRow(() => api.getNewArrivals(), MESSAGES.newArrivalsFailed);
    this.featured = new ProductRow(() => api.getFeaturedProducts(), MESSAGES.featuredFailed);
  }

  /** Both rows, in parallel. */
  fetchAll(): Promise<void> {
    return Promise.all([this.newArrivals.fetch(), this.featured.fetch()]).then(() => undefined);
  }
}
