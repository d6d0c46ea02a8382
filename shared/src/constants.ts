/**
 * Interface constants of spec §2/§9 (timings, thresholds, defaults). The business numbers and lists —
 * cart cap, line cap, cancellable statuses, cancel reasons — are the contract's, re-exported here.
 */
export {
  CART_TOTAL_LIMIT,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  CANCELLABLE_STATUSES,
  CANCEL_REASONS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  DELIVERY_PATH,
  isCancellable,
  LIST_TOTAL_CAP,
  listTotalText,
  type CancelReason,
} from '@storefront/contract/rules';
export { ADDRESS_BOOK_FULL, ADDRESS_LABEL_MAX, GSTIN_MESSAGES, MAX_SAVED_ADDRESSES, gstinProblem } from '@storefront/contract/gst';

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
  'T-Shirts',
  'Shirts',
  'Denims',
  "Men's - Watch",
  "Women's - Watch",
  'Handbags',
  "Men's Shoes",
  'Wallet',
  'Caps',
] as const;
