import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Money columns hold integer paise; timestamps are ISO 8601 text; booleans are
 * 0/1 integers. Those choices keep the SQL the same on SQLite and PostgreSQL.
 */
export interface StoreInfoTable {
  id: number;
  store_name: string;
  logo: string;
  email: string;
  mobile_no: string;
  store_time: string;
  offer_text: string;
  facebook_url: string;
  instagram_url: string;
  twitter_url: string;
  font_family: string;
  background_color: string;
  button_background_color: string;
  top_header_background_color: string;
  header_background_color: string;
  footer_background_color: string;
  bottom_footer_background_color: string;
  banner_type: string;
  category_layout: string;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  slug: string;
  sort_order: number;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  brand: string;
  category_id: number;
  image_count: number;
  retailer_id: number;
  wholesaler_id: number | null;
  featured: number;
  created_at: string;
  /** Denormalised from the variations (first in-stock one, else the first): kept in step by the repository. */
  display_price: number;
  display_mrp: number;
  total_stock: number;
  /** Lower-case name, brand, category and description: what search matches. */
  search_text: string;
  /** The owner's pictures (comma-separated ids, cover first); null: the generated ones (issue 20). */
  images: string | null;
  /** Migration 010: the product's words as domain/search.ts normalises them (db/searchWords.ts); what search matches. */
  search_words: Generated<string>;
  /** Migration 019: 1 while the staff keep the product out of the shop (issue 38). */
  hidden: Generated<number>;
}

/** Migration 010: every plain word of the catalogue (spelling tolerance corrects to these; the rarest is read first). */
export interface SearchTermTable {
  term: string;
  /** How many products hold the word (kept as products are written; `search-reindex` recounts). */
  products: number;
}

/** Migration 010: the shop's synonyms (domain/search.ts SynonymRow; docs/search.md). */
export interface SearchSynonymTable {
  id: Generated<number>;
  kind: 'same' | 'includes';
  words: string;
}

/** Migration 004: what a write changed in the catalogue, read by every API process (lib/cache.ts). */
export interface CatalogChangeTable {
  id: Generated<number>;
  /** null: the whole catalogue. */
  product_id: number | null;
  /** Bit flags: CHANGE in lib/cache.ts. */
  kind: number;
  created_at: string;
}

export interface VariationTable {
  id: Generated<number>;
  product_id: number;
  label: string;
  price: number;
  mrp: number;
  stock: number;
  sort_order: number;
}

export interface CustomerTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string | null;
  phone_number: string | null;
  alt_phone_number: string | null;
  password_hash: string | null;
  address: string | null;
  pincode: string | null;
  city: string | null;
  state: string | null;
  address_alt_phone: string | null;
  created_at: string;
  updated_at: string;
  /** Set once an OTP to `phone_number` was verified: only then is the mobile a sign-in identity. */
  mobile_verified_at: string | null;
  /** The new e-mail asked for, until the code sent to it is entered (`email` stays until then). */
  pending_email: string | null;
}

export interface SessionTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** When this session proved its mobile by OTP (created by an OTP verification). */
  otp_verified_at: string | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OtpTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface CartItemTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  variation_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export interface WishlistTable {
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  created_at: string;
}

export interface CouponTable {
  id: Generated<number>;
  code: string;
  type: string;
  /** Percent (whole number) or flat paise. */
  value: number;
  min_amount: number;
  max_discount: number | null;
  expires_at: string | null;
  usage_limit: number | null;
  used_count: number;
  active: number;
  /** Uses allowed per customer (WELCOME10: 1); null for no per-customer limit. */
  per_customer_limit: Generated<number | null>;
}

/** How often each customer has used each coupon (the per-customer limit is a conditional update on this). */
export interface CouponUseTable {
  coupon_id: number;
  customer_id: number;
  used_count: number;
}

export interface PaymentTable {
  id: string;
  customer_id: number;
  amount: number;
  status: string;
  coupon_code: string | null;
  created_at: string;
  settled_at: string | null;
  /** 'test' or 'razorpay': the adapter that created it settles it. */
  provider: Generated<string>;
  currency: Generated<string>;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  /** End of the stock hold (PAYMENT_HOLD_MINUTES after checkout). */
  expires_at: string | null;
}

export interface RefundTable {
  id: Generated<number>;
  refund_key: string;
  payment_id: string;
  order_id: number | null;
  gateway_payment_id: string | null;
  amount: number;
  /** requested (not yet accepted by the provider) → pending → processed | failed */
  status: string;
  gateway_refund_id: string | null;
  attempts: number;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventTable {
  event_id: string;
  type: string;
  received_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  order_number: string;
  customer_id: number;
  product_id: number;
  variation_id: number;
  product_name: string;
  product_slug: string;
  product_image: string;
  product_variation: string;
  quantity: number;
  unit_price: number;
  price: number;
  discount_amount: number;
  final_amount: number;
  payment_method: string;
  payment_status: string;
  payment_id: string | null;
  coupon_code: string | null;
  status: string;
  cancel_reason: string | null;
  full_name: string;
  email: string;
  phone_number: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number: string | null;
  created_at: string;
  updated_at: string;
  /** Issue 38: set when the shop ships it (migration 017). */
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  /** Cash collected on delivery, paise. */
  cod_collected: number | null;
  /** Issue 39: the cash-on-delivery fee, paise, on the first order of a checkout (migration 022). */
  cod_fee: Generated<number>;
  /** Issue 39: a business buyer's GSTIN, printed on the tax invoice (migration 025). */
  buyer_gstin: Generated<string | null>;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  created_at: string;
  /** Who or what caused it: 'customer:12', 'gateway:webhook', 'gateway:checkout', 'system:hold-expiry', … */
  actor: string | null;
  /** Why, in words (payment and refund changes). */
  note: string | null;
}

export interface StateTable {
  id: Generated<number>;
  name: string;
}

export interface CityTable {
  id: Generated<number>;
  state_id: number;
  name: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  subject: string;
  message: string;
  subscribe: number;
  created_at: string;
}

export interface NewsletterTable {
  id: Generated<number>;
  email: string;
  created_at: string;
}

export interface BannerTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  cta: string;
  sort_order: number;
}

