import { reaction } from 'mobx';
import { ApiError } from '../api/errors';
import { createFakeApi, memoryStorage, signInForTest } from '../testing';
import { RootStore } from './RootStore';
import { LOGOUT_EVENT_KEY, STATE_KEY, readState } from './persistence';

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(storage = memoryStorage()) {
  const api = createFakeApi();
  const target = new EventTarget() as unknown as Window;
  const store = new RootStore(api, { storage, eventTarget: target });
  return { api, store, storage, target };
}

function storageEvent(target: Window, key: string | null, newValue: string | null) {
  const e = new Event('storage') as StorageEvent;
  Object.assign(e, { key, newValue });
  target.dispatchEvent(e);
}

describe('auth transitions (spec §4)', () => {
  it('password login authenticates on success and stores the customer with alt phone defaulted', async () => {
    const { store } = setup();
    await store.auth.login({ email: 'asha@example.in', password: 'Secret@1' });
    expect(store.auth.isAuthenticated).toBe(true);
    expect(store.auth.customer?.firstname).toBe('Asha');
    expect(store.auth.customer?.alt_phone_number).toBe('9876543210');
    expect(store.auth.token).toBe('token-1');
  });

  it('a failed login stores the error and stays signed out', async () => {
    const { store } = setup();
    await expect(store.auth.login({ email: 'asha@example.in', password: 'wrong' })).rejects.toBeInstanceOf(ApiError);
    expect(store.auth.isAuthenticated).toBe(false);
    expect(store.auth.error).toBe('Invalid email or password');
  });

  it('an unsuccessful login answer leaves the shopper signed out', async () => {
    const { store, api } = setup();
    api.login = async () => ({ success: false, message: 'Please verify your email before logging in.' });
    await store.auth.login({ email: 'asha@example.in', password: 'Secret@1' });
    expect(store.auth.isAuthenticated).toBe(false);
  });

  it('registration authenticates only without an email_verification_token', async () => {
    const { store, api } = setup();
    const register = api.register;
    api.register = async (p) => {
      const res = await register(p);
      return res && { ...res, data: { ...res.data!, email_verification_token: 'verify-me' } };
    };
    await store.auth.register({
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      password: 'Secret@1',
      mobile: '9123456780',
    });
    expect(store.auth.user?.customer.firstname).toBe('Ravi');
    expect(store.auth.isAuthenticated).toBe(false);
  });

  it('send OTP: not registered yields userNotRegistered with the mobile; success sets loginSent', async () => {
    const { store } = setup();
    expect(await store.auth.sendLoginOtp('9000000000')).toEqual({
      success: false,
      message: 'Mobile number is not registered. Please sign up.',
      userNotRegistered: true,
      mobile: '9000000000',
    });
    const ok = await store.auth.sendLoginOtp('9876543210');
    expect(ok).toMatchObject({ success: true, otp: '123456' });
    expect(store.auth.loginSent).toBe(true);
  });

  it('checkout OTP verify sets verified and authenticates only an existing customer', async () => {
    const { store } = setup();
    await store.auth.sendOtp('9111111111');
    expect(store.auth.sent).toBe(true);
    await store.auth.verifyCheckoutOtp({ mobile: '9111111111', otp: '123456' });
    expect(store.auth.verified).toBe(true);
    expect(store.auth.isAuthenticated).toBe(false); // a new customer gives details first
    expect(store.auth.token).toBeTruthy();
    await store.auth.updateGuestDetails({ firstname: 'New', lastname: 'Buyer', email: 'new@example.in' });
    expect(store.auth.isAuthenticated).toBe(true);
  });

  it('a wrong OTP keeps the server message as the verification error', async () => {
    const { store } = setup();
    await expect(store.auth.verifyLoginOtp({ mobile: '9876543210', otp: '000000' })).rejects.toThrow('Invalid OTP');
    expect(store.auth.verificationError).toBe('Invalid OTP');
    expect(store.auth.verified).toBe(false);
  });

  it('logout resets auth, cart and wishlist even when the call fails, keeping store info', async () => {
    const { store, api, storage } = setup();
    await store.storeInfo.fetch();
    signInForTest(store, api);
    await flush();
    await store.cart.addItem(api.state.products[0]!, api.state.products[0]!.variations[0]!, 1);
    api.failNext('logout', new ApiError(500, []));
    const result = await store.auth.logout();
    expect(result).toEqual({ success: false, message: 'Logout failed' });
    expect(store.auth.isAuthenticated).toBe(false);
    expect(store.auth.user).toBeNull();
    expect(store.cart.count).toBe(0);
    const saved = readState(storage);
    expect(saved.auth?.isAuthenticated).toBe(false);
    expect(saved.cart?.cartItems).toEqual([]);
    expect(saved.storeInfo?.storeinfo.store_name).toBe('Test Bazaar');
    expect(storage.getItem(LOGOUT_EVENT_KEY)).toBeTruthy();
  });

  it('profile updates merge into user.customer', async () => {
    const { store, api } = setup();
    signInForTest(store, api);
    await store.auth.updateAccountDetails({ firstname: 'Ashwini', lastname: 'Rao' });
    expect(store.auth.customer).toMatchObject({ firstname: 'Ashwini', lastname: 'Rao', email: 'asha@example.in' });
  });
});

