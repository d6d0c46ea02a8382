import { makeAutoObservable, runInAction } from 'mobx';
import type { Api } from '../api/Api';
import { ApiError, messageOf } from '../api/errors';
import { answered } from '../api/checked';
import type { ApiEnvelope, AuthData, Customer, RegisterPayload } from '../api/types';
import { MESSAGES } from '../messages';
import { whileLoading, withLoadState, type LoadState } from './loadState';

/** Spec §3: the signed-in user holds a customer object; responses may carry these flags too. */
export interface SessionUser {
  customer: Customer;
  email_verification_token?: string | null;
  is_existing_customer?: boolean;
}

/** What an OTP send resolves to (spec §4): success with the development code, not registered, or failure. */
export interface OtpSendResult {
  success: boolean;
  message?: string;
  /** The code, when the server sends it back (development; spec §8 shows it in the toast). */
  otp?: string;
  userNotRegistered?: boolean;
  /** Sign-in only (issue 34): an account holds the mobile without having proved it; sign in by e-mail instead. */
  mobileUnproven?: boolean;
  mobile?: string;
}

/** The persisted part of the auth state (spec §4: saved without loading flags). */
export interface AuthSnapshot {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
}

/** Spec §3: alt_phone_number defaults to phone_number when missing. */
export function normalizeCustomer(c: Customer): Customer {
  return { ...c, alt_phone_number: c.alt_phone_number || c.phone_number };
}

/**
 * How a password sign-in ended (spec §4): signed in, or an unsuccessful answer — the e-mail is not
 * verified yet and the shopper stays signed out. Failures (a wrong password) reject instead.
 */
export type LoginOutcome = 'signed-in' | 'verify-email';

/** `verificationLoading` and `verificationError` as the `LoadState` the load helpers take. */
function verificationStateOf(store: AuthStore): LoadState {
  return {
    get loading() {
      return store.verificationLoading;
    },
    set loading(value: boolean) {
      store.verificationLoading = value;
    },
    get error() {
      return store.verificationError;
    },
    set error(value: string | null) {
      store.verificationError = value;
    },
  };
}

/**
 * Who the shopper is (spec §3 auth state, §4 transitions). Lives in `shared` because the shell's header,
 * the checkout and the account pages all read it. Actions reject with `ApiError`; callers report.
 */
export class AuthStore {
  user: SessionUser | null = null;
  token: string | null = null;
  isAuthenticated = false;
  loading = false;
  error: string | null = null;
  verificationLoading = false;
  sent = false;
  loginSent = false;
  verified = false;
  verificationError: string | null = null;

  /** The OTP steps' own load state, seen through the shared load helpers. */
  private readonly verification: LoadState = verificationStateOf(this);

  constructor(
    private readonly api: Api,
    /** Called by `logout` after the server call, whatever its outcome: the root resets the app. */
    private readonly onLogout: () => void = () => undefined,
  ) {
    makeAutoObservable<AuthStore, 'api' | 'onLogout' | 'verification'>(
      this,
      { api: false, onLogout: false, verification: false },
      { autoBind: true },
    );
  }

  get customer(): Customer | null {
    return this.user?.customer ?? null;
  }

  /** "Asha Rao", or the e-mail/phone when names are missing. */
  get displayName(): string {
    const c = this.customer;
    if (!c) return '';
    const name = `${c.firstname ?? ''} ${c.lastname ?? ''}`.trim();
    return name || c.email || c.phone_number || '';
  }

  get snapshot(): AuthSnapshot {
    return { user: this.user, token: this.token, isAuthenticated: this.isAuthenticated };
  }

  hydrate(s: Partial<AuthSnapshot> | undefined): void {
    if (!s) return;
    this.user = s.user ?? null;
    this.token = s.token ?? null;
    this.isAuthenticated = !!s.isAuthenticated && !!s.token;
  }

  private setSession(data: AuthData, authenticated: boolean): void {
    this.user = {
      customer: normalizeCustomer(data.customer),
      email_verification_token: data.email_verification_token ?? null,
      ...(data.is_existing_customer !== undefined ? { is_existing_customer: data.is_existing_customer } : {}),
    };
    this.token = data.token || this.token;
    this.isAuthenticated = authenticated;
    this.error = null;
  }

  /** A sign-in or sign-up call: a failure leaves the shopper signed out. */
  private async run<T>(fn: () => Promise<T>, fallback: string): Promise<T> {
    try {
      return await withLoadState(this, fallback, fn);
    } catch (err) {
      runInAction(() => {
        this.isAuthenticated = false;
      });
      throw err;
    }
  }

