/**
 * The add-to-cart load of the API benches (bench.ts, scale/): one variation in stock, a set of signed-in
 * shoppers, and an add followed by the remove of the same line so the cart never fills up.
 */
import type { PacedRequest } from '../lib/paced.mjs';

export interface CartCycle {
  /** An add and its remove for one shopper (flat out: one shopper per connection). */
  requests(token: string): PacedRequest[];
  /** Paced: the next idle shopper adds; null when every shopper waits for an answer. */
  next(i: number): PacedRequest | null;
  /** Paced: once add `i` is answered, its shopper removes the line (unmeasured) and is idle again. */
  after(i: number, base: string): Promise<void>;
}

export function cartCycle(target: { productId: number; variantId: number }, tokens: string[], headers: Record<string, string>): CartCycle {
  const cartHeaders = (token: string) => ({ ...headers, 'content-type': 'application/json', authorization: `Bearer ${token}` });
  const addBody = JSON.stringify({ id: target.variantId, product_id: target.productId, quantity: 1, retailer_id: 1, wholesaler_id: null });
  const removeBody = JSON.stringify({ retailer_product_id: target.productId, product_id: target.productId, variant_id: target.variantId });
  const add = (token: string): PacedRequest => ({
    method: 'POST',
    path: '/api/customer/add-to-cart',
    headers: cartHeaders(token),
    body: addBody,
  });
  const remove = (token: string): PacedRequest => ({
    method: 'POST',
    path: '/api/customer/remove-to-cart',
    headers: cartHeaders(token),
    body: removeBody,
  });
  const idle = [...tokens];
  const busy = new Map<number, string>();
  return {
    requests: (token) => [add(token), remove(token)],
    next(i) {
      const token = idle.pop();
      if (!token) return null;
      busy.set(i, token);
      return add(token);
    },
    async after(i, base) {
      const token = busy.get(i);
      if (!token) return;
      busy.delete(i);
      const r = remove(token);
      await fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
      idle.push(token);
    },
  };
}
