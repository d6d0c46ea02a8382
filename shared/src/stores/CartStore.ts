import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { Api } from '../api/Api';
import { dataOf } from '../api/checked';
import { messageOf } from '../api/errors';
import type { CartLine, Product, SelectedVariant, Variation } from '../api/types';
import { CART_TOTAL_LIMIT, MIN_LINE_QUANTITY } from '../constants';
import { MESSAGES } from '../messages';
import { notify, reportError } from '../notify/notify';
import {
  cartTotal,
  checkQuantity,
  lineProductId,
  lineStock,
  lineVariant,
  maxQuantity,
  sameLine,
  unitPrice,
  withoutEmptyLines,
} from './cartRules';
import { loadingFlag, whileLoading, withLoadState } from './loadState';

/** What the cart needs from the session. */
export interface CartSession {
  readonly isAuthenticated: boolean;
  readonly token: string | null;
}

/** What a caller adds: a product (or anything shaped like one) and one of its variations. */
export type AddableProduct = Pick<
  Product,
  'id' | 'product_name' | 'product_images' | 'cover_image' | 'slug' | 'retailer_id' | 'wholesaler_id'
>;
/** The variation of it a line is for. */
export type AddableVariation = Pick<Variation, 'id' | 'product_variation' | 'final_price' | 'stock'>;

/** A guest's cart line for `quantity` units of a product's variation (spec §3 cart item). */
export function guestLine(product: AddableProduct, variation: AddableVariation, quantity: number): CartLine {
  const selected: SelectedVariant = {
    id: variation.id,
    product_variation: variation.product_variation,
    final_price: variation.final_price,
    stock: variation.stock,
  };
  return {
    id: product.id,
    product_id: product.id,
    retailer_product_id: product.id,
    quantity,
    product_stock: variation.stock,
    product_name: product.product_name,
    product_images: product.cover_image || product.product_images,
    product_slug: product.slug,
    final_price: variation.final_price,
    retailer_id: product.retailer_id,
    wholesaler_id: product.wholesaler_id,
    wishlist_id: null,
    selected_variant: selected,
  };
}

const key = (line: CartLine) => `${lineProductId(line) ?? '?'}:${lineVariant(line)?.id ?? lineVariant(line)?.product_variation ?? ''}`;

/**
 * The cart of spec §3/§4, shared by every section. A guest's cart lives only here (and in local
 * storage); a signed-in cart mirrors the server, applying the line each call returns. The cart rules
 * and their messages (spec §5, §8) are enforced here so the catalog, the cart panel and the cart page
 * behave the same; the actions toast their own outcome because every caller would otherwise repeat it.
 */
export class CartStore {
  cartItems: CartLine[] = [];
  loading = false;
  addLoading = false;
  error: string | null = null;
  isCartOpen = false;
  /** Lines with a call in flight, by product:variant. */
  busy = new Set<string>();

  constructor(
    private readonly api: Api,
    private readonly session: CartSession,
    private readonly hooks: { onSynced?: () => void } = {},
  ) {
    makeAutoObservable<CartStore, 'api' | 'session' | 'hooks'>(this, { api: false, session: false, hooks: false }, { autoBind: true });
    // Spec §2: the side panel closes itself when the cart becomes empty.
    reaction(
      () => this.cartItems.length,
      (n) => {
        if (n === 0) this.isCartOpen = false;
      },
    );
  }

  /** Number of cart lines (the header badge, spec §2). */
  get count(): number {
    return this.cartItems.length;
  }

  /** Total units across lines. */
  get totalQuantity(): number {
    return this.cartItems.reduce((n, l) => n + l.quantity, 0);
  }

  /** Cart total in rupees. */
  get total(): number {
    return cartTotal(this.cartItems);
  }

  get isEmpty(): boolean {
    return this.cartItems.length === 0;
  }

  isBusy(line: CartLine): boolean {
    return this.busy.has(key(line));
  }