  /**
   * Sign-up's first step (issue 34): the server checks the registration and sends a code to its mobile.
   * Rejects with the server's field errors (a taken e-mail or mobile) for the form.
   */
  async sendSignUpOtp(payload: RegisterPayload): Promise<ApiEnvelope<{ otp?: string }>> {
    return answered(await this.api.sendSignUpOtp(payload));
  }

  /** Spec §4: success stores the user; authenticated only without an email_verification_token. */
  async register(payload: RegisterPayload): Promise<ApiEnvelope<AuthData>> {
    return this.run(async () => {
      const res = answered(await this.api.register(payload));
      runInAction(() => {
        if (res.data) this.setSession(res.data, !res.data.email_verification_token);
      });
      return res;
    }, MESSAGES.registrationFailed);
  }

  /** A guest who verified by OTP gives names and e-mail; behaves like registration (spec §4). */
  async updateGuestDetails(payload: { firstname: string; lastname: string; email: string }): Promise<ApiEnvelope<{ customer: Customer }>> {
    return whileLoading(this, async () => {
      const res = answered(await this.api.updateUserDetails(payload));
      runInAction(() => {
        const customer = res.data?.customer;
        if (customer) {
          this.user = { ...(this.user ?? {}), customer: normalizeCustomer(customer) };
          this.isAuthenticated = !!this.token && !this.user.email_verification_token;
        }
      });
      return res;
    });
  }

  /**
   * Spec §4: a successful response authenticates; an unsuccessful one leaves the shopper signed out
   * (the page says 'Please verify your email before logging in.'). Failures reject.
   */
  async login(payload: { email: string; password: string }): Promise<LoginOutcome | null> {
    return this.run(async () => {
      let res: ApiEnvelope<AuthData> | null;
      try {
        res = await this.api.login(payload);
      } catch (err) {
        // An answer, not an error status: the account exists but its e-mail is not verified.
        if (!(err instanceof ApiError && err.status === 200)) throw err;
        runInAction(() => {
          this.isAuthenticated = false;
        });
        return 'verify-email';
      }
      if (!res) return null;
      const data = res.data;
      runInAction(() => {
        if (data) this.setSession(data, true);
        else this.isAuthenticated = false;
      });
      return data ? 'signed-in' : 'verify-email';
    }, MESSAGES.loginFailed);
  }

  /**
   * Spec §4: logout resets auth, clears the cart and resets the whole app even when the call fails.
   * Resolves to the server's answer (or the failure message) for the caller's toast.
   */
  async logout(): Promise<{ success: boolean; message: string }> {
    let result: { success: boolean; message: string };
    try {
      const res = this.token ? await this.api.logout() : null;
      result = { success: true, message: messageOf(res, MESSAGES.logoutSuccess) };
    } catch (err) {
      result = { success: false, message: messageOf(err, MESSAGES.logoutFailed) };
    }
    this.localLogout();
    this.onLogout();
    return result;
  }

  /** Clears every auth field without a call (401 from the server, logout in another tab). */
  localLogout(): void {
    this.user = null;
    this.token = null;
    this.isAuthenticated = false;
    this.loading = false;
    this.error = null;
    this.verificationLoading = false;
    this.sent = false;
    this.loginSent = false;
    this.verified = false;
    this.verificationError = null;
  }

  private async sendOtpWith(
    call: () => Promise<ApiEnvelope<{ otp?: string }> | null>,
    mobile: string,
    flag: 'sent' | 'loginSent',
  ): Promise<OtpSendResult> {
    try {
      return await withLoadState(this.verification, MESSAGES.sendOtpFailed, async (): Promise<OtpSendResult> => {
        const res = await call();
        if (!res) return { success: false };
        runInAction(() => {
          this[flag] = true;
          this.verified = false;
        });
        const otp = res.data?.otp;
        return { success: true, message: messageOf(res, MESSAGES.otpSent), ...(otp ? { otp } : {}) };
      });
    } catch (err) {
      const message = messageOf(err, MESSAGES.sendOtpFailed);
      // Spec §4: a 'not registered' failure leads to sign-up with the mobile number.
      if (/not registered/i.test(message)) return { success: false, message, userNotRegistered: true, mobile };
      // Issue 34: the sign-in's 409 says the number is on an account, unproven: sign-up would refuse it too.
      if (flag === 'loginSent' && err instanceof ApiError && err.status === 409) {
        return { success: false, message: messageOf(err, MESSAGES.mobileUnproven), mobileUnproven: true, mobile };
      }
      return { success: false, message };
    }
  }

  /** Checkout OTP (spec §4): success sets `sent` and clears `verified`. */
  sendOtp(mobile: string): Promise<OtpSendResult> {
    return this.sendOtpWith(() => this.api.sendOtp(mobile), mobile, 'sent');
  }

