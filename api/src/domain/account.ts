/**
 * Accounts (spec §3 AuthData, §5, issue 13): registration, sign-in with the per-account lock-out, the
 * proof a sensitive change needs, password reset and change, and the notice of a change to the account's
 * former address. No Fastify here: the routes validate, call these with the request's limits, and shape
 * the answer.
 *
 * Lock-out: failed password checks are counted per account (`loginFailures`: a few free, then a lock that
 * grows with each failure, forgotten a window after the last one or at a success), so a stolen session
 * cannot try passwords at full speed either; sign-in counts per e-mail typed, known or not, so the
 * lock-out reveals nothing about which accounts exist.
 */
import type { AuthData, RegisterPayload } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import { RESET_MINUTES, toCustomer, type CustomerRow } from '../db/repositories/customers';
import type { Clock } from '../lib/clock';
import { verifyPassword } from '../lib/crypto';
import { AppError, badRequest, conflict, fieldError, forbidden } from '../lib/errors';
import type { Message } from '../messages';
import { accountChangedEmail, emailChangeCodeEmail, passwordResetEmail } from '../messages/texts';
import type { Transaction } from './cart';
import { acceptCode, NO_CODE } from './codes';
import type { IdentityLimits } from './limits';

/** What a sign-in answers with (spec §3 AuthData), whichever way the customer signed in. */
export function authData(customer: CustomerRow, token: string, extra: Partial<AuthData> = {}): AuthData {
  return { token, customer: toCustomer(customer), email_verification_token: null, ...extra };
}

/** How recent an OTP verification must be to stand in for the password of an account that has none. */
export const FRESH_OTP_MS = 15 * 60_000;

const TOO_MANY_FAILURES = 'Too many failed sign-in attempts for this account. Please try again in {after}.';
const WRONG_CURRENT = 'Current password is incorrect';
const EMAIL_TAKEN = 'An account with this email already exists';
export const MOBILE_TAKEN = 'An account with this mobile number already exists';
const RESET_INVALID = 'Reset link is invalid or has expired';

/** How long the code that proves a new e-mail can be used (mail is slower than SMS). */
export const EMAIL_CODE_TTL_MS = 15 * 60_000;
/** Tries of one such code, right or wrong. With `emailCodeSend` codes per address an hour, that bounds guessing. */
const EMAIL_CODE_TRIES = 5;
const EMAIL_CODE_FAILED = 'Failed to send the code. Please try again.';
const TOO_MANY_EMAIL_CODES = 'Too many codes were sent to this email. Please try again in {after}.';
/** Whom a code proving an account's pending e-mail is filed for (otps.mobile, purpose `email`). */
const emailCodeFor = (customerId: number) => `email:${customerId}`;

/** What a details update did: the saved customer, and the new e-mail still to be proved by a code sent to it. */
export interface DetailsUpdate {
  customer: CustomerRow;
  pending?: { email: string; code: string };
}

export interface AccountDeps {
  repos: Repositories;
  tx: Transaction;
  clock: Clock;
  messenger: { send(message: Message, failure: string): Promise<void> };
  /** The shop's public origin: reset links point there. */
  storeUrl: string;
  /** The shop's name in what it sends (SHOP_NAME). */
  shopName: string;
  /** Hashes a password with the configured scrypt cost. */
  hash(password: string): Promise<string>;
}

/** The failure counter's key of an account: its e-mail, or its id when it has none (an OTP-only account). */
const accountKey = (c: { id: number; email: string | null }) => (c.email ? `email:${c.email}` : `customer:${c.id}`);

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The account rules over one set of dependencies; each call takes the request's identity limits. */
export class Accounts {
  /** An unknown e-mail costs the same scrypt as a known one, so timing does not reveal accounts. */
  private readonly decoyHash: Promise<string>;

  constructor(private readonly deps: AccountDeps) {
    this.decoyHash = deps.hash('decoy password, never matches a login attempt');
  }

  /**
   * A password check that counts failures per account: throws 429 while the account is locked; returns
   * whether the password matched (a match forgets the failures).
   */
  async passwordMatches(
    limits: IdentityLimits,
    customer: { email: string | null; password_hash: string | null },
    password: string,
    key: string,
  ): Promise<boolean> {
    await limits.check('loginFailures', key, TOO_MANY_FAILURES);
    const matches = await verifyPassword(password, customer.password_hash ?? (await this.decoyHash));
    if (!matches || !customer.password_hash) {
      await limits.fail('loginFailures', key);
      return false;
    }
    await limits.reset('loginFailures', key);
    return true;
  }

