import type { Api } from '../api/Api';
import { ApiError } from '../api/errors';
import { withCheckedAnswers } from '../api/checked';
import type {
  ApiEnvelope,
  AuthData,
  CartLine,
  Coupon,
  Customer,
  HomeSections,
  Order,
  Product,
  ProductPage,
  TrackedOrder,
  WishlistItem,
  PaymentSession,
  SavedAddress,
  SavedAddressPayload,
} from '../api/types';
import { ADDRESS_BOOK_FULL, MAX_SAVED_ADDRESSES, CART_TOTAL_LIMIT, LIST_TOTAL_CAP, MAX_LINE_QUANTITY, isCancellable } from '../constants';
import { MESSAGES } from '../messages';
import { fixturePincodes, fixtureProducts, fixtureStoreInfo, makeCustomer, makeOrder, unservedPincode } from './fixtures';
import { UNSERVED_PINCODE, type PincodeCheck } from '@storefront/contract/cod';

type Method = keyof Api;

/** What a test can see and steer on the fake. */
export interface FakeApiControl {
  /** Every call in order, with its arguments. */
  calls: { method: Method; args: unknown[] }[];
  /** Calls of one method. */
  callsOf(method: Method): unknown[][];
  /** The next call of `method` rejects with this error (an ApiError, or a message for a 400). */
  failNext(method: Method, error: ApiError | string): void;
  /** The next call of `method` stays pending until the returned function is called. */
  holdNext(method: Method): () => void;
  state: FakeState;
}

export interface FakeState {
  products: Product[];
  customers: (Customer & { password: string })[];
  /** Customer id of the bearer, or null for a guest. */
  sessionCustomerId: number | null;
  cart: CartLine[];
  wishlist: number[];
  orders: Order[];
  coupons: Coupon[];
  otp: string;
  homeSections: HomeSections;
  /** What `startPayment` says beyond what the pending orders give (provider, seconds left, status). */
  payment: Partial<PaymentSession>;
  /** Issue 39: the answers of `checkPincode` by pincode; any other is not served (checkout refuses it). */
  pincodes: Record<string, PincodeCheck>;
  /** The COD fee a cash checkout is charged ("0.00": none). */
  codFee: string;
  /** The signed-in customer's address book (issue 39); the default is mirrored in `shipping_address`. */
  addresses: SavedAddress[];
}

export type FakeApi = Api & FakeApiControl;

const ok = <T>(data?: T, message?: string): ApiEnvelope<T> => ({
  success: true,
  ...(message ? { message } : {}),
  ...(data !== undefined ? { data } : {}),
});
const money = (n: number) => n.toFixed(2);
const rupees = (s: string) => Number.parseFloat(s);

/**
 * An in-memory, stateful stand-in for the typed API object (the one seam unit tests fake, STYLE.md).
 * It follows docs/api-contract.md closely enough for stores and pages to run real journeys: products
 * and variations, a server cart with the per-line and ₹10,000 limits, sign-in by password and OTP
 * (OTP is always `state.otp`), wishlist, orders with cancellation, coupons and tracking.
 */
