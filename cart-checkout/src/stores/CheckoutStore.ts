import { makeAutoObservable, runInAction } from 'mobx';
import {
  checkoutAddressSchema, notify, validateForm,
  type Api, type CartLine, type City, type CheckoutPayload, type CheckoutResult, type Coupon, type Customer, type State,
} from '@storefront/shared';
import { messagesOf } from '../lib/messages';
import { orderSuccessUrl, paymentUrl, type OrderOutcomeState } from '../lib/orderLinks';

/** The checkout form of spec §5 (checkout address). */
export interface AddressForm {
  email: string;
  firstname: string;
  lastname: string;
  address: string;
  pincode: string;
  alt_phone_number: string;
  state: string;
  city: string;
}

export const EMPTY_ADDRESS: AddressForm = {
  email: '', firstname: '', lastname: '', address: '', pincode: '', alt_phone_number: '', state: '', city: '',
};

export type PaymentMethod = 'cod' | 'prepaid';

export type FieldErrors = Partial<Record<keyof AddressForm, string>>;

/** What placing the order ended with, for the page to act on. */
export type SubmitOutcome =
  | { kind: 'placed'; to: string; state: OrderOutcomeState }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'needs-otp' }
  | { kind: 'failed' };

export const MSG_VERIFY_FIRST = 'Please verify your mobile number with the OTP first';
export const MSG_OTP_VERIFIED = 'OTP verified successfully';
export const MSG_INVALID_OTP = 'Invalid OTP';
export const MSG_ORDER_PLACED = 'Order placed successfully';

/** What the checkout needs from the shared session stores. */
export interface CheckoutSession {
  auth: {
    readonly isAuthenticated: boolean;
    readonly user: { customer?: Customer | null } | null;
    sendOtp(mobile: string): Promise<unknown>;
    verifyCheckoutOtp(payload: { mobile: string; otp: string }): Promise<unknown>;
    updateGuestDetails(payload: { firstname: string; lastname: string; email: string }): Promise<unknown>;
    refreshProfile(): Promise<unknown>;
  };
  cart: {
    readonly cartItems: CartLine[];
    fetchCart(): Promise<unknown>;
    clearCart(): void;
  };
}

/** Where the guest's mobile verification stands (spec §4 checkout OTP). */
export type OtpStep = 'mobile' | 'code' | 'details' | 'done';

export const COUPON_INVALID = 'Invalid Code';
export const CHECKOUT_FAILED = 'Checkout failed';

/** A failed order placement: every message the server gave (spec §8: a list gives one toast each). */
export class CheckoutError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('\n'));
    this.name = 'CheckoutError';
  }
}

/**
 * Section-local state of the checkout page: the state and city lists, the applied coupon, the guest
 * OTP step and the order submission. HTTP goes through the injected API object only.
 */
export class CheckoutStore {
  states: State[] = [];
  cities: City[] = [];
  statesLoading = false;
  citiesLoading = false;
  listError: string | null = null;

  coupon: Coupon | null = null;
  couponError: string | null = null;
  applyingCoupon = false;

  otpStep: OtpStep = 'mobile';
  otpMobile = '';
  otpBusy = false;

  submitting = false;

  otpError: string | null = null;

  constructor(
    private readonly api: Api,
    private readonly session: CheckoutSession,
  ) {
    makeAutoObservable<this, 'api' | 'session'>(this, { api: false, session: false }, { autoBind: true });
  }

  /** The coupon's discount in rupees ("0.00" when none). */
  get discount(): string {
    return this.coupon?.discount_amount ?? '0.00';
  }

  async loadStates(): Promise<void> {
    this.statesLoading = true;
    this.listError = null;
    try {
      const res = await this.api.getStates();
      runInAction(() => {
        this.states = res?.data ?? [];
      });
    } catch (err) {
      runInAction(() => {
        this.listError = messagesOf(err, 'Something went wrong')[0] ?? 'Something went wrong';
      });
    } finally {
      runInAction(() => {
        this.statesLoading = false;
      });
    }
  }

