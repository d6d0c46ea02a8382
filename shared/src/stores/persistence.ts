import type { CartLine, HomeSections, StoreInfoData, WishlistItem } from '../api/types';
import type { AuthSnapshot } from './AuthStore';

/** The one local-storage key of the session (spec §4), and the manual logout signal for other tabs. */
export const STATE_KEY = 'storefront:state:v1';
export const LOGOUT_EVENT_KEY = 'storefront:logout';

/** What is saved after each change, without loading flags (spec §4). UI state is never saved. */
export interface SavedState {
  auth?: AuthSnapshot;
  cart?: { cartItems: CartLine[] };
  wishlist?: { items: WishlistItem[] };
  storeInfo?: StoreInfoData | null;
  homeSections?: HomeSections | null;
  /** Issue 39: the delivery pincode the shopper last checked. */
  delivery?: { pincode: string };
}

/** Minimal storage the root store writes to (window.localStorage, or a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Reads the saved state; anything unreadable (old format, hand-edited, quota) counts as nothing saved. */
export function readState(storage: KeyValueStorage | undefined, raw?: string | null): SavedState {
  try {
    const text = raw === undefined ? storage?.getItem(STATE_KEY) : raw;
    if (!text) return {};
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as SavedState) : {};
  } catch {
    return {};
  }
}

/** Writes the state; a full or blocked storage must not break the page. */
export function writeState(storage: KeyValueStorage | undefined, text: string): void {
  try {
    storage?.setItem(STATE_KEY, text);
  } catch (err) {
    console.warn('[storefront] could not save the session', err);
  }
}

/** An in-memory storage for tests and for browsers that block local storage. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const m = new Map(Object.entries(initial));
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}
