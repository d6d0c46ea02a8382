import { makeAutoObservable, runInAction } from 'mobx';
import type { Api, CancelOrderPayload, Order } from '@storefront/shared';
import { newestFirst } from './orderSummary';

/** What the orders store needs to know about the session (the shared auth store satisfies it). */
export interface Session {
  readonly isAuthenticated: boolean;
}

/**
 * The customer's orders (spec §3, §4): fetched only when authenticated, newest first; a cancel
 * proceeds only when authenticated and refetches the list on success.
 */
export class OrdersStore {
  orders: Order[] = [];
  loading = false;
  loaded = false;
  error: unknown = null;
  cancelling = false;

  constructor(
    private readonly api: Pick<Api, 'getOrders' | 'cancelOrder'>,
    private readonly session: Session,
  ) {
    makeAutoObservable<OrdersStore, 'api' | 'session'>(this, { api: false, session: false }, { autoBind: true });
  }

  /** The order with this id, if it is in the list. */
  byId(orderId: number): Order | undefined {
    return this.orders.find((o) => o.order_id === orderId);
  }

  /** Loads the list; does nothing for a guest (spec §6: fetched only when authenticated). Throws on failure. */
  async fetch(): Promise<void> {
    if (!this.session.isAuthenticated) return;
    this.loading = true;
    this.error = null;
    try {
      const res = await this.api.getOrders();
      runInAction(() => {
        if (res) this.orders = newestFirst(res.data ?? []);
        this.loaded = true;
      });
    } catch (err) {
      runInAction(() => {
        this.error = err;
      });
      throw err;
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }

  /**
   * Cancels an order (spec §4) and refetches the list. Returns the server's message.
   * Throws when the server refuses or the shopper is not signed in.
   */
  async cancel(payload: CancelOrderPayload): Promise<string | undefined> {
    if (!this.session.isAuthenticated) throw new Error('User not authenticated');
    this.cancelling = true;
    try {
      const res = await this.api.cancelOrder(payload);
      if (res && res.success === false && res.status !== true) {
        throw new Error(firstMessage(res.message) ?? 'Failed to cancel order');
      }
      await this.fetch().catch(() => undefined);
      return firstMessage(res?.message);
    } finally {
      runInAction(() => {
        this.cancelling = false;
      });
    }
  }
}

function firstMessage(message: string | string[] | undefined): string | undefined {
  return Array.isArray(message) ? message[0] : message;
}
