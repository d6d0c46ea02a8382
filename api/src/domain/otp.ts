/**
 * One-time codes by mobile (spec §4, issues 3, 13, 34, 35): 6 digits, stored hashed, OTP_TTL_MS to use
 * one, at most OTP_MAX_TRIES tries per code; sends and wrong codes limited per mobile and per client
 * network (docs/api-contract.md "Reference server details"). A mobile signs in to an account only once a
 * code to it was verified there; proof wins over a claim, and the account that lost the mobile is told.
 * No Fastify here: the routes validate, call these with the request's limits, and shape the answer.
 */
import { MOBILE_UNPROVEN_MESSAGE as MOBILE_UNPROVEN, type AuthData } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { CustomerRow } from '../db/repositories/customers';
import type { OtpPurpose } from '../db/repositories/otps';
import { conflict, notFound, retryOnUniqueViolation } from '../lib/errors';
import { authData, MOBILE_TAKEN, tellClaimsDropped, type AccountDeps, type Accounts, type DroppedClaims } from './account';
import { acceptCode } from './codes';
import type { IdentityLimits } from './limits';
import { otpCodeSms } from '../messages/texts';

/** How long a code can be used. */
export const OTP_TTL_MS = 5 * 60_000;
/** Tries of one code, right or wrong; the code is dead after them. */
export const OTP_MAX_TRIES = 5;

export const NOT_REGISTERED = 'Mobile number is not registered. Please sign up.';
const SEND_FAILED = 'Failed to send OTP. Please try again.';
const TOO_MANY_SENDS = 'Too many OTPs were sent to this number. Please try again in {after}.';
const RESEND_TOO_SOON = 'Please wait {after} before requesting a new OTP';
const TOO_MANY_WRONG = 'Too many wrong OTPs for this number. Please try again in {after}.';

export type OtpDeps = Pick<AccountDeps, 'repos' | 'tx' | 'messenger' | 'shopName' | 'storeUrl'> & {
  /** Whether resends of one mobile and purpose are throttled at all (OTP_RESEND_SECONDS > 0). */
  resendThrottled: boolean;
};

/** Issues a code for `purpose` and sends it by SMS; returns it (the caller shows it in development only). */
export async function sendCode(deps: OtpDeps, limits: IdentityLimits, purpose: OtpPurpose, mobile: string): Promise<string> {
  // One atomic counter per mobile and purpose: a read of the last code and then a write let simultaneous
  // requests (on PostgreSQL, or on two API processes) each send one.
  if (deps.resendThrottled) await limits.hit('otpResend', `${purpose}:${mobile}`, RESEND_TOO_SOON);
  await limits.hit('otpSendMobile', mobile, TOO_MANY_SENDS);
  const code = await deps.repos.otps.issue(mobile, purpose, OTP_TTL_MS);
  const minutes = Math.round(OTP_TTL_MS / 60_000);
  await deps.messenger.send(otpCodeSms(deps.shopName, mobile, code, minutes), SEND_FAILED);
  return code;
}

/**
 * The account a sign-in code to `mobile` may open: the one that proved it. An account holding it unproven
 * gets a 409 saying how to sign in instead (the same mobile is refused at sign-up, so "not registered"
 * would leave the shopper between two pages); nobody holding it, the spec's "not registered".
 */
async function signInAccount(deps: OtpDeps, mobile: string): Promise<CustomerRow> {
  const holder = await deps.repos.customers.byMobile(mobile);
  if (!holder) throw notFound(NOT_REGISTERED);
  if (holder.mobile_verified_at === null) throw conflict(MOBILE_UNPROVEN, { mobile: MOBILE_UNPROVEN });
  return holder;
}

/** A guest's code: for checkout to any mobile, for sign-in only to a mobile verified on an account. */
export async function sendGuestCode(deps: OtpDeps, limits: IdentityLimits, purpose: 'checkout' | 'login', mobile: string): Promise<string> {
  if (purpose === 'login') await signInAccount(deps, mobile);
  return sendCode(deps, limits, purpose, mobile);
}

/** Spends a try of the live code; throws the shopper-facing error unless `code` is the right one. */
export async function checkCode(
  repos: Repositories,
  limits: IdentityLimits,
  purpose: OtpPurpose,
  mobile: string,
  code: string,
): Promise<void> {
  const key = `${mobile}@${limits.network}`;
  await limits.check('otpWrongMobile', key, TOO_MANY_WRONG);
  const result = await repos.otps.verify(mobile, purpose, code, OTP_MAX_TRIES);
  // Only a try of a live code counts: a dead code's tries are spent already and prove nothing more.
  if (result === 'invalid' || result === 'spent') await limits.fail('otpWrongMobile', key);
  acceptCode(result);
}

