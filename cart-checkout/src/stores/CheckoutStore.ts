import { makeAutoObservable, observableRef, runInAction, when } from 'mobx';
import {
  ApiError,
  fieldErrorsOf,
  MESSAGES,
  messageOf,
  notify,
  reportError,
  dataOf,
  type City,
  type Coupon,
  type RootStore,
  type SavedAddress,
  type State,
  gstinProblem,
  loadingFlag,
  whileLoading,
} from '@storefront/shared';
import { orderSuccessUrl, paymentUrl, type OrderOutcomeState } from '../lib/orderLinks';
import {
  formFieldErrors,
  holdsAddress,
  orderPayload,
  prefillFrom,
  withAddress,
  type AddressForm,
  type FieldErrors,
  type PaymentMethod,
} from './checkoutForm';

/** What placing the order ended with, for the page to act on. */
export type SubmitOutcome =
  /** `fullLoad`: open `to` as a new document (the gateway's script is allowed by the CSP of /payment only). */
  | { kind: 'placed'; to: string; state: OrderOutcomeState; fullLoad?: boolean }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'needs-otp' }
  | { kind: 'failed' };

/** Where the guest's mobile verification stands (spec §4 checkout OTP). */
export type OtpStep = 'mobile' | 'code' | 'details' | 'done';

export const MSG_VERIFY_FIRST = 'Please verify your mobile number with the OTP first';
export const MSG_COUPON_APPLIED = 'Coupon applied';

/** How long to wait for the session's sign-in work (guest cart sync, cart fetch) before placing the order anyway. */
const SIGN_IN_SETTLE_MS = 15_000;

/**
 * Resolves once the work the RootStore starts at sign-in has finished: it syncs the guest cart to the
 * server and then always fetches the cart (spec §4), so the fetch ending is the signal. The order is
 * placed against the server cart, so it must not go out before the guest's lines are there.
 */
function signInSettled(cart: RootStore['cart']): Promise<void> {
  return (async () => {
    await when(() => cart.loading, { timeout: SIGN_IN_SETTLE_MS });
    await when(() => !cart.loading, { timeout: SIGN_IN_SETTLE_MS });
  })().catch(() => undefined);
}

/**
 * Section-local state of the checkout page (spec §2, §4, §5): the state and city lists, the applied
 * coupon, the guest's OTP step and the order submission. HTTP goes through the session's API object;
 * who the shopper is and what is in the cart stay in the shared stores.
 */
export class CheckoutStore {
  states: State[] = [];
  cities: City[] = [];
  statesLoading = false;
  citiesLoading = false;

  coupon: Coupon | null = null;
  couponError: string | null = null;
  applyingCoupon = false;

  otpStep: OtpStep = 'mobile';
  otpMobile = '';
  otpError: string | null = null;

  /** Issue 39: the signed-in customer's address book, default first (SavedAddressChooser offers it). */
  savedAddresses: SavedAddress[] = [];
  /** Issue 39: a business buyer's GSTIN for the tax invoice ("" for none) and what is wrong with it. */
  buyerGstin = '';
  gstinError: string | null = null;

  submitting = false;
  /** True once an order went through: the page is about to leave, the emptied cart must not show. */
  placed = false;

  private settled: Promise<void> = Promise.resolve();
  private citiesRequest = 0;

  constructor(private readonly session: Pick<RootStore, 'api' | 'auth' | 'cart'>) {
    makeAutoObservable<this, 'session' | 'settled' | 'citiesRequest'>(
      this,
      { session: false, settled: false, citiesRequest: false, states: observableRef, cities: observableRef, savedAddresses: observableRef },
      { autoBind: true },
    );
  }

  /** The coupon's discount in rupees ("0.00" when none). */
  get discount(): string {
    return this.coupon?.discount_amount ?? '0.00';
  }

  /** A send or verify call is in flight (the shared auth store's flag). */
  get otpBusy(): boolean {
    return this.session.auth.verificationLoading;
  }

  /** The state list, asked for once: nothing when it is here or on its way. */
  async loadStates(): Promise<void> {
    if (this.states.length || this.statesLoading) return;
    await whileLoading(loadingFlag(this, 'statesLoading'), async () => {
      try {
        const res = await this.session.api.getStates();
        if (res) runInAction(() => (this.states = res.data ?? []));
      } catch (err) {
        reportError(err, MESSAGES.somethingWentWrong);
      }
    });
  }

