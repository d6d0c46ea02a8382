import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { act } from '@testing-library/react';
import { Profiler, type ReactElement } from 'react';
import { RootStore, STATE_KEY, useStores, type CartLine } from '@storefront/shared';
import { cartLineOf, createFakeApi, memoryStorage, renderWithStores, signInForTest, type FakeApi } from '@storefront/shared/testing';
import CartPanel from '../overlays/CartPanel/CartPanel';

/**
 * A cart line for one of the fake API's fixture products (1: T-shirt S/M/L at ₹499/₹499/₹549 with stock
 * 10/3/0; 2: wallet ₹1,299, stock 2; 3: watch ₹3,499, stock 5), shaped as the server sends it.
 */
export function lineOf(api: FakeApi, productId: number, variationId: number, quantity: number): CartLine {
  const p = api.state.products.find((x) => x.id === productId);
  if (!p?.variations.some((x) => x.id === variationId)) throw new Error(`no fixture product ${productId}/${variationId}`);
  return cartLineOf(p, variationId, quantity);
}

export const TSHIRT_S = [1, 11] as const;
export const TSHIRT_M = [1, 12] as const;
export const WALLET = [2, 21] as const;
export const WATCH = [3, 31] as const;

/**
 * A RootStore over a fake API holding `lines` as the cart: a guest's local cart, or (signedIn) the
 * customer's server cart mirrored locally, as after a fetch.
 */
export function storeWithCart(lines: (readonly [number, number, number])[], options: { signedIn?: boolean; open?: boolean } = {}) {
  const api = createFakeApi();
  const store = new RootStore(api, { storage: memoryStorage() });
  const items = lines.map(([p, v, q]) => lineOf(api, p, v, q));
  if (options.signedIn) {
    signInForTest(store, api);
    api.state.cart = items.map((l) => ({ ...l }));
  }
  runInAction(() => {
    store.cart.replaceCart(items);
    if (options.open) store.cart.open();
  });
  return { api, store };
}

/** Mounts the cart panel the way the shell's layout does: only while the cart store says it is open. */
export const ShellPanelHost = observer(function ShellPanelHost() {
  const { cart } = useStores();
  return cart.isCartOpen ? <CartPanel /> : null;
});

/**
 * A page hydrating over its server render with a guest's saved cart of `lines`: renders `page` and
 * applies the saved session (as the shell does after the first commit), recording what is on screen
 * (`seen` names it) before, at the commit of the session's own update, and at the commits after it.
 * Tells a page that renders the shopper's content in the session's own update from one that defers it
 * to a render of its own (`useSessionApplied`: React's `useDeferredValue`).
 */
export async function screensAfterSessionRestore(
  page: ReactElement,
  route: string,
  lines: (readonly [number, number, number])[],
  seen: () => string,
) {
  const api = createFakeApi();
  const saved = { cart: { cartItems: lines.map(([p, v, q]) => lineOf(api, p, v, q)) } };
  const store = new RootStore(api, { storage: memoryStorage({ [STATE_KEY]: JSON.stringify(saved) }), deferPersistence: true });
  const commits: string[] = [];
  renderWithStores(
    <Profiler id="page" onRender={() => commits.push(seen())}>
      {page}
    </Profiler>,
    { api, store, route },
  );
  const beforeRestore = seen();
  commits.length = 0;
  act(() => store.startPersistence());
  const [inTheUpdate = 'no commit', ...after] = commits;
  return { beforeRestore, inTheUpdate, later: after.at(-1) ?? 'no later commit' };
}