describe('persistence (spec §4)', () => {
  it('saves after each change without loading flags and restores on a new page', async () => {
    const storage = memoryStorage();
    const first = setup(storage);
    await first.store.cart.addItem(first.api.state.products[0]!, first.api.state.products[0]!.variations[0]!, 2);
    first.store.ui.openSignUpModal();
    const raw = storage.getItem(STATE_KEY)!;
    expect(raw).not.toMatch(/loading/i);
    expect(raw).not.toMatch(/showSignUpModal/);
    const second = new RootStore(createFakeApi(), { storage });
    expect(second.cart.cartItems[0]?.quantity).toBe(2);
    expect(second.ui.showSignUpModal).toBe(false);
  });

  it('ignores a corrupt saved state', () => {
    const storage = memoryStorage({ [STATE_KEY]: '{not json' });
    const { store } = setup(storage);
    expect(store.cart.count).toBe(0);
    expect(store.auth.isAuthenticated).toBe(false);
  });

  it('shows store-info defaults until it loads, then the store values with derived text colours', async () => {
    const { store } = setup();
    expect(store.storeInfo.info.offer_text).toBe('All over India Delivery Available.');
    expect(store.storeInfo.theme.button).toEqual({ background: '#111111', text: '#ffffff' });
    await store.storeInfo.fetch();
    expect(store.storeInfo.storeName).toBe('Test Bazaar');
    expect(store.storeInfo.theme.button).toEqual({ background: '#1a237e', text: '#ffffff' });
    expect(store.storeInfo.info.store_time).toBe('11:00 AM to 08:00 PM, Monday - Saturday'); // empty → default
    store.storeInfo.setCategoryLayout('grid');
    expect(store.storeInfo.theme.categoryLayout).toBe('grid');
  });
});

