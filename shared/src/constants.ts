/** Business constants and limits of spec §9, named once for every section. */

/** Cart total limit in rupees (spec §5, §9). */
export const CART_TOTAL_LIMIT = 10_000;
/** Per-line quantity bounds (spec §9); stock minus what is already in the cart caps it further. */
export const MAX_LINE_QUANTITY = 5;
export const MIN_LINE_QUANTITY = 1;

/** Toast durations (spec §2, §9): the shell's, and the shopping flows'. */
export const SHELL_TOAST_MS = 2000;
export const SHOPPING_TOAST_MS = 5000;

/** Animation and interaction timings (spec §9). */
export const SEARCH_CLOSE_MS = 400;
export const TOP_BAR_SLIDE_S = 0.6;
export const PANEL_CLOSE_MS = 300;
export const HOVER_CLOSE_MS = 300;
export const COPIED_MS = 2000;
export const SMOOTH_SCROLL_S = 1.5;
export const SCROLL_STYLE_RESET_MS = 500;

/** Scroll thresholds (spec §2, §9). */
export const TOP_BAR_SCROLL_PX = 12;
export const HEADER_SHRINK_PX = 60;

/** Category menus and carousel (spec §2, §9). */
export const CATEGORY_DROPDOWN_LIMIT = 10;
export const CATEGORY_CAROUSEL_SLIDES = 8;
export const CATEGORY_CAROUSEL_AUTOPLAY_MS = 3000;

/** Defaults of spec §2/§9 used until store info loads or where its value is empty. */
export const DEFAULT_OFFER_TEXT = 'All over India Delivery Available.';
export const DEFAULT_STORE_TIME = '11:00 AM to 08:00 PM, Monday - Saturday';
export const PLACEHOLDER_EMAIL = 'support@storefront.test';
export const DEFAULT_PAGE = 1;

/** Header search suggestions (spec §2). */
export const SEARCH_SUGGESTIONS = [
  'T-Shirts', 'Shirts', 'Denims', "Men's - Watch", "Women's - Watch", 'Handbags', "Men's Shoes", 'Wallet', 'Caps',
] as const;

/** Statuses in which the customer may cancel (spec §4). */
export const CANCELLABLE_STATUSES = [
  'order_placed', 'order_confirmed', 'dispatched_from_retailer', 'processed_by_wholesaler', 'ready_for_pickup',
] as const;

/** Cancel reasons (spec §5), in the spec's order; 'Other' needs a text. */
export const CANCEL_REASONS = [
  'Ordered by Mistake', 'Found Cheaper Elsewhere', 'Delivery Time is Too Long', 'Changed My Mind',
  'Product Details Are Incorrect', 'Payment Issue', 'Quantity Issue', 'Not Needed Anymore', 'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * True when an order in this status can still be cancelled by the customer: spec §4's five, and an unpaid
 * prepaid order waiting for its payment (issue 14: nothing was charged, its stock returns at once).
 */
export function isCancellable(status: string): boolean {
  return status === 'payment_pending' || (CANCELLABLE_STATUSES as readonly string[]).includes(status);
}