export function createFakeApi(overrides: Partial<FakeState> = {}): FakeApi {
  const state: FakeState = {
    products: fixtureProducts(),
    customers: [{ ...makeCustomer(), password: 'Secret@1' }],
    sessionCustomerId: null,
    cart: [],
    wishlist: [],
    orders: [makeOrder({ status: 'order_placed' }), makeOrder({ status: 'delivered', order_date: '2026-10-01T09:30:00.000Z' })],
    coupons: [{ code: 'WELCOME10', type: 'percent', value: 10, discount_amount: '0.00', min_amount: '500.00' }],
    payment: {},
    pincodes: fixturePincodes(),
    codFee: '0.00',
    addresses: [],
    otp: '123456',
    homeSections: {
      banners: [
        { id: 1, title: 'Festive Sale', subtitle: 'Up to 40% off', image: '/api/images/banners/1.svg', link: '/shop', cta: 'Shop now' },
      ],
      sections: [{ id: 1, title: 'New Arrivals', subtitle: 'Fresh this week', type: 'new_arrivals' }],
    },
    ...overrides,
  };
  const calls: FakeApiControl['calls'] = [];
  const failures = new Map<Method, ApiError>();
  const holds = new Map<Method, Promise<void>>();

  const customer = (): Customer & { password: string } => {
    const c = state.customers.find((x) => x.id === state.sessionCustomerId);
    if (!c) throw new ApiError(401, ['Unauthenticated']);
    return c;
  };
  const publicCustomer = (c: Customer & { password?: string }): Customer => {
    const { password: _p, ...rest } = c as Customer & { password: string };
    return rest;
  };
  const session = (c: Customer & { password: string }, extra: Partial<AuthData> = {}): AuthData => {
    state.sessionCustomerId = c.id;
    return { token: `token-${c.id}`, customer: publicCustomer(c), email_verification_token: null, ...extra };
  };
  const toSaved = (p: SavedAddressPayload): Omit<SavedAddress, 'id' | 'is_default'> => ({
    label: p.label?.trim() ?? '',
    address: p.address,
    pincode: p.pincode,
    city: p.city,
    state: p.state,
    alt_phone_number: p.alt_phone_number || null,
  });
  const book = () => [...state.addresses].sort((a, b) => Number(b.is_default) - Number(a.is_default));
  const chooseDefault = (id: number | null) => {
    for (const a of state.addresses) a.is_default = a.id === id;
    const d = state.addresses.find((a) => a.is_default);
    customer().shipping_address = d
      ? { address: d.address, pincode: d.pincode, city: d.city, state: d.state, alt_phone_number: d.alt_phone_number }
      : null;
  };
  const findVariant = (productId: number, variantId: number) => {
    const p = state.products.find((x) => x.id === productId);
    const v = p?.variations.find((x) => x.id === variantId);
    if (!p || !v) throw new ApiError(404, ['Product not found']);
    return { p, v };
  };
  const toLine = (p: Product, vId: number, quantity: number): CartLine => {
    const v = p.variations.find((x) => x.id === vId)!;
    return {
      id: p.id,
      product_id: p.id,
      retailer_product_id: p.id,
      quantity,
      product_stock: v.stock,
      product_name: p.product_name,
      product_images: p.product_images,
      product_slug: p.slug,
      status: true,
      message: '',
      wishlist_id: null,
      final_price: v.final_price,
      retailer_id: p.retailer_id,
      wholesaler_id: p.wholesaler_id,
      selected_variant: { id: v.id, product_variation: v.product_variation, final_price: v.final_price, stock: v.stock },
    };
  };
  const cartTotal = (lines: CartLine[]) => lines.reduce((s, l) => s + rupees(l.final_price) * l.quantity, 0);
  const setLine = (productId: number, variantId: number, quantity: number): CartLine => {
    const { p, v } = findVariant(productId, variantId);
    if (quantity > MAX_LINE_QUANTITY || quantity > v.stock) throw new ApiError(409, ['No more items can be added']);
    const others = state.cart.filter((l) => !(l.product_id === productId && l.selected_variant?.id === variantId));
    if (cartTotal(others) + rupees(v.final_price) * quantity > CART_TOTAL_LIMIT)
      throw new ApiError(422, ['Cart total cannot exceed ₹10,000.']);
    const line = toLine(p, variantId, quantity);
    const i = state.cart.findIndex((l) => l.product_id === productId && l.selected_variant?.id === variantId);
    if (i >= 0) state.cart[i] = line;
    else state.cart.push(line);
    return line;
  };
  const page = (list: Product[], n = 1): ProductPage => {
    const per = 12;
    // As the server counts: up to the cap, then "more".
    const total = Math.min(list.length, LIST_TOTAL_CAP);
    return {
      products: list.slice((n - 1) * per, n * per),
      total,
      page: n,
      per_page: per,
      last_page: Math.max(1, Math.ceil(total / per)),
      total_capped: list.length > LIST_TOTAL_CAP,
    };
  };

  const impl: Api = {
    getStoreInfo: async () => ok(fixtureStoreInfo()),
    getSubcategoryVariations: async (ids) =>
      ok(
        ids.map((id) => ({
          sub_category_id: id,
          sub_category_variation: state.products
            .filter((p) => p.sub_category_id === id)
            .map((p) => p.sub_category_variation)
            .join(', '),
        })),
      ),
    getProducts: async (f) => {
      let list = state.products;
      if (f.sub_category?.length) list = list.filter((p) => f.sub_category!.includes(p.sub_category_id));
      if (f.min_price !== undefined) list = list.filter((p) => rupees(p.final_price) >= f.min_price!);
      if (f.max_price !== undefined) list = list.filter((p) => rupees(p.final_price) <= f.max_price!);
      if (f.size) list = list.filter((p) => p.variations.some((v) => v.product_variation === f.size));
      if (f.in_stock && !f.out_of_stock) list = list.filter((p) => p.in_stock);
      if (f.out_of_stock && !f.in_stock) list = list.filter((p) => !p.in_stock);
      if (f.sort_by === 'price_asc') list = [...list].sort((a, b) => rupees(a.final_price) - rupees(b.final_price));
      if (f.sort_by === 'price_desc') list = [...list].sort((a, b) => rupees(b.final_price) - rupees(a.final_price));
      return ok(page(list, f.page ?? 1));
    },
    getProductDetails: async (slug) => {
      const p = state.products.find((x) => x.slug === slug);
      if (!p) throw new ApiError(404, ['Product not found']);
      return ok(p);
    },
    searchProducts: async (search, n) => {
      const q = search.toLowerCase();
      return ok(
        page(
          state.products.filter((p) => `${p.product_name} ${p.sub_category_name}`.toLowerCase().includes(q)),
          n ?? 1,
        ),
      );
    },
    getHomeSections: async () => ({ success: true, result: state.homeSections }),
    getAboutSections: async () => ({
      success: true,
      result: [{ id: 1, title: 'Our story', body: 'Made in India.', image: '/api/images/about/1.svg' }],
    }),
    getNewArrivals: async () => ok({ data: state.products.slice(0, 2) }),
    getFeaturedProducts: async () => ok({ data: state.products.slice(1, 3) }),
    getStates: async () =>
      ok([
        { id: 1, name: 'Karnataka' },
        { id: 2, name: 'Maharashtra' },
      ]),
    getCities: async (stateId) =>
      ok(
        stateId === 1
          ? [
              { id: 10, name: 'Bengaluru', state_id: 1 },
              { id: 11, name: 'Mysuru', state_id: 1 },
            ]
          : [
              { id: 20, name: 'Mumbai', state_id: 2 },
              { id: 21, name: 'Pune', state_id: 2 },
            ],
      ),

    getCart: async () => {
      customer();
      return ok({ cart: state.cart.map((l) => ({ ...l })) });
    },
    addToCart: async (p) => {
      customer();
      const existing = state.cart.find((l) => l.product_id === p.product_id && l.selected_variant?.id === p.id);
      return ok({ results: setLine(p.product_id, p.id, (existing?.quantity ?? 0) + p.quantity) }, 'Item added to cart.');
    },
    updateCart: async (p) => {
      customer();
      return ok({ results: setLine(p.product_id, p.variant_id, Math.max(1, p.quantity)) }, 'Cart updated successfully');
    },
    removeFromCart: async (p) => {
      customer();
      state.cart = state.cart.filter((l) => !(l.product_id === p.product_id && l.selected_variant?.id === p.variant_id));
      return ok(undefined, 'Item removed from cart');
    },
    syncGuestCart: async (items) => {
      customer();
      for (const i of items) {
        const existing = state.cart.find((l) => l.product_id === i.product_id && l.selected_variant?.id === i.id);
        setLine(i.product_id, i.id, (existing?.quantity ?? 0) + i.quantity);
      }
      return ok({ cart: state.cart.map((l) => ({ ...l })) }, 'Cart synced');
    },
    getWishlist: async () => {
      customer();
      return ok(
        state.wishlist.map<WishlistItem>((id, i) => ({
          wishlist_id: i + 1,
          product_id: id,
          created_at: '2026-11-01T00:00:00.000Z',
          product: state.products.find((p) => p.id === id)!,
        })),
      );
    },
    addToWishlist: async (id) => {
      customer();
      if (!state.wishlist.includes(id)) state.wishlist.push(id);
      return ok(undefined, 'Product added to wishlist');
    },
    removeFromWishlist: async (id) => {
      customer();
      state.wishlist = state.wishlist.filter((x) => x !== id);
      return ok(undefined, 'Product removed from wishlist');
    },

    sendSignUpOtp: async (p) => {
      if (state.customers.some((c) => c.email === p.email))
        throw new ApiError(400, ['The email has already been taken.'], { email: 'The email has already been taken.' });
      return ok({ otp: state.otp }, 'OTP sent successfully');
    },
    register: async (p) => {
      if (state.customers.some((c) => c.email === p.email))
        throw new ApiError(400, ['The email has already been taken.'], { email: 'The email has already been taken.' });
      // As the server (issue 34): a code from sendSignUpOtp proves the mobile; without one it stays unproven.
      if (p.otp !== undefined && p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP'], { otp: 'Invalid OTP' });
      const c = {
        id: state.customers.length + 1,
        firstname: p.firstName,
        lastname: p.lastName,
        email: p.email,
        phone_number: p.mobile,
        alt_phone_number: p.mobile,
        shipping_address: null,
        mobile_verified: p.otp !== undefined,
        password: p.password,
      };
      state.customers.push(c);
      return ok(session(c), 'Registration successful');
    },
    updateUserDetails: async ({ current_password, password, ...p }) => {
      const c = customer();
      // As the server (issue 13): a new e-mail or password needs the current password when there is one.
      if ((p.email !== c.email || password) && c.password) {
        if (!current_password)
          throw new ApiError(400, ['Current password is required'], { current_password: 'Current password is required' });
        if (current_password !== c.password)
          throw new ApiError(400, ['Current password is incorrect'], { current_password: 'Current password is incorrect' });
      }
      // As the server: an account that has an e-mail keeps it until the new one is proved by its code.
      const proveEmail = c.email !== null && p.email !== c.email;
      Object.assign(c, proveEmail ? { ...p, email: c.email, pending_email: p.email } : p);
      if (password) c.password = password;
      if (!proveEmail) return ok({ customer: publicCustomer(c) }, 'Details updated successfully');
      return ok(
        { customer: publicCustomer(c), pending_email: p.email, otp: state.otp },
        `We sent an OTP to ${p.email}. Enter it to change your email.`,
      );
    },
    verifyEmail: async (p) => {
      const c = customer();
      if (!c.pending_email || c.pending_email !== p.email)
        throw new ApiError(400, ['Please request an OTP first'], { otp: 'Please request an OTP first' });
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP'], { otp: 'Invalid OTP' });
      Object.assign(c, { email: p.email, pending_email: null });
      return ok({ customer: publicCustomer(c) }, 'Email updated successfully');
    },
    login: async (p) => {
      const c = state.customers.find((x) => x.email === p.email && x.password === p.password);
      if (!c) throw new ApiError(401, ['Invalid email or password']);
      return ok(session(c), 'Login successful.');
    },
    logout: async () => {
      state.sessionCustomerId = null;
      return ok(undefined, 'Logout successful');
    },
    getProfile: async () => ok({ customer: publicCustomer(customer()) }),
    forgotPassword: async () => ok({ reset_token: 'reset-token-1' }, 'If the e-mail is registered, a reset link is on its way.'),
    resetPasswordWithToken: async (p) => {
      if (p.token !== 'reset-token-1') throw new ApiError(400, ['This reset link is invalid or has expired.']);
      return ok(undefined, 'Password reset successfully');
    },
    changePassword: async (p) => {
      const c = customer();
      if (c.password !== p.old_password)
        throw new ApiError(400, ['Old password is incorrect'], { old_password: 'Old password is incorrect' });
      c.password = p.new_password;
      return ok(undefined, 'Password changed successfully');
    },
    sendOtp: async () => ok({ otp: state.otp }, 'OTP sent successfully'),
    sendLoginOtp: async (mobile) => {
      const holder = state.customers.find((c) => c.phone_number === mobile);
      if (!holder) throw new ApiError(404, ['Mobile number is not registered. Please sign up.']);
      // As the server (issue 34): a mobile the account never proved does not sign in by code.
      if (holder.mobile_verified === false) throw new ApiError(409, [MESSAGES.mobileUnproven], { mobile: MESSAGES.mobileUnproven });
      return ok({ otp: state.otp }, 'OTP sent successfully');
    },
    verifyCheckoutOtp: async (p) => {
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP']);
      let c = state.customers.find((x) => x.phone_number === p.mobile);
      const existing = !!c;
      if (!c) {
        c = {
          id: state.customers.length + 1,
          firstname: '',
          lastname: '',
          email: null,
          phone_number: p.mobile,
          alt_phone_number: p.mobile,
          shipping_address: null,
          password: '',
        };
        state.customers.push(c);
      }
      return ok(session(c, { is_existing_customer: existing }), 'OTP verified successfully');
    },
    verifyLoginOtp: async (p) => {
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP']);
      const c = state.customers.find((x) => x.phone_number === p.mobile);
      if (!c) throw new ApiError(404, ['Mobile number is not registered. Please sign up.']);
      return ok(session(c), 'OTP verified successfully');
    },
    sendMobileOtp: async () => {
      customer();
      return ok({ otp: state.otp }, 'OTP sent successfully');
    },
    verifyMobile: async (p) => {
      const c = customer();
      if (p.otp !== state.otp) throw new ApiError(400, ['Invalid OTP'], { otp: 'Invalid OTP' });
      Object.assign(c, { phone_number: p.mobile, mobile_verified: true });
      return ok({ customer: publicCustomer(c) }, 'Mobile number verified successfully');
    },
    saveShippingAddress: async (a) => {
      const c = customer();
      c.shipping_address = { ...a };
      return ok({ customer: publicCustomer(c) }, 'Shipping address saved');
    },
    getShippingAddress: async () => ok({ data: customer().shipping_address }),
    updateAccountDetails: async (p) => {
      const c = customer();
      Object.assign(c, p);
      return ok({ customer: publicCustomer(c) }, 'Account details updated');
    },

    getAddresses: async () => {
      customer();
      return ok({ addresses: book() });
    },
    addAddress: async (p) => {
      customer();
      if (state.addresses.length >= MAX_SAVED_ADDRESSES) throw new ApiError(409, [ADDRESS_BOOK_FULL]);
      const id = Math.max(0, ...state.addresses.map((a) => a.id)) + 1;
      state.addresses.push({ ...toSaved(p), id, is_default: false });
      if (p.is_default || !state.addresses.some((a) => a.is_default)) chooseDefault(id);
      return ok({ addresses: book() }, 'Address saved');
    },
    updateAddress: async (id, p) => {
      customer();
      const a = state.addresses.find((x) => x.id === id);
      if (!a) throw new ApiError(404, ['Address not found']);
      Object.assign(a, toSaved(p));
      if (a.is_default || p.is_default) chooseDefault(id);
      return ok({ addresses: book() }, 'Address updated');
    },
    makeDefaultAddress: async (id) => {
      customer();
      if (!state.addresses.some((x) => x.id === id)) throw new ApiError(404, ['Address not found']);
      chooseDefault(id);
      return ok({ addresses: book() }, 'Default address changed');
    },
    deleteAddress: async (id) => {
      customer();
      const a = state.addresses.find((x) => x.id === id);
      if (!a) throw new ApiError(404, ['Address not found']);
      state.addresses = state.addresses.filter((x) => x.id !== id);
      if (a.is_default) chooseDefault(state.addresses[0]?.id ?? null);
      return ok({ addresses: book() }, 'Address deleted');
    },
    getOrderDocument: async (orderId, kind) => {
      customer();
      const o = state.orders.find((x) => x.order_id === orderId);
      const number = kind === 'invoice' ? o?.documents?.invoice_number : o?.documents?.credit_note_number;
      if (!number) throw new ApiError(404, ['No tax invoice has been issued for this order yet']);
      return new Blob([`%PDF-1.3 ${number}`], { type: 'application/pdf' });
    },

    getOrders: async () => {
      customer();
      return ok([...state.orders].sort((a, b) => b.order_date.localeCompare(a.order_date)));
    },
    cancelOrder: async (p) => {
      customer();
      const o = state.orders.find((x) => x.order_id === p.order_id);
      if (!o) throw new ApiError(404, ['Order not found']);
      if (!isCancellable(o.status)) throw new ApiError(409, ['This order can no longer be cancelled']);
      o.status = 'cancelled';
      o.cancel_reason = p.reject_reason_input ?? p.reject_reason_select;
      return { success: true, status: true, message: 'Order cancelled successfully', data: o };
    },
    checkout: async (p) => {
      const c = customer();
      if (!state.cart.length) throw new ApiError(409, ['Your cart is empty']);
      if (!state.pincodes[p.pincode]?.serviceable) throw new ApiError(400, [UNSERVED_PINCODE], { pincode: UNSERVED_PINCODE });
      const created = state.cart.map((l) =>
        makeOrder({
          product_id: l.product_id ?? 0,
          product_name: l.product_name,
          quantity: l.quantity,
          price: money(rupees(l.final_price) * l.quantity),
          final_amount: money(rupees(l.final_price) * l.quantity),
          payment_method: p.payment_method,
          status: p.payment_method === 'cod' ? 'order_placed' : 'payment_pending',
        }),
      );
      state.orders.push(...created);
      state.cart = [];
      return ok(
        {
          order_id: created.map((o) => o.order_id),
          order_numbers: created.map((o) => o.order_number),
          customer: publicCustomer(c),
          cod_fee: p.payment_method === 'cod' ? state.codFee : '0.00',
          payment:
            p.payment_method === 'prepaid'
              ? {
                  payment_id: 'pay_test_1',
                  amount: money(created.reduce((s, o) => s + rupees(o.final_amount), 0)),
                  provider: state.payment.provider ?? 'test',
                  expires_at: '2026-11-10T09:45:00.000Z',
                }
              : null,
        },
        'Order placed successfully',
      );
    },
    startPayment: async (paymentId) => {
      customer();
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      const amount = pending.reduce((sum, o) => sum + rupees(o.final_amount), 0);
      const provider = state.payment.provider ?? 'test';
      const session: PaymentSession = {
        payment_id: paymentId,
        provider,
        status: pending.length ? 'pending' : 'expired',
        amount: money(amount),
        amount_paise: Math.round(amount * 100),
        currency: 'INR',
        expires_at: '2026-11-10T09:45:00.000Z',
        seconds_left: pending.length ? 900 : 0,
        order_numbers: pending.map((o) => o.order_number),
        gateway:
          provider === 'razorpay' && pending.length
            ? { key_id: 'rzp_test_fake', order_id: 'order_fake_1', checkout_url: 'https://checkout.example/v1/checkout.js' }
            : null,
        ...state.payment,
      };
      return ok(session);
    },
    verifyRazorpayPayment: async () => {
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      for (const o of pending) Object.assign(o, { status: 'order_placed', payment_status: 'paid' });
      return ok({ orders: pending }, 'Payment received. Order placed successfully');
    },
    cancelPayment: async () => {
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      for (const o of pending) Object.assign(o, { status: 'cancelled', payment_status: 'cancelled' });
      return ok({ orders: pending }, 'Order cancelled. Nothing was charged.');
    },
    confirmTestPayment: async (p) => {
      const pending = state.orders.filter((o) => o.status === 'payment_pending');
      for (const o of pending) o.status = p.outcome === 'success' ? 'order_placed' : 'payment_failed';
      return ok({ orders: pending });
    },
    applyCoupon: async (code) => {
      customer();
      const c = state.coupons.find((x) => x.code === code.trim().toUpperCase());
      if (!c) throw new ApiError(404, ['Invalid Code']);
      const total = cartTotal(state.cart);
      if (total < rupees(c.min_amount)) throw new ApiError(422, [`Minimum order amount is ₹${c.min_amount}`]);
      const discount = c.type === 'percent' ? (total * c.value) / 100 : c.value;
      return ok({ coupon: { ...c, discount_amount: money(discount) } }, 'Coupon applied');
    },
    trackOrder: async (no) => {
      const o = state.orders.find((x) => x.order_number === no.trim());
      if (!o) throw new ApiError(404, ['No order found with this number']);
      // As the server (issue 13): a masked name and the city for anyone, the full details for the signed-in owner.
      const { customer_data, ...rest } = o;
      let owner = true;
      try {
        customer();
      } catch {
        owner = false;
      }
      const name = customer_data.fullName
        .split(' ')
        .map((w) => `${w.charAt(0)}${'*'.repeat(Math.max(2, w.length - 1))}`)
        .join(' ');
      const where = customer_data.shipping_address;
      const tracked: TrackedOrder = {
        ...rest,
        delivery: { name, city: where.city, state: where.state },
        ...(owner ? { customer_data } : {}),
        steps: [{ status: o.status, label: o.status, done: true, current: true }],
      };
      return ok(tracked);
    },
    submitContact: async () => ok(undefined, 'Form submitted successfully'),
    subscribeNewsletter: async () => ok(undefined, 'Thank you for subscribing!'),
    checkPincode: async (pincode) => ok(state.pincodes[pincode] ?? unservedPincode(pincode)),
  };

  const api = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(impl) as [Method, (...a: unknown[]) => Promise<unknown>][]) {
    api[name] = async (...args: unknown[]) => {
      calls.push({ method: name, args });
      const hold = holds.get(name);
      if (hold) {
        holds.delete(name);
        await hold;
      }
      const failure = failures.get(name);
      if (failure) {
        failures.delete(name);
        throw failure;
      }
      // A real server answers on a later tick; so does the fake, so loading states are observable.
      await Promise.resolve();
      const result = await fn(...args);
      // Copies, like JSON over the wire: stores must not share objects with the fake's state.
      return result === undefined ? result : (JSON.parse(JSON.stringify(result)) as unknown);
    };
  }
  const control: FakeApiControl = {
    calls,
    callsOf: (m) => calls.filter((c) => c.method === m).map((c) => c.args),
    failNext: (m, e) => failures.set(m, typeof e === 'string' ? new ApiError(400, [e]) : e),
    holdNext: (m) => {
      let release = () => undefined as void;
      holds.set(m, new Promise<void>((r) => (release = r)));
      return () => release();
    },
    state,
  };
  // Unsuccessful answers reject exactly as they do from createApi (a test may return `success: false`).
  return withCheckedAnswers(Object.assign(api as unknown as Api, control));
}
