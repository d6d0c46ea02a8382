/**
 * Accounts (spec §3 AuthData, §5, issue 13): registration, sign-in with the per-account lock-out, the
 * proof a sensitive change needs, password reset and change, and the notice of a change to the account's
 * former address. Failed password checks count per account and client network (`loginFailures`), per
 * e-mail typed, known or not; the lock-out's design: docs/api-contract.md ("Reference server details").
 * No Fastify here: the routes validate, call these with the request's limits, and shape the answer.
 */
import type { AuthData, RegisterPayload } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import { RESET_MINUTES, type CustomerRow } from '../db/repositories/customers';
import { toCustomer } from './wire';
import type { Clock } from '../lib/clock';
import { verifyPassword } from '../lib/crypto';
import { AppError, badRequest, conflict, fieldError, forbidden, retryOnUniqueViolation } from '../lib/errors';
import type { Message } from '../messages';
import { accountChangedEmail, emailChangeCodeEmail, mobileClaimDroppedEmail, passwordResetEmail } from '../messages/texts';
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
export const EMAIL_TAKEN = 'An account with this email already exists';
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
/** The failure counter of an account on the client's network; every network's starts with `accountKey@`. */
const failureKey = (limits: IdentityLimits, c: { id: number; email: string | null }) => `${accountKey(c)}@${limits.network}`;

/** Accounts that lost a mobile they never proved to somebody who proved it (customers.releaseUnverifiedMobile). */
export type DroppedClaims = Pick<CustomerRow, 'id' | 'email'>[];

/**
 * Tells each account that lost its unproven claim on `mobile` (issue 34), after the change is saved and
 * never undoing it: a mail server that fails is logged by the messenger. An account without an e-mail has
 * nowhere to be told.
 */