  /** Cities of the state with this name (the form stores names; `/cities` takes the state's id). */
  async loadCitiesFor(stateName: string): Promise<void> {
    const state = this.states.find((s) => s.name === stateName);
    if (!state) {
      this.cities = [];
      return;
    }
    this.citiesLoading = true;
    try {
      const res = await this.api.getCities(state.id);
      runInAction(() => {
        this.cities = res?.data ?? [];
      });
    } catch (err) {
      runInAction(() => {
        this.cities = [];
        this.listError = messagesOf(err, 'Something went wrong')[0] ?? 'Something went wrong';
      });
    } finally {
      runInAction(() => {
        this.citiesLoading = false;
      });
    }
  }

  /**
   * Spec §5 coupon: when the server says not successful the field shows its message, else 'Invalid Code'.
   * Returns true when the coupon was applied.
   */
  async applyCoupon(code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (!trimmed) {
      this.couponError = COUPON_INVALID;
      return false;
    }
    this.applyingCoupon = true;
    this.couponError = null;
    try {
      const res = await this.api.applyCoupon(trimmed);
      if (!res) return false;
      const coupon = res.data?.coupon;
      if (!res.success || !coupon) {
        runInAction(() => {
          this.couponError = messagesOf(res.message, COUPON_INVALID)[0] ?? COUPON_INVALID;
        });
        return false;
      }
      runInAction(() => {
        this.coupon = coupon;
      });
      return true;
    } catch (err) {
      runInAction(() => {
        this.couponError = messagesOf(err, COUPON_INVALID)[0] ?? COUPON_INVALID;
      });
      return false;
    } finally {
      runInAction(() => {
        this.applyingCoupon = false;
      });
    }
  }

  removeCoupon(): void {
    this.coupon = null;
    this.couponError = null;
  }

  /** Fills the empty fields from the signed-in customer (spec §2: the saved address is prefilled). */
  prefill(values: AddressForm): AddressForm {
    const c = this.session.auth.user?.customer;
    if (!c) return values;
    const a = c.shipping_address;
    const pick = (current: string, saved: string | null | undefined) => current || (saved ?? '');
    return {
      email: pick(values.email, c.email),
      firstname: pick(values.firstname, c.firstname),
      lastname: pick(values.lastname, c.lastname),
      address: pick(values.address, a?.address),
      pincode: pick(values.pincode, a?.pincode),
      // alt_phone_number defaults to the phone number on the server; only a different one is prefilled.
      alt_phone_number: pick(values.alt_phone_number, c.alt_phone_number && c.alt_phone_number !== c.phone_number ? c.alt_phone_number : a?.alt_phone_number),
      state: pick(values.state, a?.state),
      city: values.state && values.state !== a?.state ? values.city : pick(values.city, a?.city),
    };
  }

  /** Spec §5 checkout address rules with their messages, one per field. */
  async validate(values: AddressForm): Promise<FieldErrors> {
    return (await validateForm(checkoutAddressSchema, values)) as FieldErrors;
  }

  /** `/otp/send`; moves to the code step. The success toast shows the code in development (spec §8). */
  async sendOtp(mobile: string): Promise<boolean> {
    this.otpBusy = true;
    this.otpError = null;
    try {
      await this.session.auth.sendOtp(mobile);
      runInAction(() => {
        this.otpMobile = mobile;
        this.otpStep = 'code';
      });
      return true;
    } catch (err) {
      messagesOf(err, 'Failed to send OTP').forEach((m) => notify.error(m));
      return false;
    } finally {
      runInAction(() => {
        this.otpBusy = false;
      });
    }
  }

  /**
   * `/otp/verify/checkout`. An existing customer is signed in by it (the session store then syncs the
   * guest cart); a new one goes to the details step and is registered when the order is placed.
   */
  async verifyOtp(otp: string): Promise<boolean> {
    this.otpBusy = true;
    this.otpError = null;
    try {
      await this.session.auth.verifyCheckoutOtp({ mobile: this.otpMobile, otp });
      runInAction(() => {
        this.otpStep = this.session.auth.isAuthenticated ? 'done' : 'details';
      });
      return true;
    } catch (err) {
      const msg = messagesOf(err, MSG_INVALID_OTP)[0] ?? MSG_INVALID_OTP;
      runInAction(() => {
        this.otpError = msg;
      });
      return false;
    } finally {
      runInAction(() => {
        this.otpBusy = false;
      });
    }
  }

