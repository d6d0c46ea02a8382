import type { CheckoutResult, Customer, Order } from '@storefront/contract';
import { ADDRESS, addToCart, findVariant, get, ok, post, registerCustomer, type TestApp, type VariantInfo } from '../helpers';

/** What the order test files share: stock read back, a cash checkout, the order list, a shopper with a cart. */
export function orderHelpers(app: () => TestApp) {
  const stockOf = async (variantId: number) =>
    (await app().db.selectFrom('variations').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
  const checkout = (token: string, extra: Record<string, unknown> = {}) =>
    post<CheckoutResult>(app().app, '/checkout1', { ...ADDRESS, payment_method: 'cod', ...extra }, { token });
  const ordersOf = async (token: string) => ok(await get<Order[]>(app().app, '/customer/orders', { token }));

  /** A fresh customer with `quantity` of a variant priced within [min, max] rupees in the cart. */
  async function shopperWith(
    opts: { min?: number; max?: number; quantity?: number; skip?: number } = {},
  ): Promise<{ token: string; v: VariantInfo; customer: Customer }> {
    const c = await registerCustomer(app().app);
    const v = await findVariant(app().db, {
      minPrice: (opts.min ?? 0) * 100,
      maxPrice: (opts.max ?? 2000) * 100,
      minStock: 5,
      skip: opts.skip ?? 0,
    });
    ok(await addToCart(app().app, c.token, v, opts.quantity ?? 1));
    return { token: c.token, v, customer: c.customer as Customer };
  }

  return { stockOf, checkout, ordersOf, shopperWith };
}