export async function tellClaimsDropped(
  deps: Pick<AccountDeps, 'messenger' | 'shopName' | 'storeUrl'>,
  dropped: DroppedClaims,
  mobile: string,
): Promise<void> {
  for (const c of dropped) {
    if (!c.email) continue;
    await deps.messenger
      .send(mobileClaimDroppedEmail(deps.shopName, c.email, mobile, deps.storeUrl), 'The mobile notice was not sent')
      .catch(() => undefined);
  }
}

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
    const key = failureKey(limits, { id: 0, email });
    const matches = await this.passwordMatches(limits, customer ?? { email, password_hash: null }, password, key);
    if (!customer || !matches) throw new AppError(401, 'Invalid email or password');
    return authData(customer, await this.deps.repos.customers.createSession(customer.id));
  }

  /**
   * Refuses a registration before anything is spent on it (a code, a hash): the e-mail is taken, or the
   * mobile is held by another account, verified or, unless `mobileProven`, not.
   */
  async assertRegistrable(emailTyped: string, mobile: string | null, mobileProven: boolean): Promise<void> {
    const { customers } = this.deps.repos;
    if (await customers.byEmail(normalEmail(emailTyped))) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const holder = mobile ? await customers.byMobile(mobile) : undefined;
    if (holder && (holder.mobile_verified_at !== null || !mobileProven)) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
  }

  /**
   * A new account (the contract's payload; the mobile may be left out or empty). Without `mobileProven`
   * the mobile is saved unverified (spec §7's register call): it signs in only after an OTP to it is
   * verified from My Account (issue 13), and another account holding it, verified or not, refuses it.
   * With `mobileProven` (the caller checked a code sent to it, issue 34) the account holds it verified,
   * taking it from an account that only claimed it; that account's owner is told.
   *
   * One transaction, tried again once after a unique-key conflict: two sign-ups racing for one e-mail
   * or mobile leave exactly one holding it, and the other gets the 409 a second look finds.
   */
  async register(input: Omit<RegisterPayload, 'mobile'> & { mobile?: string }, opts: { mobileProven?: boolean } = {}): Promise<AuthData> {
    const email = normalEmail(input.email);
    const mobile = input.mobile || null;
    const proven = mobile !== null && opts.mobileProven === true;
    await this.assertRegistrable(email, mobile, proven);
    const values = {
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
    };
    const create = () =>
      this.deps.tx(async (r) => {
        const owner = await r.customers.byEmail(email);
        if (owner) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
        const holder = mobile ? await r.customers.byMobile(mobile) : undefined;
        if (holder && (holder.mobile_verified_at !== null || !proven)) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
        const dropped = holder && mobile ? await r.customers.releaseUnverifiedMobile(mobile) : [];
        let customer = await r.customers.create(values);
        if (proven) customer = await r.customers.markMobileVerified(customer.id);
        return { customer, dropped, token: await r.customers.createSession(customer.id, { otp: proven }) };
      });
    const made = await retryOnUniqueViolation(create);
    if (mobile) await tellClaimsDropped(this.deps, made.dropped, mobile);
    return authData(made.customer, made.token);
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
        if (!(await this.passwordMatches(limits, me, current, failureKey(limits, me)))) throw fieldError('current_password', WRONG_CURRENT);
      } else {
        const at = sessionId === null ? null : await customers.sessionOtpVerifiedAt(sessionId);
        if (at === null || this.deps.clock.now() - at > FRESH_OTP_MS) {
          throw forbidden('For your security, please verify your mobile number with a new OTP before changing your email or password.');
        }
      }
    }
    const owner = await customers.byEmail(email);
    if (owner && owner.id !== me.id) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    const passwordHash = newPassword ? await this.deps.hash(newPassword) : undefined;
    // The code goes out before the rest is saved: a mail server that fails leaves the account as it was.
    const pending = proveEmail ? { email, code: await this.sendEmailCode(limits, me, email) } : undefined;
    const patch: Parameters<typeof customers.update>[1] = {
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      ...(proveEmail ? {} : { email }),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    };
    const updated = await this.deps.tx(async (r) => {
      const c = await r.customers.update(me.id, patch);
      if (passwordHash) {
        // A new password signs out every other device (whoever else held a session loses it); this one
        // stays. A reset link mailed before it must not undo it.
        await r.customers.revokeAllSessions(me.id, sessionId ?? undefined);
        await r.customers.retireResetTokens(me.id);
      }
      return c;
    });
    const newEmail = !proveEmail && email !== me.email ? email : undefined;
    if (newEmail || newPassword) await this.notifyChange(me, { newEmail, password: Boolean(newPassword) });
    return { customer: updated, pending };
  }

  /**
   * Makes `email` the account's pending e-mail and mails it the code that proves it; returns the code
   * (shown in development only). The pending address and its code are written in one transaction, and the
   * code checks out for that address only: two changes racing cannot leave one address pending while the
   * code mailed to the other confirms it (issue 35).
   */
  private async sendEmailCode(limits: IdentityLimits, me: CustomerRow, email: string): Promise<string> {
    await limits.hit('emailCodeSend', email, TOO_MANY_EMAIL_CODES);
    // One new e-mail is pending at a time: this code retires one sent to an earlier address.
    const code = await this.deps.tx(async (r) => {
      await r.customers.update(me.id, { pending_email: email });
      return r.otps.issue(emailCodeFor(me.id), 'email', EMAIL_CODE_TTL_MS, email);
    });
    const minutes = Math.round(EMAIL_CODE_TTL_MS / 60_000);
    try {
      await this.deps.messenger.send(emailChangeCodeEmail(this.deps.shopName, email, me.firstname, code, minutes), EMAIL_CODE_FAILED);
    } catch (err) {
      await this.deps.repos.customers.clearPendingEmail(me.id, email);
      throw err;
    }
    return code;
  }

  /**
   * The code sent to the pending e-mail proves it: the account's e-mail becomes that address (unless
   * another account took it meanwhile), and the former address is told. The code works for this account
   * and the address it was mailed to only, once, within EMAIL_CODE_TTL_MS and EMAIL_CODE_TRIES tries.
   * Every other session ends and every reset link is retired: those were given to whoever held the old
   * address, which no longer answers for the account.
   */
  async confirmEmail(me: CustomerRow, sessionId: number | null, emailTyped: string, code: string): Promise<CustomerRow> {
    const email = normalEmail(emailTyped);
    if (me.pending_email !== email) throw fieldError('otp', NO_CODE);
    acceptCode(await this.deps.repos.otps.verify(emailCodeFor(me.id), 'email', code, EMAIL_CODE_TRIES, email));
    const updated = await this.deps.tx(async (r) => {
      const owner = await r.customers.byEmail(email);
      if (owner && owner.id !== me.id) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const c = await r.customers.update(me.id, { email, pending_email: null });
      await r.customers.revokeAllSessions(me.id, sessionId ?? undefined);
      await r.customers.retireResetTokens(me.id);
      return c;
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

  /**
   * A new password with a reset token: the token and every other link of the account are spent, every
   * session ends, and the account's failed sign-ins are forgotten on every network (the owner proved the
   * mailbox: a stranger's failures must not keep them out of the new password).
   */
  async resetWithToken(limits: IdentityLimits, token: string, password: string, confirm: string | undefined): Promise<void> {
    if (confirm !== undefined && confirm !== password) throw fieldError('confirm_password', 'Passwords must match');
    // The token is looked up before the password is hashed: a made-up token costs one indexed read, not a
    // scrypt (issue 35 item 4). The transaction below spends it, so two uses at once still set one password.
    if (!(await this.deps.repos.customers.liveResetToken(token))) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
    const passwordHash = await this.deps.hash(password);
    const customer = await this.deps.tx(async (r) => {
      const customerId = await r.customers.consumeResetToken(token);
      if (customerId === undefined) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
      const c = await r.customers.update(customerId, { password_hash: passwordHash });
      await r.customers.revokeAllSessions(customerId);
      await r.customers.retireResetTokens(customerId);
      return c;
    });
    await limits.resetAll('loginFailures', `${accountKey(customer)}@`);
  }

  /** The signed-in customer's new password, after the old one (counted like a sign-in); other devices sign in again. */
  async changePassword(
    limits: IdentityLimits,
    me: CustomerRow,
    sessionId: number | null,
    input: { old_password: string; new_password: string; confirm_password: string },
  ): Promise<void> {
    if (input.new_password !== input.confirm_password) throw fieldError('confirm_password', 'Passwords must match');
    if (!(await this.passwordMatches(limits, me, input.old_password, failureKey(limits, me)))) {
      throw fieldError('old_password', 'Old password is incorrect');
    }
    const passwordHash = await this.deps.hash(input.new_password);
    await this.deps.tx(async (r) => {
      await r.customers.update(me.id, { password_hash: passwordHash });
      await r.customers.revokeAllSessions(me.id, sessionId ?? undefined);
      await r.customers.retireResetTokens(me.id);
    });
    await this.notifyChange(me, { password: true });
  }
}
