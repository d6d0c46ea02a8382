import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { ApiError, answered, messageOf, withLoadState, type Order, type OrderStatus } from '@storefront/shared';
import type { OrderMove, StaffApi } from '@storefront/shared/staff';

/** What the member learns after a move: done, already so (their own repeat), or someone else was first. */
export type MoveOutcome = { kind: 'moved' | 'unchanged'; message: string } | { kind: 'conflict'; message: string };

/**
 * One order in the back office: its details, the moves its status allows (from the API, which holds
 * contract/fulfilment's table), and a move that names the status the member saw, so two members acting
 * at once cannot both win: the second is told and sees the order as it now is.
 */
export class OrderStore {
  order: Order | null = null;
  next: OrderStatus[] = [];
  loading = false;
  error: string | null = null;
  moving = false;

  constructor(
    private readonly api: Pick<StaffApi, 'order' | 'moveOrder'>,
    readonly orderNumber: string,
  ) {
    makeAutoObservable<OrderStore, 'api'>(this, { api: false, order: observableRef }, { autoBind: true });
  }

  async load(): Promise<void> {
    await withLoadState(this, 'Could not load the order', async () => {
      const res = answered(await this.api.order(this.orderNumber));
      runInAction(() => {
        this.order = res.data?.order ?? null;
        this.next = res.data?.next ?? [];
      });
    });
  }

  /** Moves the order on; a 409 (someone else moved it first) reloads it and resolves as a conflict. */
  async move(to: OrderStatus, details: Omit<OrderMove, 'from' | 'to'> = {}): Promise<MoveOutcome> {
    if (!this.order) throw new Error('The order is not loaded');
    this.moving = true;
    try {
      const res = answered(await this.api.moveOrder(this.orderNumber, { from: this.order.status, to, ...details }));
      runInAction(() => {
        if (res.data) {
          this.order = res.data.order;
          this.next = res.data.next;
        }
      });
      return { kind: res.data?.changed === false ? 'unchanged' : 'moved', message: messageOf(res, 'Order updated') };
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        await this.load().catch(() => undefined);
        return { kind: 'conflict', message: messageOf(err, 'Someone else changed this order first: it is shown as it is now') };
      }
      throw err;
    } finally {
      runInAction(() => {
        this.moving = false;
      });
    }
  }
}
