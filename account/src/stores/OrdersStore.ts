import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  MESSAGES,
  answered,
  messageOf,
  newestFirst,
  withLoadState,
  type Api,
  type CancelOrderPayload,
  type Order,
} from '@storefront/shared';

export type OrderDocumentKind = 'invoice' | 'credit_note';

/** What the orders store needs to know about the session (the shared auth store satisfies it). */
export interface Session {
  readonly isAuthenticated: boolean;
}

/**
 * Spec §8 cancel order: the server message, else the error's own message, else 'Failed to cancel order'
 * (the one failure of the catalogue that falls back to the error's text before the fixed fallback).
 */
export function cancelFailureMessage(err: unknown): string {
  return messageOf(err, err instanceof Error && err.message ? err.message : MESSAGES.cancelOrderFailed);
}

/**
 * The customer's orders (spec §3, §4): fetched only when authenticated, newest first; a cancel
 * proceeds only when authenticated and refetches the list on success.
 */
export class OrdersStore {
  orders: Order[] = [];
  loading = false;
  loaded = false;
  error: string | null = null;
  cancelling = false;
  /** The tax document being downloaded (issue 39), one at a time. */
  downloading: OrderDocumentKind | null = null;

  constructor(
    private readonly api: Pick<Api, 'getOrders' | 'cancelOrder' | 'getOrderDocument'>,
    private readonly session: Session,
  ) {
    makeAutoObservable<OrdersStore, 'api' | 'session'>(this, { api: false, session: false, orders: observableRef }, { autoBind: true });
  }

  /** The order with this id, if it is in the list. */
  byId(orderId: number): Order | undefined {
    return this.orders.find((o) => o.order_id === orderId);
  }

  /** Loads the list; does nothing for a guest (spec §6: fetched only when authenticated). Rejects on failure. */
  async fetch(): Promise<void> {
    if (!this.session.isAuthenticated) return;
    await withLoadState(this, MESSAGES.ordersFetchFailed, async () => {
      const res = await this.api.getOrders();
      runInAction(() => {
        if (res) this.orders = newestFirst(res.data ?? []);
        this.loaded = true;
      });
    });
  }

  /**
   * An order's GST tax invoice or credit note as a PDF (issue 39), through the one API client: the bearer
   * travels in a header, so a plain link cannot open it. Rejects when the server refuses.
   */
  async downloadDocument(orderId: number, kind: OrderDocumentKind): Promise<Blob> {
    this.downloading = kind;
    try {
      return answered(await this.api.getOrderDocument(orderId, kind));
    } finally {
      runInAction(() => {
        this.downloading = null;
      });
    }
  }

  /**
   * Cancels an order (spec §4: only when authenticated) and refetches the list. Resolves to the
   * server's message; rejects when the server refuses.
   */
  async cancel(payload: CancelOrderPayload): Promise<string> {
    if (!this.session.isAuthenticated) throw new Error(MESSAGES.notAuthenticated);
    this.cancelling = true;
    try {
      const res = answered(await this.api.cancelOrder(payload));
      await this.fetch().catch(() => undefined);
      return messageOf(res, 'Order cancelled successfully');
    } finally {
      runInAction(() => {
        this.cancelling = false;
      });
    }
  }
}
