import type { FastifyReply } from 'fastify';
import { answer, body, fields, replies, reply, security, type RoutesPlugin } from '../schemas';
import { forbidden } from '../lib/errors';
import { safeEqual } from '../lib/crypto';
import { toCustomer } from '../domain/wire';
import { sendGuestCode, sendVerificationCode, verifyCheckoutCode, verifyLoginCode, verifyMobile, type OtpDeps } from '../domain/otp';

/**
 * One-time codes by mobile (the rules: domain/otp). Guests send with the store token; a signed-in customer
 * proves a mobile for the account. Codes leave only by SMS; in development also in the answer (spec §8
 * toast) and the outbox.
 */
export const otpRoutes: RoutesPlugin = async (app) => {
  const deps: OtpDeps = {
    repos: app.repos,
    tx: app.tx,
    messenger: app.messenger,
    shopName: app.config.shopName,
    storeUrl: app.config.storeUrl,
    resendThrottled: app.config.limits.otpResend.windowMs > 0,
  };
  const sendLimit = { preHandler: app.limits.perAddress('otpSendAddress') };
  const verifyLimit = { preHandler: app.limits.perAddress('otpVerifyAddress') };

  const sendBody = body(
    {
      user_token: { type: 'string', minLength: 1, maxLength: 200, 'x-messages': { required: 'user_token is required' } },
      mobile: fields.mobile,
    },
    ['user_token', 'mobile'],
  );
  const sendResponse = reply(answer({ otp: { type: 'string', description: 'development only' } }, ['otp']));
  const sent = (code: string) => ({ success: true, message: 'OTP sent successfully', data: app.config.dev ? { otp: code } : {} });

  async function send(purpose: 'checkout' | 'login', userToken: string, mobile: string, res: FastifyReply) {
    if (!safeEqual(userToken, app.config.storeToken)) throw forbidden('Invalid store token');
    return sent(await sendGuestCode(deps, app.limits.forRequest(res), purpose, mobile));
  }

  app.post(
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

  app.post(
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

  app.post(
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
    async (req, res) => ({
      success: true,
      message: 'OTP verified successfully',
      data: await verifyCheckoutCode(deps, app.limits.forRequest(res), req.body.mobile, req.body.otp),
    }),
  );

  app.post(
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
    async (req, res) => ({
      success: true,
      message: 'OTP verified successfully',
      data: await verifyLoginCode(deps, app.limits.forRequest(res), req.body.mobile, req.body.otp),
    }),
  );

  // A signed-in customer proves a mobile (the one typed at sign-up, or a new one): only then can it sign in.
  const mobileBody = body({ mobile: fields.mobile }, ['mobile']);
  app.post(
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
    async (req, res) => sent(await sendVerificationCode(deps, app.limits.forRequest(res), req.requireCustomer(), req.body.mobile)),
  );

  app.post(
    '/customer/mobile/verify',
    {
      config: { auth: 'customer' },
      ...verifyLimit,
      schema: {
        tags: ['otp'],
        summary: "Verify the OTP: the mobile becomes the account's sign-in mobile",
        security: security.customer,
        body: verifyBody,
        response: reply(replies.customerData),
      },
    },
    async (req, res) => {
      const { mobile, otp } = req.body;
      const updated = await verifyMobile(deps, app.limits.forRequest(res), req.requireCustomer(), req.sessionId, mobile, otp);
      return { success: true, message: 'Mobile number verified successfully', data: { customer: toCustomer(updated) } };
    },
  );
};
