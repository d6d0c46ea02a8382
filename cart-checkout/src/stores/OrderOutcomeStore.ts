import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { addMoney, MESSAGES, reportError, withLoadState, type Api, type CartStore, type Order } from '@storefront/shared';

/** The orders an outcome page talks about, read back from the customer's order list (one order per cart line). */
export class OrderOutcomeStore {
  orders: Order[] = [];
  loading = false;
  /** The orders' answer (or its failure) has arrived: until then the pages hold their place with skeletons. */
  settled = false;
  error: string | null = null;
  reordering = false;

  constructor(private readonly api: Pick<Api, 'getOrders' | 'getProductDetails'>) {
    makeAutoObservable<this, 'api'>(this, { api: false, orders: observableRef }, { autoBind: true });
  }

  /** What the orders come to after discount (spec §9: total = price − discount), in rupees. */
  get total(): number {
    return addMoney(...this.orders.map((o) => o.final_amount));
  }

  get discount(): number {
    return addMoney(...this.orders.map((o) => o.discount_amount));
  }

  async load(orderNumbers: string[]): Promise<void> {
    if (orderNumbers.length === 0) {
      this.settled = true;
      return;
    }
    const wanted = new Set(orderNumbers);
    try {
      await withLoadState(this, MESSAGES.ordersFetchFailed, async () => {
        const res = await this.api.getOrders();
        if (res) runInAction(() => (this.orders = (res.data ?? []).filter((o) => wanted.has(o.order_number))));
      });
    } catch {
      // Kept in `error`, which the outcome pages show in place of the orders.
    } finally {
      runInAction(() => (this.settled = true));
    }
  }

  /**
   * Puts what these orders held back into the cart (the same variant and quantity, through the cart's
   * own rules), for another attempt at checkout. A settled payment cannot be paid again (the test
   * provider answers 409), so a retry is a new order. Resolves to how many lines went back in.
   */
  async reorder(cart: Pick<CartStore, 'addItem'>): Promise<number> {
    this.reordering = true;
    let added = 0;
    try {
      for (const order of this.orders) {
        try {
          const res = await this.api.getProductDetails(order.product_slug);
          const product = res?.data;
          const variation = product?.variations.find((v) => v.product_variation === order.product_variation);
          if (!product || !variation) throw new Error('gone');
          if (await cart.addItem(product, variation, order.quantity)) added += 1;
        } catch (err) {
          reportError(err, `${order.product_name} is no longer available`);
        }
      }
    } finally {
      runInAction(() => (this.reordering = false));
    }
    return added;
  }
}
