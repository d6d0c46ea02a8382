/**
 * Wire types of the storefront API, in step with `docs/api-contract.md` and the API server's OpenAPI
 * document. Money travels as strings with two decimals in rupees ("1299.00").
 */
import type { OrderDocuments } from './gst';
import type { HistoryActor, OrderStatus, PaymentMethod, PaymentStatus } from './rules';

export type { HistoryActor, OrderStatus, PaymentMethod, PaymentStatus } from './rules';

/** Rupees as a string with two decimals, e.g. "1299.00". */
export type Money = string;

/** Every answer of the API carries `success`; failures also carry `message` and, for forms, `errors`. */
export interface ApiEnvelope<T = undefined> {
  success: boolean;
  message?: string | string[];
  data?: T;
  errors?: Record<string, string>;
  status?: boolean;
}

/** The fields of spec §3 store information, each a string (the API's reply schema is built from this list). */
export const STORE_INFO_FIELDS = [
  'store_name',
  'logo',
  'email',
  'mobile_no',
  'store_time',
  'offer_text',
  'facebook_url',
  'instagram_url',
  'twitter_url',
  'fontFamily',
  'backgroundColor',
  'buttonBackgroundColor',
  'topHeaderBackgroundColor',
  'headerBackgroundColor',
  'footerBackgroundColor',
  'bottomFooterBackgroundColor',
  'bannerType',
  'categoryLayout',
] as const;

/** Spec §3 store information. Empty strings mean "use the default". */
export interface StoreInfoFields {
  store_name: string;
  logo: string;
  email: string;
  mobile_no: string;
  store_time: string;
  offer_text: string;
  facebook_url: string;
  instagram_url: string;
  twitter_url: string;
  fontFamily: string;
  backgroundColor: string;
  buttonBackgroundColor: string;
  topHeaderBackgroundColor: string;
  headerBackgroundColor: string;
  footerBackgroundColor: string;
  bottomFooterBackgroundColor: string;
  bannerType: 'slider' | 'static' | string;
  categoryLayout: 'swiper' | 'grid' | string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  image: string;
  product_count: number;
}

export interface StoreInfoData {
  storeinfo: StoreInfoFields;
  sub_category_list: Category[];
  /** What checkout offers (PAYMENT_PROVIDER=none: only `cod`); absent from an older server: every method. */
  payment_methods?: PaymentMethod[];
}

export interface Variation {
  id: number;
  product_variation: string;
  final_price: Money;
  mrp: Money;
  stock: number;
}

export interface Product {
  id: number;
  product_id: number;
  retailer_product_id: number;
  slug: string;
  product_name: string;
  description: string;
  brand: string;
  sub_category_id: number;
  sub_category_name: string;
  cover_image: string | null;
  /** Comma-separated image URLs; "" when none. */
  product_images: string;
  final_price: Money;
  mrp: Money;
  in_stock: boolean;
  stock: number;
  retailer_id: number;
  wholesaler_id: number | null;
  /** Comma-separated size labels, e.g. "S, M, L". */
  sub_category_variation: string;
  variations: Variation[];
  created_at: string;
}

export type SortBy = 'newest' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc';

/** Spec §3 product list filters. Prices in rupees. */
export interface ProductFilters {
  sub_category?: number[];
  min_price?: number;
  max_price?: number;
  size?: string;
  in_stock?: boolean;
  out_of_stock?: boolean;
  sort_by?: SortBy;
  product_id?: number;
  page?: number;
}

export interface ProductPage {
  products: Product[];
  /** Matching products, counted up to LIST_TOTAL_CAP + 1 (a count that stays cheap for any new search). */
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  /** Counting stopped at the cap: there are more than `total` (the shop shows "1,000+", listTotalText). */
  total_capped: boolean;
  /**
   * The search the results are for when the typed words found nothing and spelling tolerance stepped in
   * ("wallte" → "wallet"; the shop says "Showing results for wallet"). Absent otherwise.
   */
  showing_results_for?: string;
}

