import { reaction } from 'mobx';
import { createFakeApi, signInForTest } from '../testing';
import { RootStore } from './RootStore';

describe('WishlistStore', () => {
  it('keeps the list it has when the server answers the same, so nothing observing it runs again', async () => {
    const api = createFakeApi();
    api.state.wishlist.push(api.state.products[0]!.id);
    const store = new RootStore(api);
    signInForTest(store, api);
    await store.wishlist.fetch();
    const first = store.wishlist.items;
    expect(first.map((i) => i.product_id)).toEqual([api.state.products[0]!.id]);
    let runs = 0;
    const dispose = reaction(
      () => store.wishlist.items,
      () => (runs += 1),
    );
    await store.wishlist.fetch();
    expect(store.wishlist.items).toBe(first);
    expect(runs).toBe(0);
    api.state.wishlist.push(api.state.products[1]!.id);
    await store.wishlist.fetch();
    expect(store.wishlist.items).toHaveLength(2);
    expect(runs).toBe(1);
    dispose();
  });
});
