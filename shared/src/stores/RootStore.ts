import { makeObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { SessionCookie } from '@storefront/contract/session-cookie';
import type { Api } from '../api/Api';
import { answered, dataOf } from '../api/checked';
import type { CartLine } from '../api/types';
import { AuthStore, normalizeCustomer, type SessionUser } from './AuthStore';
import { CartStore, guestLine } from './CartStore';
import { DeliveryStore } from './DeliveryStore';
import { HomeSectionsStore } from './HomeSectionsStore';
import { StoreInfoStore } from './StoreInfoStore';
import { UiStore } from './UiStore';
import { WishlistStore } from './WishlistStore';
import { LOGOUT_EVENT_KEY, STATE_KEY, readState, writeState, type KeyValueStorage, type SavedState } from './persistence';
import { sessionCookieValue, type CookieWriter } from './sessionCookie';
import { whenIdle } from '../idle';

/** The longest the first cookie write of a page waits for an idle moment. */
const FIRST_COOKIE_TIMEOUT_MS = 3000;

export interface RootStoreOptions {
  /** Where the session is saved (window.localStorage in the browser). */
  storage?: KeyValueStorage;
  /** The window whose `storage` events carry other tabs' changes; none in unit tests. */
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The shop's public origin (runtime config `storeUrl`): product links are built on it. */
  storeUrl?: string;
  /**
   * Leave the saved state alone until `startPersistence()`. A page rendered on the server hydrates
   * with the server's state (a guest's, or the session it was rendered with: `applyRenderedSession`);
   * the shopper's saved session is applied right after, so the
   * first client render matches the server's markup and the saved state is never overwritten by it.
   */
  deferPersistence?: boolean;
  /** Where the API is and its key (runtime config): the back office makes its own staff client with them. */
  connection?: ApiConnection;
  /** Where the session cookie the edge renders personal pages with is written (the browser's document). */
  cookies?: CookieWriter;
}

/**
 * The shopper's session a personal page was rendered with on the server (issue 33), without the token:
 * the browser applies it before hydrating, so its first render is the server's markup.
 */
export interface RenderedSession {
  user: SessionUser | null;
  cart: CartLine[];
}

/** The API's base URL and public key, as the runtime config gives them. */
export interface ApiConnection {
  apiBaseUrl: string;
  apiKey: string;
}

/**
 * The one session of the page (STYLE.md "Stores"): created by the shell, provided to every section
 * through `StoresProvider`. Because `@storefront/shared` is a federation singleton there is exactly one.
 * It restores the saved state, saves after each change, follows other tabs, and runs what must happen
 * after a sign-in (guest cart sync, wishlist) whichever section signed the shopper in.
 */
export class RootStore {
  readonly api: Api;
  readonly storeUrl: string;
  readonly connection: ApiConnection | null;
  readonly storeInfo: StoreInfoStore;
  readonly auth: AuthStore;
  readonly cart: CartStore;
  readonly wishlist: WishlistStore;
  readonly ui: UiStore;
  readonly homeSections: HomeSectionsStore;
  /** Issue 39: the remembered delivery pincode and its answer. */
  readonly delivery: DeliveryStore;
  /**
   * Whether the shopper's own session (sign-in, cart, wishlist) has been applied to this page. False
   * on the server without the shopper's session cookie, and while a page rendered there hydrates: what
   * depends on it shows a sized skeleton until then (issue 19), so the server's markup and the first
   * client render agree and nothing jumps when the session arrives. True from the start of a page
   * rendered with the cookie (issue 33: `applyCookieSession`, `applyRenderedSession`).
   */
  sessionRestored = false;

  private readonly storage: KeyValueStorage | undefined;
  private readonly disposers: IReactionDisposer[] = [];
  private lastWritten: string | null = null;
  /** True while adopting another tab's state: its sign-in already synced the cart there. */
  private adopting = false;
  private readonly eventTarget: RootStoreOptions['eventTarget'];
  private persisting = false;
  private readonly cookies: CookieWriter | undefined;
  /** The cookie's value as last written (undefined: not yet written by this page). */
  private lastCookie: string | null | undefined = undefined;
  private cancelFirstCookie: (() => void) | undefined;

  constructor(api: Api, options: RootStoreOptions = {}) {
    this.api = api;
    this.storeUrl = options.storeUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
    this.storage = options.storage;
    this.connection = options.connection ?? null;
    this.storeInfo = new StoreInfoStore(api);
    this.auth = new AuthStore(api, () => this.resetApp());
    this.ui = new UiStore();
    this.cart = new CartStore(api, this.auth, { onSynced: () => this.ui.closeSignUpModal() });
    this.wishlist = new WishlistStore(api, this.auth);
    this.homeSections = new HomeSectionsStore(api);
    this.delivery = new DeliveryStore(api, () => this.auth.customer?.shipping_address?.pincode);
    this.eventTarget = options.eventTarget;
    this.cookies = options.cookies;
    makeObservable(this, { sessionRestored: observable });
    if (!options.deferPersistence) this.startPersistence();
  }

  /**
   * Restores the saved session, then saves after each change and follows other tabs (spec §4). Runs
   * in the constructor, or — for a page hydrated from a server render — once the first screen has
   * hydrated. Idempotent.
   */
  startPersistence(): void {
    if (this.persisting) return;
    this.persisting = true;
    this.restore(readState(this.storage));
    // A shopper whose state was saved before the cookie existed gets it on this page, not at their next
    // change; once the page is idle, so its start-up does not pay for the cookie writes (issue 19: TBT).
    if (this.cookies) this.cancelFirstCookie = whenIdle(() => this.writeCookie(true), FIRST_COOKIE_TIMEOUT_MS);
    this.disposers.push(
      reaction(
        () => JSON.stringify(this.snapshot()),
        (text) => this.save(text),
      ),
      // Spec §4: after login the guest cart is synced (or the server cart fetched) and the wishlist loaded.
      reaction(
        () => this.auth.isAuthenticated,
        (signedIn) => {
          if (signedIn && !this.adopting) void this.afterSignIn();
        },
      ),
    );
    this.eventTarget?.addEventListener('storage', this.onStorage);
  }

  /** The persisted state (spec §4): auth, cart, wishlist, store info and home sections, no loading flags. */
  snapshot(): SavedState {
    return {
      auth: this.auth.snapshot,
      cart: { cartItems: this.cart.cartItems },
      wishlist: { items: this.wishlist.items },
      storeInfo: this.storeInfo.data,
      homeSections: this.homeSections.data,
      delivery: this.delivery.snapshot,
    };
  }

  private restore(s: SavedState): void {
    runInAction(() => {
      this.auth.hydrate(s.auth);
      this.cart.replaceCart(Array.isArray(s.cart?.cartItems) ? s.cart.cartItems : []);
      this.wishlist.hydrate(s.wishlist?.items);
      // The saved copies stand in until the server answers; they never replace fresher data (a server render's).
      if (!this.storeInfo.data) this.storeInfo.hydrate(s.storeInfo);
      if (!this.homeSections.data) this.homeSections.hydrate(s.homeSections);
      this.delivery.hydrate(s.delivery);
      this.sessionRestored = true;
    });
  }

  private save(text: string): void {
    this.writeCookie();
    if (text === this.lastWritten) return;
    this.lastWritten = text;
    writeState(this.storage, text);
  }

  private writeCookie(initial = false): void {
    if (!this.cookies) return;
    const value = sessionCookieValue(this.snapshot());
    if (value === this.lastCookie) return;
    this.lastCookie = value;
    this.cookies.write(value, initial);
  }

  /**
   * On the server: the session the edge read from the shopper's cookie, applied as the browser would
   * (issue 33). Signed in: their profile and their cart from the API with the token. A guest: each cart
   * line rebuilt from its product's current details. Rejects when a read fails (the render is then
   * not used); resolves to what the browser must apply before hydrating.
   */
  async applyCookieSession(cookie: SessionCookie): Promise<RenderedSession> {
    if (cookie.token !== undefined) {
      runInAction(() => this.auth.hydrate({ token: cookie.token, isAuthenticated: true, user: null }));
      const customer = dataOf(answered(await this.api.getProfile()), 'customer');
      runInAction(() => this.auth.hydrate({ token: cookie.token, isAuthenticated: true, user: { customer: normalizeCustomer(customer) } }));
      await this.cart.fetchCart();
    } else {
      // One read a product, however many of its sizes the cart holds.
      const slugs = [...new Set(cookie.cart.map((item) => item.slug))];
      const products = new Map(
        await Promise.all(slugs.map(async (slug) => [slug, dataOf(answered(await this.api.getProductDetails(slug)))] as const)),
      );
      const lines = cookie.cart.flatMap((item) => {
        const product = products.get(item.slug);
        const variation = product?.variations.find((v) => v.id === item.variant);
        return product && variation ? [guestLine(product, variation, item.quantity)] : [];
      });
      runInAction(() => this.cart.replaceCart(lines));
    }
    runInAction(() => {
      this.sessionRestored = true;
    });
    return { user: this.auth.user, cart: this.cart.cartItems };
  }

  /**
   * In the browser, before hydrating a page rendered with the shopper's session: the same user and
   * cart, so the first render is the server's markup. The token is the saved one (the page never
   * carries it); the saved state itself is applied after hydration as on every page.
   */
  applyRenderedSession(rendered: RenderedSession): void {
    const token = readState(this.storage).auth?.token ?? null;
    runInAction(() => {
      this.auth.hydrate({ user: rendered.user, token, isAuthenticated: rendered.user !== null });
      this.cart.replaceCart(rendered.cart);
      this.sessionRestored = true;
    });
  }

  private async afterSignIn(): Promise<void> {
    const synced = this.cart.cartItems.length > 0 ? await this.cart.syncGuestCart() : { success: false };
    if (!synced.success) await this.cart.fetchCart().catch(() => undefined);
    await this.wishlist.fetch().catch(() => undefined);
  }

  /**
   * Spec §4: reset-app (and logout) clears the saved state, keeping only store info, and tells other
   * tabs through a logout signal.
   */
  resetApp(): void {
    this.clearSession();
    try {
      this.storage?.setItem(LOGOUT_EVENT_KEY, String(Date.now()));
    } catch {
      // storage blocked: other tabs will notice through the state key instead
    }
  }

  /**
   * Another tab changed the session (spec §4): its logout (state removed, signed out, or the manual
   * logout signal) logs this tab out; a signed-in state updates the user here; cart changes follow.
   */
  private readonly onStorage = (e: StorageEvent): void => {
    if (e.key === LOGOUT_EVENT_KEY) {
      if (this.auth.isAuthenticated) this.clearSession();
      return;
    }
    if (e.key !== STATE_KEY && e.key !== null) return;
    const next = e.key === null || e.newValue === null ? null : readState(undefined, e.newValue);
    if (!next || !next.auth?.isAuthenticated) {
      if (this.auth.isAuthenticated) this.clearSession();
      return;
    }
    this.lastWritten = e.newValue;
    this.adopting = true;
    try {
      runInAction(() => {
        this.auth.hydrate(next.auth);
        if (Array.isArray(next.cart?.cartItems)) this.cart.replaceCart(next.cart.cartItems);
        if (Array.isArray(next.wishlist?.items)) this.wishlist.hydrate(next.wishlist.items);
      });
    } finally {
      this.adopting = false;
    }
  };

  /** What a sign-out clears in a tab, whichever tab it began in: all but the store info. */
  private clearSession(): void {
    runInAction(() => {
      this.auth.localLogout();
      this.cart.clearCart();
      this.cart.close();
      this.wishlist.clear();
      this.ui.reset();
      this.homeSections.clear();
      // Where the shopper lives leaves with them.
      this.delivery.hydrate(undefined);
    });
  }

  /** Stops saving and listening (tests, hot reload). */
  dispose(): void {
    for (const d of this.disposers) d();
    this.cancelFirstCookie?.();
    this.eventTarget?.removeEventListener('storage', this.onStorage);
  }
}