export interface SubcategoryVariation {
  sub_category_id: number;
  sub_category_variation: string;
}

export interface HomeBanner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  cta: string;
}

export interface HomeSection {
  id: number;
  title: string;
  subtitle: string;
  type: string;
}

export interface HomeSections {
  banners: HomeBanner[];
  sections: HomeSection[];
}

export interface AboutSection {
  id: number;
  title: string;
  body: string;
  image: string;
}

export interface State {
  id: number;
  name: string;
}

export interface City {
  id: number;
  name: string;
  state_id: number;
}

/** The selected variant of a cart line; older payloads name it `selectedVariant`. */
export interface SelectedVariant {
  id: number;
  product_variation: string;
  final_price: Money;
  stock: number;
}

/**
 * A cart line as the API server sends it (spec §3 cart item): `id`, `product_id` and
 * `retailer_product_id` (all the product id), the line's status and message, and `selected_variant`.
 */
export interface ServerCartLine {
  id: number;
  product_id: number;
  retailer_product_id: number;
  quantity: number;
  product_stock: number;
  product_name: string;
  product_images: string;
  product_slug: string;
  status: boolean;
  message: string;
  wishlist_id: number | null;
  final_price: Money;
  retailer_id: number;
  wholesaler_id: number | null;
  selected_variant: SelectedVariant;
}

/**
 * A cart line as the browser holds it: a {@link ServerCartLine}, or a line saved by an older client, which
 * may carry only one of the ids, no status or message, or the variant as `selectedVariant` (spec §3).
 */
export interface CartLine {
  id?: number;
  product_id?: number;
  retailer_product_id?: number;
  quantity: number;
  product_stock: number;
  product_name: string;
  product_images: string;
  product_slug: string;
  status?: boolean;
  message?: string;
  wishlist_id?: number | null;
  final_price: Money;
  retailer_id: number;
  wholesaler_id: number | null;
  selected_variant?: SelectedVariant;
  selectedVariant?: SelectedVariant;
}

export interface ShippingAddress {
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number?: string | null;
}

export interface Customer {
  id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  phone_number: string | null;
  alt_phone_number: string | null;
  shipping_address: ShippingAddress | null;
  /** Whether `phone_number` was proved by an OTP: only a verified mobile signs in by OTP. */
  mobile_verified?: boolean;
  /** The new e-mail asked for, still to be proved by the OTP sent to it (`email` stays until then). */
  pending_email?: string | null;
}

export interface AuthData {
  token: string;
  customer: Customer;
  email_verification_token?: string | null;
  is_existing_customer?: boolean;
}

export interface Order {
  order_id: number;
  order_number: string;
  order_date: string;
  status: OrderStatus;
  product_id: number;
  product_name: string;
  product_slug: string;
  product_image: string;
  product_variation: string;
  quantity: number;
  /** Line total before discount. */
  price: Money;
  discount_amount: Money;
  final_amount: Money;
  /** Issue 39: the cash-on-delivery fee, on the first order of a cash checkout only (collected with it). */
  cod_fee?: Money;
  /** The server sends only these; spec §3 has the browser read anything but `cod` as prepaid. */
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** While the order waits for its payment: when the stock hold ends (ISO); null otherwise. */
  payment_expires_at: string | null;
  coupon_code: string | null;
  cancel_reason: string | null;
  customer_data: {
    fullName: string;
    email: string;
    phone_number: string;
    shipping_address: ShippingAddress;
  };
  history: { status: OrderStatus; at: string; by?: HistoryActor; note?: string | null }[];
  /** Issue 38: the courier, AWB and tracking link once the shop dispatched it; null before. */
  shipment?: Shipment | null;
  /** Issue 39: the tax invoice and credit note numbers once issued (contract/gst). */
  documents?: OrderDocuments;
}

