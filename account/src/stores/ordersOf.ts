import type { RootStore } from '@storefront/shared';
import { OrdersStore } from './OrdersStore';

const bySession = new WeakMap<RootStore, { token: string | null; orders: OrdersStore }>();

/**
 * The signed-in shopper's order list of a session, shared by the page's server-side `load` and the
 * section (issue 33: a page rendered with the shopper's session shows their orders in its HTML, and
 * the browser hydrates from the same answer). A new sign-in gets a new list, never the last shopper's.
 */
export function ordersOf(root: RootStore): OrdersStore {
  const token = root.auth.token;
  let entry = bySession.get(root);
  if (!entry || entry.token !== token) {
    entry = { token, orders: new OrdersStore(root.api, root.auth) };
    bySession.set(root, entry);
  }
  return entry.orders;
}