describe('a page hydrated from a server render (issue 8)', () => {
  it('leaves the saved session alone until startPersistence, then applies it and saves again', async () => {
    const storage = memoryStorage();
    const first = setup(storage);
    await first.store.cart.addItem(first.api.state.products[0]!, first.api.state.products[0]!.variations[0]!, 2);
    const saved = storage.getItem(STATE_KEY);

    const target = new EventTarget() as unknown as Window;
    const hydrating = new RootStore(createFakeApi(), { storage, eventTarget: target, deferPersistence: true });
    // The server rendered a guest's empty cart: so does the first client render.
    expect(hydrating.cart.count).toBe(0);
    // What depends on the session says it is not known yet (skeletons), rather than showing a guest's view.
    expect(hydrating.sessionRestored).toBe(false);
    await hydrating.storeInfo.fetch();
    expect(storage.getItem(STATE_KEY)).toBe(saved); // nothing written over the shopper's session
    storageEvent(target, LOGOUT_EVENT_KEY, '1'); // not listening yet: no effect, no error

    const seen: boolean[] = [];
    const stop = reaction(
      () => hydrating.sessionRestored,
      (v) => seen.push(v),
    );
    hydrating.startPersistence();
    stop();
    expect(seen).toEqual([true]); // observed: the pages' skeletons give way to the shopper's own data
    expect(hydrating.cart.cartItems[0]?.quantity).toBe(2);
    hydrating.startPersistence(); // idempotent: one set of reactions
    hydrating.cart.clearCart();
    expect(readState(storage).cart?.cartItems).toEqual([]);
  });

  it('keeps the store info the server rendered with instead of the older saved copy', async () => {
    const storage = memoryStorage();
    const old = setup(storage);
    await old.store.storeInfo.fetch();
    const stale = { ...readState(storage).storeInfo!, storeinfo: { ...readState(storage).storeInfo!.storeinfo, store_name: 'Old Name' } };
    storage.setItem(STATE_KEY, JSON.stringify({ ...readState(storage), storeInfo: stale }));

    const hydrating = new RootStore(createFakeApi(), { storage, deferPersistence: true });
    await hydrating.storeInfo.fetch();
    hydrating.startPersistence();
    expect(hydrating.storeInfo.storeName).toBe('Test Bazaar');

    // Without a server render the saved copy still stands in until the server answers.
    const plain = new RootStore(createFakeApi(), { storage: memoryStorage({ [STATE_KEY]: JSON.stringify({ storeInfo: stale }) }) });
    expect(plain.storeInfo.storeName).toBe('Old Name');
  });
});

describe('cross-tab (spec §4)', () => {
  it('logs this tab out when another tab removes the state or signs out', async () => {
    const { store, api, target } = setup();
    signInForTest(store, api);
    storageEvent(target, STATE_KEY, null);
    expect(store.auth.isAuthenticated).toBe(false);

    signInForTest(store, api);
    storageEvent(target, STATE_KEY, JSON.stringify({ auth: { user: null, token: null, isAuthenticated: false } }));
    expect(store.auth.isAuthenticated).toBe(false);

    signInForTest(store, api);
    storageEvent(target, LOGOUT_EVENT_KEY, String(Date.now()));
    expect(store.auth.isAuthenticated).toBe(false);
  });

  it("a sign-out in another tab clears this tab's session as a sign-out here would, without signalling back", async () => {
    const { store, api, storage, target } = setup();
    signInForTest(store, api);
    await store.delivery.check('560001');
    expect(store.delivery.pincode).toBe('560001');
    storageEvent(target, LOGOUT_EVENT_KEY, String(Date.now()));
    expect(store.auth.isAuthenticated).toBe(false);
    // Where the shopper lives leaves with them in every tab, not only in the one they signed out in.
    expect(store.delivery.pincode).toBe('');
    expect(readState(storage).delivery?.pincode ?? '').toBe('');
    expect(storage.getItem(LOGOUT_EVENT_KEY)).toBeNull();
  });

  it('adopts a sign-in from another tab without syncing the cart again', async () => {
    const { store, api, target } = setup();
    const customer = { ...api.state.customers[0]!, password: undefined };
    storageEvent(
      target,
      STATE_KEY,
      JSON.stringify({ auth: { user: { customer }, token: 'token-1', isAuthenticated: true }, cart: { cartItems: [] } }),
    );
    await flush();
    expect(store.auth.isAuthenticated).toBe(true);
    expect(store.auth.customer?.firstname).toBe('Asha');
    expect(api.callsOf('syncGuestCart')).toHaveLength(0);
  });
});
