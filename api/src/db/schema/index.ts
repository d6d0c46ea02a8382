/**
 * Table types for Kysely. Money columns hold integer paise; timestamps are ISO 8601 text; booleans are
 * 0/1 integers. Those choices keep the SQL the same on SQLite and PostgreSQL.
 */
import type {
  StoreInfoTable,
  CategoryTable,
  ProductTable,
  SearchTermTable,
  SearchSynonymTable,
  CatalogChangeTable,
  VariationTable,
  BannerTable,
  HomeSectionTable,
  AboutSectionTable,
} from './catalogue';
import type {
  CustomerTable,
  SessionTable,
  PasswordResetTable,
  OtpTable,
  CartItemTable,
  WishlistTable,
  CustomerAddressTable,
} from './customers';
import type {
  CouponTable,
  CouponUseTable,
  PaymentTable,
  RefundTable,
  PaymentEventTable,
  OrderTable,
  OrderHistoryTable,
  GstRateTable,
  InvoiceCounterTable,
  InvoiceTable,
} from './orders';
import type {
  StateTable,
  CityTable,
  ContactMessageTable,
  NewsletterTable,
  RateLimitTable,
  StaffTable,
  StaffSessionTable,
  StaffChallengeTable,
  StaffActionTable,
  NotificationTable,
  PincodeTable,
  CodExcludedPincodeTable,
  ShopHolidayTable,
  ShippingRulesTable,
} from './shop';
export type * from './catalogue';
export type * from './customers';
export type * from './orders';
export type * from './shop';

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
