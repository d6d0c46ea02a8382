import type { FastifyInstance, FastifyReply } from 'fastify';
import { body, fields, reply, replies, security } from '../schemas';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../lib/errors';
import { safeEqual } from '../lib/crypto';
import { OTP_TTL_MS, type OtpPurpose } from '../db/repositories/otps';
import { toCustomer } from '../db/repositories/customers';
import { authData } from '../domain/account';
import { otpCodeSms } from '../messages';

const NOT_REGISTERED = 'Mobile number is not registered. Please sign up.';
const MOBILE_TAKEN = 'An account with this mobile number already exists';
const SEND_FAILED = 'Failed to send OTP. Please try again.';
const TOO_MANY_SENDS = 'Too many OTPs were sent to this number. Please try again in {after}.';
const RESEND_TOO_SOON = 'Please wait {after} before requesting a new OTP';
const TOO_MANY_WRONG = 'Too many wrong OTPs for this number. Please try again in {after}.';

/**
 * One-time codes by mobile (spec §4, issues 3 and 13): 6 digits, stored hashed, 5 minutes, at most 5 wrong
 * tries per code and `otpWrongMobile` per mobile across codes, `otpSendMobile` sends per mobile whatever
 * the address, resends throttled. Codes leave only by SMS; in development also in the answer (spec §8
 * toast) and the outbox.
 *
 * Ownership: a mobile signs in to an account only once an OTP to it was verified there. A verified OTP
 * checkout takes the mobile away from an account that merely typed it in at sign-up.
 */