  /** Sign-in OTP: success sets `loginSent`. */
  sendLoginOtp(mobile: string): Promise<OtpSendResult> {
    return this.sendOtpWith(() => this.api.sendLoginOtp(mobile), mobile, 'loginSent');
  }

  private async verifyWith(
    call: () => Promise<ApiEnvelope<AuthData> | null>,
    authenticate: (d: AuthData) => boolean,
  ): Promise<ApiEnvelope<AuthData>> {
    return withLoadState(this.verification, MESSAGES.otpVerificationFailed, async () => {
      const res = answered(await call());
      runInAction(() => {
        this.verified = true;
        if (res.data) this.setSession(res.data, authenticate(res.data));
      });
      return res;
    });
  }

  /** Spec §4: sets verified, stores the user, authenticated = is_existing_customer. */
  verifyCheckoutOtp(payload: { mobile: string; otp: string }): Promise<ApiEnvelope<AuthData>> {
    return this.verifyWith(
      () => this.api.verifyCheckoutOtp(payload),
      (d) => !!d.is_existing_customer,
    );
  }

  /** Spec §4: sets verified and authenticated. */
  verifyLoginOtp(payload: { mobile: string; otp: string }): Promise<ApiEnvelope<AuthData>> {
    return this.verifyWith(
      () => this.api.verifyLoginOtp(payload),
      () => true,
    );
  }

  /** Spec §4: profile updates merge into user.customer. */
  mergeCustomer(patch: Partial<Customer>): void {
    if (!this.user) return;
    this.user = { ...this.user, customer: normalizeCustomer({ ...this.user.customer, ...patch }) };
  }

  /** Spec §4: account-details update changes first and last name. */
  async updateAccountDetails(payload: { firstname: string; lastname: string }): Promise<ApiEnvelope<{ customer: Customer }>> {
    const res = answered(await this.api.updateAccountDetails(payload));
    this.mergeCustomer({ firstname: payload.firstname, lastname: payload.lastname });
    return res;
  }

  /**
   * Asks for a new e-mail, confirmed with the current password (issue 13). An account that has one keeps it until the code sent to the new address is
   * entered (`verifyEmail`): the answer's `pending_email` says so, and its customer still has the old one.
   */
  async changeEmail(payload: {
    email: string;
    current_password: string;
  }): Promise<ApiEnvelope<{ customer: Customer; pending_email?: string; otp?: string }>> {
    const customer = this.user?.customer;
    const res = answered(
      await this.api.updateUserDetails({ firstname: customer?.firstname ?? '', lastname: customer?.lastname ?? '', ...payload }),
    );
    const updated = res.data?.customer;
    const pending = res.data?.pending_email;
    runInAction(() => this.mergeCustomer(updated ?? (pending ? {} : { email: payload.email })));
    return res;
  }

  /** The code sent to the new e-mail: the account's e-mail becomes it. */
  async verifyEmail(payload: { email: string; otp: string }): Promise<ApiEnvelope<{ customer: Customer }>> {
    const res = answered(await this.api.verifyEmail(payload));
    const updated = res.data?.customer;
    runInAction(() => this.mergeCustomer(updated ?? { email: payload.email }));
    return res;
  }

  /** Sends an OTP to prove a mobile for this account; the code is in the answer in development only. */
  async sendMobileOtp(mobile: string): Promise<ApiEnvelope<{ otp?: string }>> {
    return answered(await this.api.sendMobileOtp(mobile));
  }

  /** Verifies it: the mobile becomes the account's sign-in mobile. */
  async verifyMobile(payload: { mobile: string; otp: string }): Promise<ApiEnvelope<{ customer: Customer }>> {
    const res = answered(await this.api.verifyMobile(payload));
    const updated = res.data?.customer;
    if (updated) runInAction(() => this.mergeCustomer(updated));
    return res;
  }

  async changePassword(payload: { old_password: string; new_password: string; confirm_password: string }): Promise<ApiEnvelope> {
    return answered(await this.api.changePassword(payload));
  }

  async forgotPassword(email: string): Promise<ApiEnvelope<{ reset_token?: string }>> {
    return answered(await this.api.forgotPassword(email));
  }

  /** Reset with the token of the e-mailed link; the call repeats the password as its confirmation (spec §5). */
  async resetPassword(payload: { token: string; password: string }): Promise<ApiEnvelope> {
    return answered(await this.api.resetPasswordWithToken(payload));
  }

  /** Reloads the customer (after checkout, spec §4). */
  async refreshProfile(): Promise<void> {
    if (!this.token) return;
    const res = await this.api.getProfile();
    const customer = res?.data?.customer;
    if (customer) runInAction(() => this.mergeCustomer(customer));
  }
}