  /** The line for a product and variant, if it is in the cart. */
  findLine(productId: number, variant: Pick<SelectedVariant, 'id' | 'product_variation'> | undefined): CartLine | undefined {
    return this.cartItems.find((l) => sameLine(l, productId, variant));
  }

  /** How many more units of this variant may be added (spec §5: 5 per line, stock minus what is in the cart). */
  remainingFor(productId: number, variation: Pick<Variation, 'id' | 'product_variation' | 'stock'>): number {
    const inCart = this.findLine(productId, variation)?.quantity ?? 0;
    return Math.max(0, maxQuantity(variation.stock) - inCart);
  }

  toggle(): void {
    this.isCartOpen = !this.isCartOpen;
  }

  open(): void {
    this.isCartOpen = true;
  }

  close(): void {
    this.isCartOpen = false;
  }

  clearCart(): void {
    this.cartItems = [];
    this.error = null;
  }

  /** Replaces the cart wholesale (spec §4), dropping empty entries. */
  replaceCart(items: CartLine[]): void {
    this.cartItems = withoutEmptyLines(items);
  }

  /** Spec §4: fetch runs only when authenticated; it replaces the items (empty if none). */
  async fetchCart(): Promise<void> {
    if (!this.session.isAuthenticated) {
      this.error = MESSAGES.notAuthenticated;
      throw new Error(MESSAGES.notAuthenticated);
    }
    await withLoadState(this, MESSAGES.cartFetchFailed, async () => {
      const res = await this.api.getCart();
      runInAction(() => {
        if (res) this.cartItems = withoutEmptyLines(res.data?.cart ?? []);
      });
    });
  }

  /**
   * Adds `quantity` units of a variation (spec §4): a matching line grows, else a new line. Checks the
   * per-line cap and the ₹10,000 total first; signed-in carts are written on the server and checked again
   * after its answer. Resolves to whether the item was added.
   */
  async addItem(product: AddableProduct, variation: AddableVariation, quantity = 1): Promise<boolean> {
    const existing = this.findLine(product.id, variation);
    const current = existing?.quantity ?? 0;
    const check = checkQuantity(this.cartItems, {
      current,
      next: current + quantity,
      stock: variation.stock,
      unitPrice: unitPrice({ final_price: variation.final_price } as CartLine),
    });
    if (!check.ok) {
      notify.error(check.message);
      return false;
    }
    if (!this.session.isAuthenticated) {
      if (existing) existing.quantity = current + quantity;
      else this.cartItems.push(guestLine(product, variation, quantity));
      notify.success(MESSAGES.addedGuest);
      return true;
    }
    return whileLoading(loadingFlag(this, 'addLoading'), async () => {
      try {
        const res = await this.api.addToCart({
          retailer_id: product.retailer_id,
          wholesaler_id: product.wholesaler_id,
          id: variation.id,
          quantity,
          product_id: product.id,
        });
        if (!res) return false;
        const line = dataOf(res, 'results');
        runInAction(() => this.applyServerLine(line));
        notify.success(messageOf(res, MESSAGES.addedServer));
        this.recheckLimit(MESSAGES.cartTotalLimit);
        return true;
      } catch (err) {
        reportError(err, MESSAGES.addToCartFailed);
        return false;
      }
    });
  }

