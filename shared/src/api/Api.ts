import type {
  AboutSection,
  AddToCartPayload,
  ApiEnvelope,
  AuthData,
  CancelOrderPayload,
  CartLine,
  CheckoutPayload,
  CheckoutResult,
  City,
  ContactPayload,
  Coupon,
  Customer,
  GuestCartItemPayload,
  HomeSections,
  Order,
  Product,
  ProductFilters,
  ProductPage,
  RegisterPayload,
  ShippingAddress,
  State,
  StoreInfoData,
  SubcategoryVariation,
  TrackedOrder,
  WishlistItem,
  PaymentSession,
  RazorpayCheckoutResult,
  SavedAddress,
  SavedAddressPayload,
} from './types';
import type { PincodeCheck } from '@storefront/contract/cod';

/** Options every call accepts: an AbortSignal; a cancelled call resolves to `null`. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** A call resolves to the response body, rejects with `ApiError`, or resolves to `null` when cancelled. */
export type Call<T> = Promise<T | null>;

/**
 * One typed function per call of spec §7 (plus the few calls the spec leaves "not shown", see
 * docs/api-contract.md). Stores receive this object through their constructors; unit tests pass a fake.
 */
export interface Api {
  // Catalogue
  getStoreInfo(o?: CallOptions): Call<ApiEnvelope<StoreInfoData>>;
  getSubcategoryVariations(subCategoryIds: number[], o?: CallOptions): Call<ApiEnvelope<SubcategoryVariation[]>>;
  getProducts(filters: ProductFilters, o?: CallOptions): Call<ApiEnvelope<ProductPage>>;
  getProductDetails(slug: string, o?: CallOptions): Call<ApiEnvelope<Product>>;
  searchProducts(search: string, page?: number, o?: CallOptions): Call<ApiEnvelope<ProductPage>>;
  getHomeSections(o?: CallOptions): Call<ApiEnvelope & { result: HomeSections }>;
  getAboutSections(o?: CallOptions): Call<ApiEnvelope & { result: AboutSection[] }>;
  getNewArrivals(o?: CallOptions): Call<ApiEnvelope<{ data: Product[] }>>;
  getFeaturedProducts(o?: CallOptions): Call<ApiEnvelope<{ data: Product[] }>>;
  getStates(o?: CallOptions): Call<ApiEnvelope<State[]>>;
  getCities(stateId: number, o?: CallOptions): Call<ApiEnvelope<City[]>>;
  // Cart and wishlist
  getCart(o?: CallOptions): Call<ApiEnvelope<{ cart: CartLine[] }>>;
  addToCart(payload: AddToCartPayload, o?: CallOptions): Call<ApiEnvelope<{ results: CartLine }>>;
  updateCart(
    payload: { product_id: number; variant_id: number; quantity: number },
    o?: CallOptions,
  ): Call<ApiEnvelope<{ results: CartLine }>>;
  removeFromCart(payload: { retailer_product_id: number; product_id: number; variant_id: number }, o?: CallOptions): Call<ApiEnvelope>;
  syncGuestCart(items: GuestCartItemPayload[], o?: CallOptions): Call<ApiEnvelope<{ cart: CartLine[] }>>;
  getWishlist(o?: CallOptions): Call<ApiEnvelope<WishlistItem[]>>;
  addToWishlist(productId: number, o?: CallOptions): Call<ApiEnvelope>;
  removeFromWishlist(productId: number, o?: CallOptions): Call<ApiEnvelope>;
  // Account
  /**
   * Sign-up's first step (issue 34): the server checks the registration and sends a code to its mobile
   * (in the answer in development only); `register` with it as `otp` creates the account.
   */
  sendSignUpOtp(payload: RegisterPayload, o?: CallOptions): Call<ApiEnvelope<{ otp?: string }>>;
  register(payload: RegisterPayload, o?: CallOptions): Call<ApiEnvelope<AuthData>>;
  /**
   * Names, e-mail and password. A new e-mail or password needs `current_password` (an account without one:
   * an OTP verified in the last 15 minutes); a new password signs out the other sessions. An account that
   * has an e-mail keeps it until the new one is proved: `pending_email` got a code for `verifyEmail` (the
   * code is in the answer in development only).
   */
  updateUserDetails(
    payload: { firstname: string; lastname: string; email: string; password?: string; current_password?: string },
    o?: CallOptions,
  ): Call<ApiEnvelope<{ customer: Customer; pending_email?: string; otp?: string }>>;
  /** The code sent to the new e-mail: the account's e-mail becomes it. */
  verifyEmail(payload: { email: string; otp: string }, o?: CallOptions): Call<ApiEnvelope<{ customer: Customer }>>;
  login(payload: { email: string; password: string }, o?: CallOptions): Call<ApiEnvelope<AuthData>>;
  /** Sends the store-level `user_token` from the runtime config. */
  logout(o?: CallOptions): Call<ApiEnvelope>;
  getProfile(o?: CallOptions): Call<ApiEnvelope<{ customer: Customer }>>;
  forgotPassword(email: string, o?: CallOptions): Call<ApiEnvelope<{ reset_token?: string }>>;
  resetPasswordWithToken(payload: { token: string; password: string }, o?: CallOptions): Call<ApiEnvelope>;
  changePassword(payload: { old_password: string; new_password: string; confirm_password: string }, o?: CallOptions): Call<ApiEnvelope>;
  sendOtp(mobile: string, o?: CallOptions): Call<ApiEnvelope<{ otp?: string }>>;
  sendLoginOtp(mobile: string, o?: CallOptions): Call<ApiEnvelope<{ otp?: string }>>;
  verifyCheckoutOtp(payload: { mobile: string; otp: string }, o?: CallOptions): Call<ApiEnvelope<AuthData>>;
  verifyLoginOtp(payload: { mobile: string; otp: string }, o?: CallOptions): Call<ApiEnvelope<AuthData>>;
  /** Sends an OTP to prove a mobile for the signed-in account (only a verified mobile signs in by OTP). */
  sendMobileOtp(mobile: string, o?: CallOptions): Call<ApiEnvelope<{ otp?: string }>>;
  verifyMobile(payload: { mobile: string; otp: string }, o?: CallOptions): Call<ApiEnvelope<{ customer: Customer }>>;
  saveShippingAddress(payload: ShippingAddress, o?: CallOptions): Call<ApiEnvelope<{ customer: Customer }>>;
  getShippingAddress(o?: CallOptions): Call<ApiEnvelope<{ data: ShippingAddress | null }>>;
  updateAccountDetails(payload: { firstname: string; lastname: string }, o?: CallOptions): Call<ApiEnvelope<{ customer: Customer }>>;
  // The address book (issue 39): every answer is the whole book, default first.
  getAddresses(o?: CallOptions): Call<ApiEnvelope<{ addresses: SavedAddress[] }>>;
  addAddress(payload: SavedAddressPayload, o?: CallOptions): Call<ApiEnvelope<{ addresses: SavedAddress[] }>>;
  updateAddress(id: number, payload: SavedAddressPayload, o?: CallOptions): Call<ApiEnvelope<{ addresses: SavedAddress[] }>>;
  makeDefaultAddress(id: number, o?: CallOptions): Call<ApiEnvelope<{ addresses: SavedAddress[] }>>;
  deleteAddress(id: number, o?: CallOptions): Call<ApiEnvelope<{ addresses: SavedAddress[] }>>;
  // Orders and other
  getOrders(o?: CallOptions): Call<ApiEnvelope<Order[]>>;
  /** Issue 39: an own order's tax invoice or credit note, as a PDF. */
  getOrderDocument(orderId: number, kind: 'invoice' | 'credit_note', o?: CallOptions): Call<Blob>;
  cancelOrder(payload: CancelOrderPayload, o?: CallOptions): Call<ApiEnvelope<Order>>;
  checkout(payload: CheckoutPayload, o?: CallOptions): Call<ApiEnvelope<CheckoutResult>>;
  confirmTestPayment(
    payload: { payment_id: string; outcome: 'success' | 'failure' },
    o?: CallOptions,
  ): Call<ApiEnvelope<{ orders: Order[] }>>;
  /** The payment page's start: amount, hold, and what the gateway's checkout needs (creates the gateway order once). */
  startPayment(paymentId: string, o?: CallOptions): Call<ApiEnvelope<PaymentSession>>;
  /** Razorpay Checkout's handler result, verified and settled by the server. */
  verifyRazorpayPayment(payload: RazorpayCheckoutResult & { payment_id: string }, o?: CallOptions): Call<ApiEnvelope<{ orders: Order[] }>>;
  /** Cancels an unpaid prepaid checkout (its stock returns at once). */
  cancelPayment(paymentId: string, o?: CallOptions): Call<ApiEnvelope<{ orders: Order[] }>>;
  applyCoupon(couponCode: string, o?: CallOptions): Call<ApiEnvelope<{ coupon: Coupon }>>;
  trackOrder(trackNo: string, o?: CallOptions): Call<ApiEnvelope<TrackedOrder>>;
  submitContact(payload: ContactPayload, o?: CallOptions): Call<ApiEnvelope>;
  subscribeNewsletter(email: string, o?: CallOptions): Call<ApiEnvelope>;
  /** Issue 39: serviceability, the delivery window and cash on delivery for one pincode. */
  checkPincode(pincode: string, o?: CallOptions): Call<ApiEnvelope<PincodeCheck>>;
}