/** A dispatched parcel (issue 38): what the shopper needs to follow it on the courier's site. */
export interface Shipment {
  courier: string;
  tracking_number: string;
  tracking_url: string | null;
  dispatched_at: string;
  delivered_at: string | null;
}

export interface TrackStep {
  status: OrderStatus;
  label: string;
  done: boolean;
  current: boolean;
}

/**
 * Track-order by number (issue 13): no personal data for whoever holds the number (the name masked, the
 * city); `customer_data` only when the signed-in owner asks.
 */
export type TrackedOrder = Omit<Order, 'customer_data'> & {
  delivery: { name: string; city: string; state: string };
  customer_data?: Order['customer_data'];
  steps: TrackStep[];
};

export interface WishlistItem {
  wishlist_id: number;
  product_id: number;
  created_at: string;
  product: Product;
}

export interface Coupon {
  code: string;
  type: 'percent' | 'flat';
  value: number;
  discount_amount: Money;
  min_amount: Money;
}

export interface RegisterPayload {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  mobile: string;
  /**
   * The code `POST /customer/register/send-otp` sent to `mobile` (issue 34): the account then holds the
   * mobile verified, so it signs in by OTP. Without it the mobile stays unproven until My Account verifies it.
   */
  otp?: string;
}

/**
 * `POST /login/otp`'s 409 for a mobile an account holds without having proved it (issue 34): the sign-in
 * page shows it and offers the e-mail sign-in, not sign-up.
 */
export const MOBILE_UNPROVEN_MESSAGE =
  'This mobile number is not verified yet. Sign in with your email and password and verify this number in My Account.';

export interface CheckoutPayload {
  email: string;
  firstname: string;
  lastname: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number?: string;
  payment_method: PaymentMethod;
  coupon_code?: string;
  /** Issue 39: a saved address of the address book; its fields replace the typed ones. */
  address_id?: number;
  /** Issue 39: a business buyer's GSTIN for the tax invoice (contract `gstinProblem`). */
  buyer_gstin?: string;
}

export interface CheckoutResult {
  order_id: number[];
  order_numbers: string[];
  customer: Customer;
  /** Issue 39: the cash-on-delivery fee charged with the order ("0.00" for prepaid or no fee). */
  cod_fee: Money;
  /** For a prepaid order: the payment to start and when its stock hold ends (ISO); null for cash on delivery. */
  payment: { payment_id: string; amount: Money; provider: 'test' | 'razorpay'; expires_at: string } | null;
}

/**
 * `POST /payment/start`: what the payment page needs. While pending, a gateway provider adds what its
 * browser checkout takes (key id, gateway order id, amount in paise, currency, script URL); nothing secret.
 */
export interface PaymentSession {
  payment_id: string;
  provider: 'test' | 'razorpay';
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled';
  amount: Money;
  /** The same amount in paise, as the gateway takes it. */
  amount_paise: number;
  currency: string;
  expires_at: string | null;
  /** Seconds left of the hold when the server answered (the page counts down from it, whatever the clock says). */
  seconds_left: number;
  order_numbers: string[];
  gateway: { key_id: string; order_id: string; checkout_url: string } | null;
}

/** What Razorpay Checkout's `handler` receives, passed on to `POST /payment/razorpay/verify`. */
export interface RazorpayCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface ContactPayload {
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
  subscribe: boolean;
}

export interface CancelOrderPayload {
  order_id: number;
  reject_reason_select: string;
  reject_reason_input?: string;
}

export interface AddToCartPayload {
  retailer_id: number;
  wholesaler_id: number | null;
  /** Variant id. */
  id: number;
  quantity: number;
  product_id: number;
}

export interface GuestCartItemPayload {
  product_id: number;
  quantity: number;
  retailer_id: number;
  wholesaler_id: number | null;
  selected_variant: SelectedVariant;
  id: number;
}