/** A verified checkout code signs in to the account whose verified mobile it is, else to a new guest account. */
export async function verifyCheckoutCode(deps: OtpDeps, limits: IdentityLimits, mobile: string, code: string): Promise<AuthData> {
  await checkCode(deps.repos, limits, 'checkout', mobile, code);
  const { customer, existing, token, dropped } = await retryOnUniqueViolation(() =>
    deps.tx(async (r) => {
      const owner = await r.customers.byVerifiedMobile(mobile);
      let c = owner;
      let dropped: DroppedClaims = [];
      if (!c) {
        // Whoever only typed this mobile in at sign-up loses it to the person who just proved it is theirs.
        dropped = await r.customers.releaseUnverifiedMobile(mobile);
        c = await r.customers.create({
          firstname: '',
          lastname: '',
          email: null,
          phone_number: mobile,
          alt_phone_number: null,
          password_hash: null,
          address: null,
          pincode: null,
          city: null,
          state: null,
          address_alt_phone: null,
        });
        c = await r.customers.markMobileVerified(c.id);
      }
      // "Existing" means a completed account; a mobile seen only at an earlier guest checkout is still a guest.
      return { customer: c, existing: Boolean(owner?.email), token: await r.customers.createSession(c.id, { otp: true }), dropped };
    }),
  );
  await tellClaimsDropped(deps, dropped, mobile);
  return authData(customer, token, { is_existing_customer: existing });
}

/** A verified sign-in code signs in to the account whose verified mobile it is. */
export async function verifyLoginCode(deps: OtpDeps, limits: IdentityLimits, mobile: string, code: string): Promise<AuthData> {
  const customer = await signInAccount(deps, mobile);
  await checkCode(deps.repos, limits, 'login', mobile, code);
  const token = await deps.repos.customers.createSession(customer.id, { otp: true });
  return authData(customer, token, { is_existing_customer: true });
}

/** A signed-in customer asks to prove a mobile: refused when another account holds it verified. */
export async function sendVerificationCode(deps: OtpDeps, limits: IdentityLimits, me: CustomerRow, mobile: string): Promise<string> {
  const holder = await deps.repos.customers.byVerifiedMobile(mobile);
  if (holder && holder.id !== me.id) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
  return sendCode(deps, limits, 'verify', mobile);
}

/**
 * The code proves the mobile: it becomes the account's sign-in mobile (taken from an account that only
 * typed it in), and this session counts as freshly verified (an account without a password may then
 * change its e-mail, see domain/account).
 */
export async function verifyMobile(
  deps: OtpDeps,
  limits: IdentityLimits,
  me: CustomerRow,
  sessionId: number | null,
  mobile: string,
  code: string,
): Promise<CustomerRow> {
  await checkCode(deps.repos, limits, 'verify', mobile, code);
  const { customer, dropped } = await retryOnUniqueViolation(() =>
    deps.tx(async (r) => {
      const holder = await r.customers.byVerifiedMobile(mobile);
      if (holder && holder.id !== me.id) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
      const released = me.phone_number !== mobile ? await r.customers.releaseUnverifiedMobile(mobile) : [];
      await r.customers.update(me.id, { phone_number: mobile });
      if (sessionId !== null) await r.customers.markSessionOtpVerified(sessionId);
      return { customer: await r.customers.markMobileVerified(me.id), dropped: released };
    }),
  );
  await tellClaimsDropped(deps, dropped, mobile);
  return customer;
}

/**
 * Sign-up's first step (issue 34): the registration would be accepted (e-mail free, mobile not proved by
 * another account), so a code goes to its mobile.
 */
export async function sendSignUpCode(
  deps: OtpDeps,
  accounts: Accounts,
  limits: IdentityLimits,
  input: { email: string; mobile: string },
): Promise<string> {
  await accounts.assertRegistrable(input.email, input.mobile, true);
  return sendCode(deps, limits, 'signup', input.mobile);
}

/**
 * Sign-up's second step: the code sent to the mobile checks out, and the account is created holding it
 * verified (see Accounts.register). The registration is checked before the code is spent on it.
 */
export async function registerWithCode(
  deps: OtpDeps,
  accounts: Accounts,
  limits: IdentityLimits,
  input: Parameters<Accounts['register']>[0] & { mobile: string; otp: string },
): Promise<AuthData> {
  const { otp, ...registration } = input;
  await accounts.assertRegistrable(registration.email, registration.mobile, true);
  await checkCode(deps.repos, limits, 'signup', registration.mobile, otp);
  return accounts.register(registration, { mobileProven: true });
}