  /**
   * Place order (spec §4): a verified new guest is registered with the form's names and e-mail first,
   * so the order is placed signed in against the server cart. Success clears the discount, refreshes the
   * customer, clears the cart and says 'Order placed successfully'; failure shows every message.
   */
  async submitOrder(values: AddressForm, method: PaymentMethod): Promise<SubmitOutcome> {
    const { auth, cart } = this.session;
    if (!auth.isAuthenticated) {
      if (this.otpStep !== 'details') {
        notify.error(MSG_VERIFY_FIRST);
        return { kind: 'needs-otp' };
      }
      this.submitting = true;
      try {
        await auth.updateGuestDetails({ firstname: values.firstname.trim(), lastname: values.lastname.trim(), email: values.email.trim() });
      } catch (err) {
        runInAction(() => {
          this.submitting = false;
        });
        const fields = fieldErrorsOf(err);
        if (fields) return { kind: 'invalid', errors: fields };
        messagesOf(err, 'Something went wrong').forEach((m) => notify.error(m));
        return { kind: 'failed' };
      }
      if (!auth.isAuthenticated) {
        runInAction(() => {
          this.submitting = false;
        });
        notify.error('Something went wrong');
        return { kind: 'failed' };
      }
      runInAction(() => {
        this.otpStep = 'done';
      });
    }

    const payload: CheckoutPayload = {
      email: values.email.trim(),
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      address: values.address.trim(),
      pincode: values.pincode.trim(),
      city: values.city,
      state: values.state,
      payment_method: method,
      ...(values.alt_phone_number.trim() ? { alt_phone_number: values.alt_phone_number.trim() } : {}),
    };
    let result: CheckoutResult | null;
    try {
      result = await this.placeOrder(payload);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) return { kind: 'invalid', errors: fields };
      const messages = err instanceof CheckoutError ? err.messages : messagesOf(err, CHECKOUT_FAILED);
      messages.forEach((m) => notify.error(m));
      return { kind: 'failed' };
    }
    if (!result) return { kind: 'failed' };

    notify.success(MSG_ORDER_PLACED);
    cart.clearCart();
    void auth.refreshProfile().catch(() => undefined);
    const orderNumbers = result.order_numbers;
    if (result.payment) {
      const { payment_id, amount } = result.payment;
      return { kind: 'placed', to: paymentUrl(orderNumbers, payment_id, amount), state: { orderNumbers, paymentId: payment_id, amount } };
    }
    return { kind: 'placed', to: orderSuccessUrl(orderNumbers), state: { orderNumbers } };
  }

  setOtpStep(step: OtpStep, mobile?: string): void {
    this.otpStep = step;
    if (mobile !== undefined) this.otpMobile = mobile;
  }

  setOtpBusy(busy: boolean): void {
    this.otpBusy = busy;
  }

  /**
   * `POST /checkout1` with the server cart. Resolves to the result, or null when the call was
   * cancelled; rejects with a CheckoutError carrying the server's messages.
   */
  async placeOrder(payload: CheckoutPayload): Promise<CheckoutResult | null> {
    this.submitting = true;
    try {
      const res = await this.api.checkout(this.coupon ? { ...payload, coupon_code: this.coupon.code } : payload);
      if (!res) return null;
      if (!(res.success || res.status) || !res.data) throw new CheckoutError(messagesOf(res.message, CHECKOUT_FAILED));
      runInAction(() => {
        // Spec §4: checkout success clears the discount.
        this.coupon = null;
        this.couponError = null;
      });
      return res.data;
    } catch (err) {
      if (err instanceof CheckoutError) throw err;
      throw new CheckoutError(messagesOf(err, CHECKOUT_FAILED));
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }
}

/** Server field errors (400 `errors`) for the address form, or null. */
function fieldErrorsOf(err: unknown): FieldErrors | null {
  if (!err || typeof err !== 'object') return null;
  const raw = (err as { errors?: unknown; fieldErrors?: unknown }).fieldErrors ?? (err as { errors?: unknown }).errors;
  if (!raw || typeof raw !== 'object') return null;
  const out: FieldErrors = {};
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof AddressForm)[]) {
    const v = (raw as Record<string, unknown>)[key];
    if (typeof v === 'string' && v) out[key] = v;
  }
  return Object.keys(out).length ? out : null;
}
