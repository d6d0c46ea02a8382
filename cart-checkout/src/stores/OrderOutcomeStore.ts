import { makeAutoObservable, runInAction } from 'mobx';
import type { Api, Order } from '@storefront/shared';
import { messagesOf } from '../lib/messages';

/** The orders an outcome page talks about, read back from the customer's order list. */
export class OrderOutcomeStore {
  orders: Order[] = [];
  loading = false;
  error: string | null = null;

  constructor(private readonly api: Pick<Api, 'getOrders'>) {
    makeAutoObservable<this, 'api'>(this, { api: false }, { autoBind: true });
  }

  /** Sum of the final amounts (after discount), in rupees. */
  get total(): number {
    return this.orders.reduce((sum, o) => sum + Math.round(Number.parseFloat(o.final_amount) * 100), 0) / 100;
  }

  get discount(): number {
    return this.orders.reduce((sum, o) => sum + Math.round(Number.parseFloat(o.discount_amount) * 100), 0) / 100;
  }

  async load(orderNumbers: string[]): Promise<void> {
    if (orderNumbers.length === 0) return;
    this.loading = true;
    this.error = null;
    try {
      const res = await this.api.getOrders();
      const wanted = new Set(orderNumbers);
      runInAction(() => {
        this.orders = (res?.data ?? []).filter((o) => wanted.has(o.order_number));
      });
    } catch (err) {
      runInAction(() => {
        this.error = messagesOf(err, 'Failed to fetch orders')[0] ?? 'Failed to fetch orders';
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  /** Replaces the orders with the ones a payment confirmation returned. */
  setOrders(orders: Order[]): void {
    this.orders = orders;
  }
}
