import { runInAction } from 'mobx';
import { ApiError } from '../api/errors';
import type { CartLine } from '../api/types';
import { waitFor } from '@testing-library/react';
import { createFakeApi, makeProduct, makeVariation, memoryStorage, mountToasts, signInForTest, toastTexts } from '../testing';
import { RootStore } from './RootStore';
import { atQuantityCap, cartTotal, lineProductId, lineVariant, sameLine } from './cartRules';

function setup(signedIn = false) {
  const api = createFakeApi();
  const store = new RootStore(api, { storage: memoryStorage() });
  if (signedIn) signInForTest(store, api);
  const [tee, wallet, watch] = api.state.products;
  return { api, store, cart: store.cart, tee: tee!, wallet: wallet!, watch: watch! };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

let toasts: ReturnType<typeof mountToasts>;
beforeEach(() => {
  toasts = mountToasts();
});
afterEach(() => toasts.unmount());

describe('cart rules', () => {
  it('reads either line shape of spec §3', () => {
    const v = { id: 5, product_variation: 'M', final_price: '10.00', stock: 3 };
    const a = { retailer_product_id: 9, selectedVariant: v, quantity: 1 } as CartLine;
    expect(lineProductId(a)).toBe(9);
    expect(lineVariant(a)).toBe(v);
    expect(sameLine(a, 9, { id: 5, product_variation: 'M' })).toBe(true);
    expect(sameLine(a, 9, { id: 6, product_variation: 'M' })).toBe(false);
  });
  it('totals in paise and knows the cap', () => {
    const line = { id: 1, quantity: 3, final_price: '0.10', product_stock: 3 } as CartLine;
    expect(cartTotal([line, { ...line, quantity: 7 }])).toBe(1);
    expect(atQuantityCap(line)).toBe(true);
    expect(atQuantityCap({ ...line, product_stock: 10, quantity: 4 })).toBe(false);
  });
});

describe('guest cart (spec §4)', () => {
  it('adds a line, then grows the matching line instead of adding another', async () => {
    const { cart, tee, api } = setup();
    const small = tee.variations[0]!;
    expect(await cart.addItem(tee, small, 1)).toBe(true);
    expect(await cart.addItem(tee, small, 2)).toBe(true);
    expect(await cart.addItem(tee, tee.variations[1]!, 1)).toBe(true);
    expect(cart.count).toBe(2);
    expect(cart.findLine(tee.id, small)?.quantity).toBe(3);
    await toasts.expectToast('Item added successfully in cart.');
    expect(api.calls).toHaveLength(0); // local only
  });

  it('caps a line at 5 and at the stock minus what is already in the cart', async () => {
    const { cart, tee } = setup();
    const medium = tee.variations[1]!; // stock 3
    expect(await cart.addItem(tee, medium, 3)).toBe(true);
    expect(await cart.addItem(tee, medium, 1)).toBe(false);
    await toasts.expectToast('No more items can be added');
    const small = tee.variations[0]!; // stock 10
    expect(await cart.addItem(tee, small, 6)).toBe(false);
    expect(cart.remainingFor(tee.id, small)).toBe(5);
  });

  it('refuses an increase that would take the total above ₹10,000', async () => {
    const { cart, watch, wallet } = setup();
    const w = watch.variations[0]!; // 3499 × 2 = 6998
    expect(await cart.addItem(watch, w, 2)).toBe(true);
    const line = cart.cartItems[0]!;
    expect(await cart.updateQuantity(line, 3)).toBe(false); // 10497
    await toasts.expectToast('Cart total cannot exceed ₹10,000.');
    expect(await cart.addItem(wallet, wallet.variations[0]!, 2)).toBe(true); // 6998 + 2598 = 9596
    expect(cart.total).toBe(9596);
  });

  it('updates to an absolute quantity floored at 1 and removes locally', async () => {
    const { cart, tee } = setup();
    await cart.addItem(tee, tee.variations[0]!, 2);
    const line = cart.cartItems[0]!;
    expect(await cart.updateQuantity(line, 0)).toBe(true);
    expect(cart.cartItems[0]!.quantity).toBe(1);
    await toasts.expectToast('Cart quantity updated');
    await cart.removeItem(cart.cartItems[0]!);
    expect(cart.isEmpty).toBe(true);
    await toasts.expectToast('Item removed from cart');
  });

  it('closes the panel by itself when the cart becomes empty', async () => {
    const { cart, tee } = setup();
    await cart.addItem(tee, tee.variations[0]!, 1);
    cart.open();
    expect(cart.isCartOpen).toBe(true);
    await cart.removeItem(cart.cartItems[0]!);
    expect(cart.isCartOpen).toBe(false);
  });

  it('refuses to fetch for a guest with "User not authenticated"', async () => {
    const { cart } = setup();
    await expect(cart.fetchCart()).rejects.toThrow('User not authenticated');
    expect(cart.error).toBe('User not authenticated');
  });

  it('answers "No token or cart items found" without a call when there is nothing to sync', async () => {
    const { cart, api } = setup();
    expect(await cart.syncGuestCart()).toEqual({ success: false, message: 'No token or cart items found' });
    expect(api.callsOf('syncGuestCart')).toHaveLength(0);
  });
});

describe('signed-in cart (spec §4)', () => {
  it('adds through the server and applies the returned line', async () => {
    const { cart, tee, api } = setup(true);
    await flush();
    expect(await cart.addItem(tee, tee.variations[0]!, 2)).toBe(true);
    expect(api.callsOf('addToCart')[0]![0]).toEqual({ retailer_id: 7, wholesaler_id: null, id: 11, quantity: 2, product_id: 1 });
    expect(cart.cartItems[0]!.quantity).toBe(2);
    expect(api.state.cart[0]!.quantity).toBe(2);
    await toasts.expectToast('Item added to cart.');
  });

  it('shows every server message of a failed add, one toast each', async () => {
    const { cart, tee, api } = setup(true);
    await flush();
    api.failNext('addToCart', new ApiError(422, ['First problem', 'Second problem']));
    expect(await cart.addItem(tee, tee.variations[0]!, 1)).toBe(false);
    await waitFor(() => expect(toastTexts()).toEqual(expect.arrayContaining(['First problem', 'Second problem'])));
  });

  it('falls back to the spec message when the server says nothing', async () => {
    const { cart, tee, api } = setup(true);
    await flush();
    api.failNext('addToCart', new ApiError(0, []));
    await cart.addItem(tee, tee.variations[0]!, 1);
    await toasts.expectToast('Failed to add item to cart');
  });

  it('puts a line back when the server refuses to remove it', async () => {
    const { cart, tee, wallet, api } = setup(true);
    await flush();
    await cart.addItem(tee, tee.variations[0]!, 1);
    await cart.addItem(wallet, wallet.variations[0]!, 1);
    api.failNext('removeFromCart', 'nope');
    const first = cart.cartItems[0]!;
    const removal = cart.removeItem(first);
    expect(cart.count).toBe(1); // optimistic
    expect(await removal).toBe(false);
    expect(cart.cartItems.map((l) => l.product_name)).toEqual(['Classic Cotton T-Shirt', 'Leather Wallet']);
    await toasts.expectToast('nope');
  });

  it('sends the new absolute quantity and floors it at 1', async () => {
    const { cart, tee, api } = setup(true);
    await flush();
    await cart.addItem(tee, tee.variations[0]!, 3);
    await cart.updateQuantity(cart.cartItems[0]!, -4);
    expect(api.callsOf('updateCart').at(-1)![0]).toEqual({ product_id: 1, variant_id: 11, quantity: 1 });
    expect(cart.cartItems[0]!.quantity).toBe(1);
  });
});

describe('sign-in syncs the guest cart (spec §4)', () => {
  it('sends the guest lines, closes the sign-up modal and refetches', async () => {
    const { store, cart, tee, api } = setup();
    await cart.addItem(tee, tee.variations[0]!, 2);
    store.ui.openSignUpModal();
    await store.auth.login({ email: 'asha@example.in', password: 'Secret@1' });
    await flush();
    await flush();
    expect(api.callsOf('syncGuestCart')[0]![0]).toEqual([
      expect.objectContaining({ product_id: 1, quantity: 2, id: 11, selected_variant: expect.objectContaining({ id: 11 }) }),
    ]);
    expect(store.ui.showSignUpModal).toBe(false);
    expect(api.callsOf('getCart').length).toBeGreaterThan(0);
    expect(cart.cartItems[0]!.quantity).toBe(2);
  });

  it('reads a product made elsewhere (e.g. a wishlist product)', async () => {
    const { cart } = setup();
    const p = makeProduct({ id: 77, variations: [makeVariation({ id: 770, stock: 1, final_price: '10.00' })] });
    expect(await cart.addItem(p, p.variations[0]!, 1)).toBe(true);
    runInAction(() => cart.replaceCart([...cart.cartItems, { quantity: 0 } as CartLine]));
    expect(cart.count).toBe(1); // empty entries removed
  });
});
