import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, withLoadState, type Order } from '@storefront/shared';
import type { StaffApi, StaffOrderFilters } from '@storefront/shared/staff';

/** The order queue (issue 38): oldest waiting first (the API's order), filtered by status, payment and day. */
export class OrderQueueStore {
  orders: Order[] = [];
  total = 0;
  page = 1;
  perPage = 25;
  filters: StaffOrderFilters = { status: 'order_placed' };
  loading = false;
  error: string | null = null;

  constructor(private readonly api: Pick<StaffApi, 'orders'>) {
    makeAutoObservable<OrderQueueStore, 'api'>(this, { api: false, orders: observableRef }, { autoBind: true });
  }

  get pages(): number {
    return Math.max(1, Math.ceil(this.total / this.perPage));
  }

  /** New filters start again at page one. */
  async filter(filters: StaffOrderFilters): Promise<void> {
    this.filters = filters;
    this.page = 1;
    await this.load();
  }

  async goTo(page: number): Promise<void> {
    this.page = Math.min(Math.max(1, page), this.pages);
    await this.load();
  }

  async load(): Promise<void> {
    await withLoadState(this, 'Could not load the orders', async () => {
      const res = answered(await this.api.orders({ ...this.filters, page: this.page }));
      runInAction(() => {
        this.orders = res.data?.orders ?? [];
        this.total = res.data?.total ?? 0;
        this.perPage = res.data?.per_page ?? this.perPage;
      });
    });
  }
}
