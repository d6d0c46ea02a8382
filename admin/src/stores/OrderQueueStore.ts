import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { answered, withLoadState, type Order } from '@storefront/shared';
import type { StaffApi, StaffOrderFilters } from '@storefront/shared/staff';
import { Paging } from './Paging';

/** The order queue (issue 38): oldest waiting first (the API's order), filtered by status, payment and day. */
export class OrderQueueStore {
  orders: Order[] = [];
  filters: StaffOrderFilters = { status: 'order_placed' };
  loading = false;
  error: string | null = null;
  readonly paging = new Paging(25, () => this.load());

  constructor(private readonly api: Pick<StaffApi, 'orders'>) {
    makeAutoObservable<OrderQueueStore, 'api'>(this, { api: false, paging: false, orders: observableRef }, { autoBind: true });
  }

  /** New filters start again at page one. */
  async filter(filters: StaffOrderFilters): Promise<void> {
    this.filters = filters;
    await this.paging.restart();
  }

  async load(): Promise<void> {
    await withLoadState(this, 'Could not load the orders', async () => {
      const res = answered(await this.api.orders({ ...this.filters, page: this.paging.page }));
      runInAction(() => {
        this.orders = res.data?.orders ?? [];
        this.paging.took(res.data);
      });
    });
  }
}