  /** Cities of the state with this name: the form keeps names, `/cities` takes the state's id (spec §7). */
  async loadCitiesFor(stateName: string): Promise<void> {
    const request = ++this.citiesRequest;
    const state = this.states.find((s) => s.name === stateName);
    this.cities = [];
    if (!state) return;
    // A later choice of state wins over a slower answer for an earlier one.
    const isCurrent = () => request === this.citiesRequest;
    await whileLoading(
      loadingFlag(this, 'citiesLoading'),
      async () => {
        try {
          const res = await this.session.api.getCities(state.id);
          if (res && isCurrent()) runInAction(() => (this.cities = res.data ?? []));
        } catch (err) {
          if (isCurrent()) reportError(err, MESSAGES.somethingWentWrong);
        }
      },
      { isCurrent },
    );
  }

  /**
   * Spec §5 coupon: when the server says no, the field shows its message, else 'Invalid Code'. An
   * unreachable server says 'Failed to apply discount' (spec §8). Resolves to whether it was applied.
   */
  async applyCoupon(code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (!trimmed) {
      this.couponError = MESSAGES.couponInvalid;
      return false;
    }
    this.applyingCoupon = true;
    this.couponError = null;
    try {
      const res = await this.session.api.applyCoupon(trimmed);
      if (!res) return false;
      const coupon = dataOf(res, 'coupon');
      runInAction(() => (this.coupon = coupon));
      notify.success(messageOf(res, MSG_COUPON_APPLIED));
      return true;
    } catch (err) {
      const unreachable = err instanceof ApiError && err.status === 0;
      runInAction(() => (this.couponError = messageOf(err, unreachable ? MESSAGES.couponFailed : MESSAGES.couponInvalid)));
      return false;
    } finally {
      runInAction(() => (this.applyingCoupon = false));
    }
  }

  removeCoupon(): void {
    this.coupon = null;
    this.couponError = null;
  }

  /** Fills the empty fields from the signed-in customer and the saved shipping address (spec §3). */
  prefill(values: AddressForm): AddressForm {
    return prefillFrom(this.session.auth.customer, values);
  }

  /** Issue 39: checks the buyer GSTIN where the form's own rules are checked, its message under its field. */
  checkGstin(): void {
    const gstin = this.buyerGstin.trim().toUpperCase();
    this.gstinError = gstin ? gstinProblem(gstin) : null;
  }

  // ---------- the address book (issue 39) ----------

  /** The customer's saved addresses; a failure leaves the typed address as the only way, quietly. */
  async loadSavedAddresses(): Promise<void> {
    if (!this.session.auth.isAuthenticated) return;
    const res = await this.session.api.getAddresses().catch(() => null);
    runInAction(() => (this.savedAddresses = res?.data?.addresses ?? []));
  }

  /** The saved address the form's address fields hold now (none once the shopper changed one). */
  chosenAddress(values: AddressForm): SavedAddress | undefined {
    return this.savedAddresses.find((a) => holdsAddress(values, a));
  }

  /** The form with a saved address's fields in it, or its address fields emptied for a new one (null). */
  withAddress(values: AddressForm, a: SavedAddress | null): AddressForm {
    return withAddress(values, a);
  }

  setBuyerGstin(value: string): void {
    this.buyerGstin = value;
    this.gstinError = null;
  }

  /**
   * `/otp/send` (spec §4). The shared store resolves (never rejects) with the outcome; the success toast
   * shows the code when the server returns it, as it does in development (spec §8).
   */
  async sendOtp(mobile: string): Promise<boolean> {
    this.otpError = null;
    const result = await this.session.auth.sendOtp(mobile);
    if (!result.success) {
      if (result.message) notify.error(result.message);
      return false;
    }
    const message = result.message ?? MESSAGES.otpSent;
    notify.success(result.otp ? `${message}. Your OTP is ${result.otp}` : message);
    runInAction(() => {
      this.otpMobile = mobile;
      this.otpStep = 'code';
    });
    return true;
  }

  /**
   * `/otp/verify/checkout` (spec §4): an existing customer is signed in by it (the RootStore then syncs
   * the guest cart to the server); a new one goes on to give names and e-mail, sent when the order is placed.
   */
  async verifyOtp(otp: string): Promise<boolean> {
    this.otpError = null;
    try {
      const res = await this.session.auth.verifyCheckoutOtp({ mobile: this.otpMobile, otp });
      if (this.session.auth.isAuthenticated) this.settled = signInSettled(this.session.cart);
      notify.success(messageOf(res, MESSAGES.otpVerified));
      runInAction(() => (this.otpStep = this.session.auth.isAuthenticated ? 'done' : 'details'));
      return true;
    } catch (err) {
      const message = reportError(err, MESSAGES.otpVerificationFailed);
      runInAction(() => (this.otpError = message));
      return false;
    }
  }

