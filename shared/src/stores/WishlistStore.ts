import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Api } from '../api/Api';
import { messageOf } from '../api/errors';
import type { WishlistItem } from '../api/types';
import { MESSAGES } from '../messages';
import { notify, reportError } from '../notify/notify';
import { withLoadState } from './loadState';

/**
 * The signed-in customer's wishlist (spec §3, §4): add or remove succeeds → refetch and show the
 * server's message. Guests have none; `toggle` tells the caller to send them to sign-in.
 */
export class WishlistStore {
  items: WishlistItem[] = [];
  loading = false;
  error: string | null = null;
  /** Product ids with a call in flight. */
  pending = new Set<number>();

  constructor(
    private readonly api: Api,
    private readonly session: { readonly isAuthenticated: boolean },
  ) {
    // Replaced whole, never changed in place: held by reference, not copied into proxies item by item;
    // an answer equal to the saved list a signed-in page starts from keeps that list (nothing re-renders).
    makeAutoObservable<WishlistStore, 'api' | 'session'>(this, { api: false, session: false, items: observableRef }, { autoBind: true });
  }

  get count(): number {
    return this.items.length;
  }

  has(productId: number): boolean {
    return this.items.some((i) => i.product_id === productId);
  }

  clear(): void {
    this.items = [];
    this.error = null;
  }

  hydrate(items: WishlistItem[] | undefined): void {
    if (Array.isArray(items)) this.items = items;
  }

  async fetch(): Promise<void> {
    if (!this.session.isAuthenticated) return;
    await withLoadState(this, MESSAGES.wishlistFetchFailed, async () => {
      const res = await this.api.getWishlist();
      runInAction(() => {
        if (!res) return;
        const items = Array.isArray(res.data) ? res.data : [];
        if (JSON.stringify(items) !== JSON.stringify(this.items)) this.items = items;
      });
    });
  }

  private async change(productId: number, call: () => ReturnType<Api['addToWishlist']>): Promise<boolean> {
    this.pending.add(productId);
    try {
      const res = await call();
      if (!res) return false;
      notify.success(messageOf(res, 'Wishlist updated'));
      await this.fetch().catch(() => undefined);
      return true;
    } catch (err) {
      reportError(err, MESSAGES.wishlistFailed);
      return false;
    } finally {
      runInAction(() => this.pending.delete(productId));
    }
  }

  /** Resolves to 'signin' for a guest (the caller navigates), else whether the change succeeded. */
  async toggle(productId: number): Promise<boolean | 'signin'> {
    if (!this.session.isAuthenticated) {
      notify.info(MESSAGES.wishlistSignIn);
      return 'signin';
    }
    return this.has(productId) ? this.remove(productId) : this.add(productId);
  }

  add(productId: number): Promise<boolean> {
    return this.change(productId, () => this.api.addToWishlist(productId));
  }

  remove(productId: number): Promise<boolean> {
    return this.change(productId, () => this.api.removeFromWishlist(productId));
  }
}