export interface HomeSectionTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  type: string;
  sort_order: number;
}

export interface AboutSectionTable {
  id: Generated<number>;
  title: string;
  body: string;
  image: string;
  sort_order: number;
}

/** Counters of the rate limits (plugins/limits.ts); times in epoch milliseconds. */
export interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: number | string;
  blocked_until: number | string;
}

export interface Database {
  store_info: StoreInfoTable;
  categories: CategoryTable;
  products: ProductTable;
  variations: VariationTable;
  customers: CustomerTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  otps: OtpTable;
  cart_items: CartItemTable;
  wishlist: WishlistTable;
  coupons: CouponTable;
  coupon_uses: CouponUseTable;
  payments: PaymentTable;
  refunds: RefundTable;
  payment_events: PaymentEventTable;
  orders: OrderTable;
  order_history: OrderHistoryTable;
  states: StateTable;
  cities: CityTable;
  contact_messages: ContactMessageTable;
  newsletter: NewsletterTable;
  banners: BannerTable;
  home_sections: HomeSectionTable;
  about_sections: AboutSectionTable;
  rate_limits: RateLimitTable;
  catalog_changes: CatalogChangeTable;
  search_synonyms: SearchSynonymTable;
  search_terms: SearchTermTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_challenges: StaffChallengeTable;
  staff_actions: StaffActionTable;
  notifications: NotificationTable;
  pincodes: PincodeTable;
  cod_excluded_pincodes: CodExcludedPincodeTable;
  shop_holidays: ShopHolidayTable;
  shipping_rules: ShippingRulesTable;
  delivery_settings_version: { id: number; version: number };
  customer_addresses: CustomerAddressTable;
  gst_rates: GstRateTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
}

/** The shop's staff (issue 38): `role` is a contract StaffRole; a disabled member cannot sign in. */
export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

export interface StaffSessionTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A sign-in between the password and the e-mailed code (the second factor). */
export interface StaffChallengeTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

/** One staff change: `before_state`/`after_state` are JSON of the subject as it was and became. */
export interface StaffActionTable {
  id: Generated<number>;
  staff_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before_state: string | null;
  after_state: string | null;
  created_at: string;
}

/** A queued SMS or e-mail about an order (issue 38); times in epoch milliseconds. */
export interface NotificationTable {
  id: Generated<number>;
  order_id: number;
  event: string;
  channel: string;
  /** pending → sent, or failed after the last attempt. */
  status: string;
  attempts: number;
  next_attempt_at: number | string;
  claimed_until: number | string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Issue 39 (migration 021): a pincode the shop delivers to; `cod` 0/1; courier days from its zone. */
export interface PincodeTable {
  pincode: string;
  district: string;
  state: string;
  zone: string;
  cod: number;
  min_days: number;
  max_days: number;
}

export interface CodExcludedPincodeTable {
  pincode: string;
  created_at: string;
}

export interface ShopHolidayTable {
  day: string;
  name: string;
}

/** One row (id 1): the delivery schedule and the cash-on-delivery rules; money in paise, null: rule off. */
export interface ShippingRulesTable {
  id: number;
  processing_days: number;
  closing_minute: number;
  cod_max_order: number | string | null;
  cod_fee: number;
  cod_rto_limit: number | null;
  cod_otp_above: number | string | null;
  updated_at: string;
}

/** A saved address (issue 39, migration 024); the default one is mirrored in the customer's own columns. */
export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  label: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  alt_phone_number: string | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** HSN code and GST rate of a category (migration 025); rates in basis points, the threshold in paise before tax. */
export interface GstRateTable {
  category_id: number;
  hsn: string;
  rate_bp: number;
  /** Value per piece (before tax) up to which `rate_bp` applies; above it `rate_above_bp`. Null: one rate. */
  threshold_paise: number | null;
  rate_above_bp: number | null;
}

/** The last number taken in each document series ('INV/26-27'). */
export interface InvoiceCounterTable {
  series: string;
  last_number: number;
}

/** A tax invoice or credit note as printed (issue 39); amounts in paise, `total` GST-inclusive. */
export interface InvoiceTable {
  id: Generated<number>;
  kind: 'invoice' | 'credit_note';
  number: string;
  order_id: number;
  issued_at: string;
  /** Who caused it: the payment's or the delivery's actor. */
  actor: string;
  seller_name: string;
  seller_address: string;
  seller_state: string;
  seller_gstin: string;
  buyer_name: string;
  buyer_address: string;
  buyer_state: string;
  buyer_gstin: string | null;
  description: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive price of one piece, and the coupon's share of this line (paise). */
  unit_price: number;
  discount: number;
  rate_bp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** Cash-on-delivery fee included in `total` (migration 026). */
  cod_fee: Generated<number>;
}