  /**
   * Sets a line to `quantity` units (floored at 1, spec §4). Increases are checked against the cap and
   * the total. Guest changes are local; signed-in ones go to the server and apply its line.
   */
  async updateQuantity(line: CartLine, quantity: number): Promise<boolean> {
    const target = Math.max(MIN_LINE_QUANTITY, Math.floor(quantity));
    const current = line.quantity;
    if (target === current) return true;
    const check = checkQuantity(this.cartItems, { current, next: target, stock: lineStock(line), unitPrice: unitPrice(line) });
    if (!check.ok) {
      notify.error(check.message);
      return false;
    }
    if (!this.session.isAuthenticated) {
      const l = this.cartItems.find((x) => key(x) === key(line));
      if (!l) return false;
      l.quantity = target;
      notify.success(MESSAGES.quantityUpdated);
      return true;
    }
    const k = key(line);
    const variant = lineVariant(line);
    const productId = lineProductId(line);
    if (productId === undefined || !variant) return false;
    this.busy.add(k);
    try {
      const res = await this.api.updateCart({ product_id: productId, variant_id: variant.id, quantity: target });
      if (!res) return false;
      const line = dataOf(res, 'results');
      runInAction(() => this.applyServerLine(line));
      notify.success(messageOf(res, MESSAGES.cartUpdated));
      this.recheckLimit(MESSAGES.cartAmountLimit);
      return true;
    } catch (err) {
      reportError(err, MESSAGES.updateCartItemFailed);
      return false;
    } finally {
      runInAction(() => this.busy.delete(k));
    }
  }

  /** Removes the line matching id and variant (spec §4); a failed server removal puts it back. */
  async removeItem(line: CartLine): Promise<boolean> {
    const k = key(line);
    const index = this.cartItems.findIndex((x) => key(x) === k);
    if (index < 0) return false;
    const [removed] = this.cartItems.splice(index, 1);
    if (!this.session.isAuthenticated) {
      notify.success(MESSAGES.removed);
      return true;
    }
    const productId = lineProductId(line);
    const variant = lineVariant(line);
    this.busy.add(k);
    try {
      const res = await this.api.removeFromCart({
        retailer_product_id: line.retailer_product_id ?? productId ?? 0,
        product_id: productId ?? 0,
        variant_id: variant?.id ?? 0,
      });
      notify.success(messageOf(res, MESSAGES.removed));
      return true;
    } catch (err) {
      runInAction(() => {
        if (removed) this.cartItems.splice(Math.min(index, this.cartItems.length), 0, removed);
      });
      reportError(err, MESSAGES.removeFailed);
      return false;
    } finally {
      runInAction(() => this.busy.delete(k));
    }
  }

  /**
   * After sign-in (spec §4): sends the guest cart to the server, then closes the sign-up modal and
   * refetches. Without a token or items it answers 'No token or cart items found' and makes no call.
   */
  async syncGuestCart(): Promise<{ success: boolean; message: string }> {
    const items = this.cartItems.filter((l) => lineProductId(l) !== undefined && lineVariant(l));
    if (!this.session.token || items.length === 0) return { success: false, message: MESSAGES.syncNothing };
    try {
      const res = await this.api.syncGuestCart(
        items.map((l) => {
          const v = lineVariant(l)!;
          return {
            product_id: lineProductId(l)!,
            quantity: l.quantity,
            retailer_id: l.retailer_id,
            wholesaler_id: l.wholesaler_id,
            selected_variant: v,
            id: v.id,
          };
        }),
      );
      if (!res) return { success: false, message: MESSAGES.syncFailed };
      // Lines the server could not take in full (caps, stock) come back as field errors: say so.
      for (const m of Object.values(res.errors ?? {})) notify.warning(m);
      this.hooks.onSynced?.();
      await this.fetchCart();
      return { success: true, message: messageOf(res, MESSAGES.cartUpdated) };
    } catch (err) {
      return { success: false, message: reportError(err, MESSAGES.syncFailed) };
    }
  }

  /** Replaces the line the server returned, or appends it (a new line only when its quantity is above 0). */
  private applyServerLine(line: CartLine): void {
    const i = this.cartItems.findIndex((x) => key(x) === key(line));
    if (i >= 0) this.cartItems[i] = line;
    else if (line.quantity > 0) this.cartItems.push(line);
  }

  /** Spec §5: for signed-in users the limit is checked again after the server replies. */
  private recheckLimit(message: string): void {
    if (this.total > CART_TOTAL_LIMIT) {
      notify.error(message);
      void this.fetchCart().catch(() => undefined);
    }
  }
}