export async function otpRoutes(app: FastifyInstance): Promise<void> {
  const { otps, customers } = app.repos;
  const sendLimit = { preHandler: app.limits.perAddress('otpSendAddress') };
  const verifyLimit = { preHandler: app.limits.perAddress('otpVerifyAddress') };

  const sendBody = body(
    {
      user_token: { type: 'string', minLength: 1, maxLength: 200, 'x-messages': { required: 'user_token is required' } },
      mobile: fields.mobile,
    },
    ['user_token', 'mobile'],
  );
  const sendResponse = reply({ type: 'object', properties: { otp: { type: 'string', description: 'development only' } } });

  /** Issues a code and sends it by SMS; the answer carries it in development only. */
  async function deliver(purpose: OtpPurpose, mobile: string, res: FastifyReply) {
    // One atomic counter per mobile and purpose: a read of the last code and then a write let simultaneous
    // requests (on PostgreSQL, or on two API processes) each send one.
    if (app.config.limits.otpResend.windowMs > 0) await app.limits.hit('otpResend', `${purpose}:${mobile}`, res, RESEND_TOO_SOON);
    await app.limits.hit('otpSendMobile', mobile, res, TOO_MANY_SENDS);
    const code = await otps.issue(mobile, purpose);
    const minutes = Math.round(OTP_TTL_MS / 60_000);
    await app.messenger.send(otpCodeSms(app.config.shopName, mobile, code, minutes), SEND_FAILED);
    return { success: true, message: 'OTP sent successfully', data: app.config.dev ? { otp: code } : {} };
  }

  async function send(purpose: 'checkout' | 'login', userToken: string, mobile: string, res: FastifyReply) {
    if (!safeEqual(userToken, app.config.storeToken)) throw forbidden('Invalid store token');
    if (purpose === 'login' && !(await customers.byVerifiedMobile(mobile))) throw notFound(NOT_REGISTERED);
    return deliver(purpose, mobile, res);
  }

  async function check(purpose: OtpPurpose, mobile: string, code: string, res: FastifyReply) {
    await app.limits.check('otpWrongMobile', mobile, res, TOO_MANY_WRONG);
    const result = await otps.verify(mobile, purpose, code);
    if (result === 'ok') return;
    if (result === 'invalid' || result === 'locked') await app.limits.fail('otpWrongMobile', mobile);
    if (result === 'locked') throw tooMany('Too many wrong attempts. Please request a new OTP.');
    if (result === 'expired')
      throw badRequest('OTP has expired. Please request a new one.', { otp: 'OTP has expired. Please request a new one.' });
    if (result === 'missing') throw badRequest('Please request an OTP first', { otp: 'Please request an OTP first' });
    throw badRequest('Invalid OTP', { otp: 'Invalid OTP' });
  }

  app.post<{ Body: { user_token: string; mobile: string } }>(
    '/otp/send',
    {
      ...sendLimit,
      schema: {
        tags: ['otp'],
        summary: 'Send a checkout OTP to any mobile',
        security: security.apiKey,
        body: sendBody,
        response: sendResponse,
      },
    },
    async (req, res) => send('checkout', req.body.user_token, req.body.mobile, res),
  );

  app.post<{ Body: { user_token: string; mobile: string } }>(
    '/login/otp',
    {
      ...sendLimit,
      schema: {
        tags: ['otp'],
        summary: 'Send a sign-in OTP to a verified mobile of an account',
        security: security.apiKey,
        body: sendBody,
        response: sendResponse,
      },
    },
    async (req, res) => send('login', req.body.user_token, req.body.mobile, res),
  );

  const verifyBody = body({ mobile: fields.mobile, otp: fields.otp }, ['mobile', 'otp']);

  app.post<{ Body: { mobile: string; otp: string } }>(
    '/otp/verify/checkout',
    {
      ...verifyLimit,
      schema: {
        tags: ['otp'],
        summary: 'Verify a checkout OTP: signs in to the account whose verified mobile it is, else a new guest',
        security: security.apiKey,
        body: verifyBody,
        response: reply(replies.authData),
      },
    },
    async (req, res) => {
      const { mobile, otp } = req.body;
      await check('checkout', mobile, otp, res);
      const { customer, existing, token } = await app.tx(async (r) => {
        const owner = await r.customers.byVerifiedMobile(mobile);
        let c = owner;
        if (!c) {
          // Whoever only typed this mobile in at sign-up loses it to the person who just proved it is theirs.
          await r.customers.releaseUnverifiedMobile(mobile);
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
        return { customer: c, existing: Boolean(owner?.email), token: await r.customers.createSession(c.id, { otp: true }) };
      });
      return { success: true, message: 'OTP verified successfully', data: authData(customer, token, { is_existing_customer: existing }) };
    },
  );

  app.post<{ Body: { mobile: string; otp: string } }>(
    '/otp/verify/login',
    {
      ...verifyLimit,
      schema: {
        tags: ['otp'],
        summary: 'Verify a sign-in OTP',
        security: security.apiKey,
        body: verifyBody,
        response: reply(replies.authData),
      },
    },
    async (req, res) => {
      const { mobile, otp } = req.body;
      const customer = await customers.byVerifiedMobile(mobile);
      if (!customer) throw notFound(NOT_REGISTERED);
      await check('login', mobile, otp, res);
      const token = await customers.createSession(customer.id, { otp: true });
      return { success: true, message: 'OTP verified successfully', data: authData(customer, token, { is_existing_customer: true }) };
    },
  );

  // A signed-in customer proves a mobile (the one typed at sign-up, or a new one): only then can it sign in.
  const mobileBody = body({ mobile: fields.mobile }, ['mobile']);
  app.post<{ Body: { mobile: string } }>(
    '/customer/mobile/send-otp',
    {
      config: { auth: 'customer' },
      ...sendLimit,
      schema: {
        tags: ['otp'],
        summary: 'Send an OTP to verify a mobile for the signed-in account',
        security: security.customer,
        body: mobileBody,
        response: sendResponse,
      },
    },
    async (req, res) => {
      const me = req.requireCustomer();
      const holder = await customers.byVerifiedMobile(req.body.mobile);
      if (holder && holder.id !== me.id) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
      return deliver('verify', req.body.mobile, res);
    },
  );

  app.post<{ Body: { mobile: string; otp: string } }>(
    '/customer/mobile/verify',
    {
      config: { auth: 'customer' },
      ...verifyLimit,
      schema: {
        tags: ['otp'],
        summary: "Verify the OTP: the mobile becomes the account's sign-in mobile",
        security: security.customer,
        body: verifyBody,
        response: reply({ type: 'object', required: ['customer'], properties: { customer: replies.customer } }),
      },
    },
    async (req, res) => {
      const me = req.requireCustomer();
      const { mobile, otp } = req.body;
      await check('verify', mobile, otp, res);
      const updated = await app.tx(async (r) => {
        const holder = await r.customers.byVerifiedMobile(mobile);
        if (holder && holder.id !== me.id) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
        if (me.phone_number !== mobile) await r.customers.releaseUnverifiedMobile(mobile);
        await r.customers.update(me.id, { phone_number: mobile });
        if (req.sessionId !== null) await r.customers.markSessionOtpVerified(req.sessionId);
        return r.customers.markMobileVerified(me.id);
      });
      return { success: true, message: 'Mobile number verified successfully', data: { customer: toCustomer(updated) } };
    },
  );
}
