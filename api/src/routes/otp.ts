import type { FastifyInstance, FastifyRequest } from 'fastify';
import { body, f, reply, s, security } from '../schemas';
import { badRequest, forbidden, notFound, tooMany } from '../lib/errors';
import { safeEqual } from '../lib/crypto';
import type { OtpPurpose } from '../db/repositories/otps';
import { authData, authLimit } from './account';

const NOT_REGISTERED = 'Mobile number is not registered. Please sign up.';

const mobileOf = (req: FastifyRequest): string => {
  const b = req.body as Record<string, unknown> | undefined;
  return typeof b?.mobile === 'string' ? b.mobile : '';
};

/**
 * One-time codes by mobile (spec §4, issue 3): 6 digits, stored hashed, 5 minutes, at most 5 wrong tries,
 * resends throttled. No SMS gateway here: in development the send answer carries the code (spec §8).
 */
export async function otpRoutes(app: FastifyInstance): Promise<void> {
  const { otps, customers } = app.repos;

  const sendBody = body({
    user_token: { type: 'string', minLength: 1, maxLength: 200, 'x-messages': { required: 'user_token is required' } },
    mobile: f.mobile,
  }, ['user_token', 'mobile']);
  const sendResponse = reply({ type: 'object', properties: { otp: { type: 'string', description: 'development only' } } });

  async function send(purpose: OtpPurpose, userToken: string, mobile: string) {
    if (!safeEqual(userToken, app.config.storeToken)) throw forbidden('Invalid store token');
    if (purpose === 'login' && !(await customers.byMobile(mobile))) throw notFound(NOT_REGISTERED);
    const since = await otps.sinceLastSend(mobile, purpose);
    const wait = app.config.otpResendSeconds * 1000;
    if (since !== null && since < wait) {
      throw tooMany(`Please wait ${Math.ceil((wait - since) / 1000)} seconds before requesting a new OTP`);
    }
    const code = await otps.issue(mobile, purpose);
    return { success: true, message: 'OTP sent successfully', data: app.config.dev ? { otp: code } : {} };
  }

  async function check(purpose: OtpPurpose, mobile: string, code: string) {
    const result = await otps.verify(mobile, purpose, code);
    if (result === 'ok') return;
    if (result === 'locked') throw tooMany('Too many wrong attempts. Please request a new OTP.');
    if (result === 'expired') throw badRequest('OTP has expired. Please request a new one.', { otp: 'OTP has expired. Please request a new one.' });
    if (result === 'missing') throw badRequest('Please request an OTP first', { otp: 'Please request an OTP first' });
    throw badRequest('Invalid OTP', { otp: 'Invalid OTP' });
  }

  app.post<{ Body: { user_token: string; mobile: string } }>('/otp/send', {
    config: { rateLimit: authLimit(app, 'otp-send', mobileOf) },
    schema: { tags: ['otp'], summary: 'Send a checkout OTP to any mobile', security: security.apiKey, body: sendBody, response: sendResponse },
  }, async (req) => send('checkout', req.body.user_token, req.body.mobile));

  app.post<{ Body: { user_token: string; mobile: string } }>('/login/otp', {
    config: { rateLimit: authLimit(app, 'otp-login', mobileOf) },
    schema: { tags: ['otp'], summary: 'Send a sign-in OTP to a registered mobile', security: security.apiKey, body: sendBody, response: sendResponse },
  }, async (req) => send('login', req.body.user_token, req.body.mobile));

  const verifyBody = body({ mobile: f.mobile, otp: f.otp }, ['mobile', 'otp']);

  app.post<{ Body: { mobile: string; otp: string } }>('/otp/verify/checkout', {
    config: { rateLimit: authLimit(app, 'otp-verify', mobileOf) },
    schema: {
      tags: ['otp'], summary: 'Verify a checkout OTP: finds or creates the customer of the mobile', security: security.apiKey,
      body: verifyBody, response: reply(s.authData),
    },
  }, async (req) => {
    const { mobile, otp } = req.body;
    await check('checkout', mobile, otp);
    const found = await customers.byMobile(mobile);
    // "Existing" means a completed account; a mobile seen only at an earlier guest checkout is still a guest.
    const existing = Boolean(found?.email);
    const customer =
      found ??
      (await customers.create({
        firstname: '', lastname: '', email: null, phone_number: mobile, alt_phone_number: null, password_hash: null,
        address: null, pincode: null, city: null, state: null, address_alt_phone: null,
      }));
    const token = await customers.createSession(customer.id);
    return { success: true, message: 'OTP verified successfully', data: authData(customer, token, { is_existing_customer: existing }) };
  });

  app.post<{ Body: { mobile: string; otp: string } }>('/otp/verify/login', {
    config: { rateLimit: authLimit(app, 'otp-verify', mobileOf) },
    schema: { tags: ['otp'], summary: 'Verify a sign-in OTP', security: security.apiKey, body: verifyBody, response: reply(s.authData) },
  }, async (req) => {
    const { mobile, otp } = req.body;
    const customer = await customers.byMobile(mobile);
    if (!customer) throw notFound(NOT_REGISTERED);
    await check('login', mobile, otp);
    const token = await customers.createSession(customer.id);
    return { success: true, message: 'OTP verified successfully', data: authData(customer, token, { is_existing_customer: true }) };
  });
}