  /** Sign-in with e-mail and password; one answer for an unknown e-mail and a wrong password. */
  async signIn(limits: IdentityLimits, emailTyped: string, password: string): Promise<AuthData> {
    const email = normalEmail(emailTyped);
    const customer = await this.deps.repos.customers.byEmail(email);
    // Failures are counted per e-mail typed, known or not, so the lock-out reveals nothing about accounts.
    const key = accountKey({ id: 0, email });
    const matches = await this.passwordMatches(limits, customer ?? { email, password_hash: null }, password, key);
    if (!customer || !matches) throw new AppError(401, 'Invalid email or password');
    return authData(customer, await this.deps.repos.customers.createSession(customer.id));
  }

  /**
   * A new account (the contract's payload; the mobile may be left out or empty). The mobile is saved
   * unverified: it signs in only after an OTP to it is verified (issue 13). One on file stays taken (a guest's from an OTP checkout completes its account through
   * update-user-details).
   */
  async register(input: Omit<RegisterPayload, 'mobile'> & { mobile?: string }): Promise<AuthData> {
    const { customers } = this.deps.repos;
    const email = normalEmail(input.email);
    if (await customers.byEmail(email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const mobile = input.mobile || null;
    if (mobile && (await customers.byMobile(mobile))) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
    const customer = await customers.create({
      firstname: input.firstName.trim(),
      lastname: input.lastName.trim(),
      email,
      password_hash: await this.deps.hash(input.password),
      phone_number: mobile,
      alt_phone_number: null,
      address: null,
      pincode: null,
      city: null,
      state: null,
      address_alt_phone: null,
    });
    return authData(customer, await customers.createSession(customer.id));
  }

  /**
   * Names, e-mail and password. Changing the e-mail or the password needs the current password, or for an
   * account without one an OTP verified on this session in the last FRESH_OTP_MS; a new password signs out
   * every other session.
   *
   * An account that has an e-mail keeps it until the new one is proved: the new address gets a code, and
   * `confirmEmail` with it makes the change (a typo, or somebody else's address, never takes the account's
   * receipts and password resets). An account without one (a guest from an OTP checkout completing its
   * account) takes its first e-mail at once, as registration does.
   */
  async updateDetails(
    limits: IdentityLimits,
    me: CustomerRow,
    sessionId: number | null,
    input: { firstname: string; lastname: string; email: string; password?: string; current_password?: string },
  ): Promise<DetailsUpdate> {
    const { customers } = this.deps.repos;
    const email = normalEmail(input.email);
    const newPassword = input.password;
    const sensitive = email !== me.email || Boolean(newPassword);
    const proveEmail = me.email !== null && email !== me.email;
    if (sensitive) {
      if (me.password_hash) {
        const current = input.current_password;
        if (!current) throw fieldError('current_password', 'Current password is required');
        if (!(await this.passwordMatches(limits, me, current, accountKey(me)))) throw fieldError('current_password', WRONG_CURRENT);
      } else {
        const at = sessionId === null ? null : await customers.sessionOtpVerifiedAt(sessionId);
        if (at === null || this.deps.clock.now() - at > FRESH_OTP_MS) {
          throw forbidden('For your security, please verify your mobile number with a new OTP before changing your email or password.');
        }
      }
    }
    const owner = await customers.byEmail(email);
    if (owner && owner.id !== me.id) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    // The code goes out before anything is saved: a mail server that fails leaves the account as it was.
    const pending = proveEmail ? { email, code: await this.sendEmailCode(limits, me, email) } : undefined;
    const patch: Parameters<typeof customers.update>[1] = {
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      ...(proveEmail ? { pending_email: email } : { email }),
    };
    if (newPassword) patch.password_hash = await this.deps.hash(newPassword);
    const updated = await this.deps.tx(async (r) => {
      const c = await r.customers.update(me.id, patch);
      // A new password signs out every other device (whoever else held a session loses it); this one stays.
      if (newPassword) await r.customers.revokeAllSessions(me.id, sessionId ?? undefined);
      return c;
    });
    const newEmail = !proveEmail && email !== me.email ? email : undefined;
    if (newEmail || newPassword) await this.notifyChange(me, { newEmail, password: Boolean(newPassword) });
    return { customer: updated, pending };
  }

  /** Issues the code that proves `email` for this account and mails it there; returns it (shown in development only). */
  private async sendEmailCode(limits: IdentityLimits, me: CustomerRow, email: string): Promise<string> {
    await limits.hit('emailCodeSend', email, TOO_MANY_EMAIL_CODES);
    // One new e-mail is pending at a time: this code retires one sent to an earlier address.
    const code = await this.deps.repos.otps.issue(emailCodeFor(me.id), 'email', EMAIL_CODE_TTL_MS);
    const minutes = Math.round(EMAIL_CODE_TTL_MS / 60_000);
    await this.deps.messenger.send(emailChangeCodeEmail(this.deps.shopName, email, me.firstname, code, minutes), EMAIL_CODE_FAILED);
    return code;
  }

  /**
   * The code sent to the pending e-mail proves it: the account's e-mail becomes that address (unless
   * another account took it meanwhile), and the former address is told. The code works for this account
   * and its latest pending address only, once, within EMAIL_CODE_TTL_MS and EMAIL_CODE_TRIES tries.
   */
  async confirmEmail(me: CustomerRow, emailTyped: string, code: string): Promise<CustomerRow> {
    const email = normalEmail(emailTyped);
    if (me.pending_email !== email) throw fieldError('otp', NO_CODE);
    acceptCode(await this.deps.repos.otps.verify(emailCodeFor(me.id), 'email', code, EMAIL_CODE_TRIES));
    const updated = await this.deps.tx(async (r) => {
      const owner = await r.customers.byEmail(email);
      if (owner && owner.id !== me.id) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      return r.customers.update(me.id, { email, pending_email: null });
    });
    if (me.email !== email) await this.notifyChange(me, { newEmail: email, password: false });
    return updated;
  }

  /**
   * Tells the address the account had that its e-mail or password changed (an account without an e-mail,
   * OTP only, has nowhere to be told). After the change is saved, and never undoing it: a mail server that
   * fails is logged by the messenger, and the shopper's change stands.
   */
  private async notifyChange(before: CustomerRow, change: { newEmail?: string; password: boolean }): Promise<void> {
    if (!before.email) return;
    await this.deps.messenger
      .send(
        accountChangedEmail(this.deps.shopName, before.email, before.firstname, change, this.deps.storeUrl),
        'The change notice was not sent',
      )
      .catch(() => undefined);
  }

  /**
   * Starts a password reset: a one-time link by e-mail to a known account. Returns the token (the caller
   * shows it in development only), or null when the e-mail is unknown: the caller answers the same either way.
   */
  async requestReset(limits: IdentityLimits, emailTyped: string): Promise<string | null> {
    const email = normalEmail(emailTyped);
    // Per e-mail whatever the address, known or not: nobody can flood a mailbox with reset links.
    await limits.hit('forgotPasswordEmail', email, 'Too many reset requests for this email. Please try again in {after}.');
    const customer = await this.deps.repos.customers.byEmail(email);
    if (!customer?.email) return null;
    const token = await this.deps.repos.customers.createResetToken(customer.id);
    const link = `${this.deps.storeUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.messenger.send(
      passwordResetEmail(this.deps.shopName, customer.email, customer.firstname, link, RESET_MINUTES),
      'Something went wrong. Please try again.',
    );
    return token;
  }

  /** A new password with a reset token: the token is spent and every session of the account ends. */
  async resetWithToken(token: string, password: string, confirm: string | undefined): Promise<void> {
    if (confirm !== undefined && confirm !== password) throw fieldError('confirm_password', 'Passwords must match');
    const passwordHash = await this.deps.hash(password);
    await this.deps.tx(async (r) => {
      const customerId = await r.customers.consumeResetToken(token);
      if (customerId === undefined) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
      await r.customers.update(customerId, { password_hash: passwordHash });
      await r.customers.revokeAllSessions(customerId);
    });
  }

  /** The signed-in customer's new password, after the old one (counted like a sign-in); other devices sign in again. */
  async changePassword(
    limits: IdentityLimits,
    me: CustomerRow,
    sessionId: number | null,
    input: { old_password: string; new_password: string; confirm_password: string },
  ): Promise<void> {
    if (input.new_password !== input.confirm_password) throw fieldError('confirm_password', 'Passwords must match');
    if (!(await this.passwordMatches(limits, me, input.old_password, accountKey(me)))) {
      throw fieldError('old_password', 'Old password is incorrect');
    }
    const passwordHash = await this.deps.hash(input.new_password);
    await this.deps.tx(async (r) => {
      await r.customers.update(me.id, { password_hash: passwordHash });
      await r.customers.revokeAllSessions(me.id, sessionId ?? undefined);
    });
    await this.notifyChange(me, { password: true });
  }
}