  /** Back to the mobile number (to correct it, or after the code expired). */
  changeMobile(): void {
    this.otpStep = 'mobile';
    this.otpError = null;
  }

  /**
   * Place order (spec §4). A verified new guest first becomes a customer with the form's names and
   * e-mail (`/customer/update-user-details`), which signs them in; the order is placed once the
   * RootStore has moved the guest cart to the server. Success clears the discount and the cart,
   * refreshes the customer and says 'Order placed successfully'; failure shows every message.
   */
  async submitOrder(values: AddressForm, method: PaymentMethod): Promise<SubmitOutcome> {
    const { auth } = this.session;
    if (this.submitting) return { kind: 'failed' };
    // A mistyped GSTIN (found by `checkGstin`) is shown under its own field; nothing is placed.
    if (this.gstinError) return { kind: 'invalid', errors: {} };
    if (!auth.isAuthenticated && this.otpStep !== 'details') {
      notify.error(MSG_VERIFY_FIRST);
      return { kind: 'needs-otp' };
    }
    this.submitting = true;
    try {
      if (!auth.isAuthenticated) {
        const becameCustomer = await this.completeGuest(values);
        if (becameCustomer.kind !== 'ok') return becameCustomer.outcome;
      }
      await this.settled;
      return await this.placeOrder(values, method);
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  private async completeGuest(values: AddressForm): Promise<{ kind: 'ok' } | { kind: 'stop'; outcome: SubmitOutcome }> {
    const { auth, cart } = this.session;
    try {
      await auth.updateGuestDetails({ firstname: values.firstname.trim(), lastname: values.lastname.trim(), email: values.email.trim() });
    } catch (err) {
      const fields = formFieldErrors(err);
      if (fields) return { kind: 'stop', outcome: { kind: 'invalid', errors: fields } };
      reportError(err, MESSAGES.somethingWentWrong);
      return { kind: 'stop', outcome: { kind: 'failed' } };
    }
    if (!auth.isAuthenticated) {
      notify.error(MESSAGES.somethingWentWrong);
      return { kind: 'stop', outcome: { kind: 'failed' } };
    }
    this.settled = signInSettled(cart);
    runInAction(() => (this.otpStep = 'done'));
    return { kind: 'ok' };
  }

  /** `POST /checkout1` against the customer's server cart, with the coupon when one is applied. */
  private async placeOrder(values: AddressForm, method: PaymentMethod): Promise<SubmitOutcome> {
    const { api, auth, cart } = this.session;
    const payload = orderPayload(values, method, {
      coupon: this.coupon,
      addressId: this.chosenAddress(values)?.id,
      buyerGstin: this.buyerGstin,
    });
    try {
      const res = await api.checkout(payload);
      if (!res) return { kind: 'failed' };
      const { order_numbers: orderNumbers, payment } = dataOf(res);
      runInAction(() => {
        // Spec §4: checkout success clears the discount, refreshes the customer and clears the cart.
        this.placed = true;
        this.coupon = null;
        this.couponError = null;
        cart.clearCart();
      });
      void auth.refreshProfile().catch(() => undefined);
      notify.success(messageOf(res, MESSAGES.orderPlaced));
      if (payment) {
        const state = { orderNumbers, paymentId: payment.payment_id, amount: payment.amount };
        return {
          kind: 'placed',
          to: paymentUrl(orderNumbers, payment.payment_id, payment.amount),
          state,
          fullLoad: payment.provider === 'razorpay',
        };
      }
      return { kind: 'placed', to: orderSuccessUrl(orderNumbers), state: { orderNumbers } };
    } catch (err) {
      const gstin = fieldErrorsOf(err).buyer_gstin;
      if (gstin) runInAction(() => (this.gstinError = gstin));
      const fields = formFieldErrors(err);
      if (fields) return { kind: 'invalid', errors: fields };
      if (gstin) return { kind: 'invalid', errors: {} };
      // Spec §8: a list of messages gives one error toast per entry.
      reportError(err, MESSAGES.checkoutFailed);
      return { kind: 'failed' };
    }
  }
}
