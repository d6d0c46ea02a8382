import { answer, body, fields, orNull, replies, reply, security, type RoutesPlugin } from '../schemas';
import { fieldError, forbidden } from '../lib/errors';
import { hashPassword, safeEqual } from '../lib/crypto';
import { toCustomer } from '../domain/wire';
import { Accounts, type AccountDeps } from '../domain/account';
import { saveDefaultAddress } from '../domain/addresses';
import { registerWithCode, sendSignUpCode, type OtpDeps } from '../domain/otp';

/** Account calls of spec §7 (the rules: domain/account). */
export const accountRoutes: RoutesPlugin = async (app) => {
  const { customers } = app.repos;
  const customerAuth = { auth: 'customer' as const };
  const accountDeps: AccountDeps = {
    repos: app.repos,
    tx: app.tx,
    clock: app.clock,
    messenger: app.messenger,
    storeUrl: app.config.storeUrl,
    shopName: app.config.shopName,
    hash: (password) => hashPassword(password, app.config.scrypt),
  };
  const accounts = new Accounts(accountDeps);
  // Sign-up proves the mobile with the OTP rules (same sender, limits and resend gap as every code).
  const otpDeps: OtpDeps = { ...accountDeps, resendThrottled: app.config.limits.otpResend.windowMs > 0 };
  const registration = { firstName: fields.name, lastName: fields.name, email: fields.email, password: fields.password };

  app.post(
    '/customer/register/send-otp',
    {
      preHandler: app.limits.perAddress('otpSendAddress'),
      schema: {
        tags: ['account'],
        summary:
          "Sign-up's first step: checks the registration (e-mail free, mobile not proved by another account) and sends a code to its mobile; POST /customer/register with it as `otp` creates the account holding the mobile verified",
        security: security.apiKey,
        body: body({ ...registration, mobile: fields.mobile }, ['firstName', 'lastName', 'email', 'password', 'mobile']),
        response: reply(answer({ otp: { type: 'string', description: 'development only' } }, ['otp'])),
      },
    },
    async (req, res) => {
      const code = await sendSignUpCode(otpDeps, accounts, app.limits.forRequest(res), req.body);
      return { success: true, message: 'OTP sent successfully', data: app.config.dev ? { otp: code } : {} };
    },
  );

  app.post(
    '/customer/register',
    {
      preHandler: app.limits.perAddress('register'),
      schema: {
        tags: ['account'],
        summary:
          'Register a customer (spec §5 registration rules). With `otp` (from /customer/register/send-otp) the account holds the mobile verified, taken from an account that only claimed it; without, the mobile stays unverified until proved in My Account',
        security: security.apiKey,
        body: body({ ...registration, mobile: fields.optionalMobile, otp: fields.otp }, ['firstName', 'lastName', 'email', 'password']),
        response: reply(replies.authData, {}, 201),
      },
    },
    async (req, res) => {
      const { otp, mobile, ...rest } = req.body;
      if (otp !== undefined && !mobile) throw fieldError('mobile', 'Phone number is required');
      const data =
        otp === undefined || !mobile
          ? await accounts.register(req.body)
          : await registerWithCode(otpDeps, accounts, app.limits.forRequest(res), { ...rest, mobile, otp });
      res.status(201);
      return { success: true, message: 'Registration successful', data };
    },
  );

  app.post(
    '/customer/update-user-details',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary:
          "Names, e-mail and password of the signed-in customer. Changing the e-mail or password needs current_password, or for an account without one an OTP verified in the last 15 minutes; a new password signs out every other session. An account that has an e-mail keeps it until the new one is proved: the answer's pending_email got a code, and POST /customer/email/verify with it makes the change",
        security: security.customer,
        body: body(
          {
            firstname: fields.name,
            lastname: fields.name,
            email: fields.email,
            password: fields.password,
            current_password: {
              ...fields.loginPassword,
              'x-messages': { required: 'Current password is required', invalid: 'Current password is required' },
            },
          },
          ['firstname', 'lastname', 'email'],
        ),
        response: reply(
          answer(
            {
              customer: replies.customer,
              pending_email: { type: 'string', description: 'the new e-mail, still to be proved with the code sent to it' },
              otp: { type: 'string', description: 'development only' },
            },
            ['pending_email', 'otp'],
          ),
        ),
      },
    },
    async (req, res) => {
      const { customer, pending } = await accounts.updateDetails(
        app.limits.forRequest(res),
        req.requireCustomer(),
        req.sessionId,
        req.body,
      );
      if (!pending) return { success: true, message: 'Details updated successfully', data: { customer: toCustomer(customer) } };
      return {
        success: true,
        message: `We sent an OTP to ${pending.email}. Enter it to change your email.`,
        data: { customer: toCustomer(customer), pending_email: pending.email, ...(app.config.dev ? { otp: pending.code } : {}) },
      };
    },
  );

  app.post(
    '/customer/email/verify',
    {
      config: customerAuth,
      preHandler: app.limits.perAddress('otpVerifyAddress'),
      schema: {
        tags: ['account'],
        summary: "The code sent to the new e-mail (update-user-details' pending_email): the account's e-mail becomes it",
        security: security.customer,
        body: body({ email: fields.email, otp: fields.otp }, ['email', 'otp']),
        response: reply(replies.customerData),
      },
    },
    async (req) => {
      const updated = await accounts.confirmEmail(req.requireCustomer(), req.sessionId, req.body.email, req.body.otp);
      return { success: true, message: 'Email updated successfully', data: { customer: toCustomer(updated) } };
    },
  );

  app.post(
    '/customer/login',
    {
      preHandler: app.limits.perAddress('login'),
      schema: {
        tags: ['account'],
        summary: 'Sign in with e-mail and password (failures per account lock it for a growing time)',
        security: security.apiKey,
        body: body({ email: fields.email, password: fields.loginPassword }, ['email', 'password']),
        response: reply(replies.authData),
      },
    },
    async (req, res) => ({
      success: true,
      message: 'Login successful.',
      data: await accounts.signIn(app.limits.forRequest(res), req.body.email, req.body.password),
    }),
  );

  app.post(
    '/customer/logout',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'Revoke the bearer token',
        security: security.customer,
        body: body({ user_token: { type: 'string', minLength: 1, maxLength: 200, 'x-messages': { required: 'user_token is required' } } }, [
          'user_token',
        ]),
        response: reply(),
      },
    },
    async (req) => {
      if (!safeEqual(req.body.user_token, app.config.storeToken)) throw forbidden('Invalid store token');
      if (req.sessionId !== null) await customers.revokeSession(req.sessionId);
      return { success: true, message: 'Logout successful' };
    },
  );

  app.get(
    '/customer/profile',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'The signed-in customer',
        security: security.customer,
        response: reply(replies.customerData),
      },
    },
    async (req) => ({ success: true, data: { customer: toCustomer(req.requireCustomer()) } }),
  );

  app.post(
    '/customer/forgot-password',
    {
      preHandler: app.limits.perAddress('forgotPassword'),
      schema: {
        tags: ['account'],
        summary: 'Start a password reset: a one-time link by e-mail (the token is in the answer in development only)',
        security: security.apiKey,
        body: body({ email: fields.email }, ['email']),
        response: reply(answer({ reset_token: { type: 'string' } }, ['reset_token'])),
      },
    },
    async (req, res) => {
      const token = await accounts.requestReset(app.limits.forRequest(res), req.body.email);
      // The same answer whether or not the e-mail is known, so the call cannot be used to find accounts.
      const message = 'If an account exists for this email, a password reset link has been sent.';
      return { success: true, message, data: token !== null && app.config.dev ? { reset_token: token } : {} };
    },
  );

  app.post(
    '/customer/token-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset token',
        security: security.apiKey,
        body: body(
          {
            token: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              'x-messages': { required: 'Reset token is required', invalid: 'Reset link is invalid or has expired' },
            },
            password: fields.password,
            confirm_password: { type: 'string', maxLength: 128, 'x-messages': { invalid: 'Passwords must match' } },
          },
          ['token', 'password'],
        ),
        response: reply(),
      },
    },
    async (req, res) => {
      await accounts.resetWithToken(app.limits.forRequest(res), req.body.token, req.body.password, req.body.confirm_password);
      return { success: true, message: 'Password reset successfully' };
    },
  );

  app.post(
    '/customer/reset-password',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'Change the password of the signed-in customer',
        security: security.customer,
        body: body(
          {
            old_password: {
              ...fields.loginPassword,
              'x-messages': { required: 'Old password is required', invalid: 'Old password is required' },
            },
            new_password: fields.password,
            confirm_password: {
              type: 'string',
              minLength: 1,
              maxLength: 128,
              'x-messages': { required: 'Please confirm your password', invalid: 'Passwords must match' },
            },
          },
          ['old_password', 'new_password', 'confirm_password'],
        ),
        response: reply(),
      },
    },
    async (req, res) => {
      await accounts.changePassword(app.limits.forRequest(res), req.requireCustomer(), req.sessionId, req.body);
      return { success: true, message: 'Password changed successfully' };
    },
  );

  app.post(
    '/customer/shipping-address',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'Save the shipping address',
        security: security.customer,
        body: body(
          { address: fields.address, pincode: fields.pincode, city: fields.city, state: fields.state, alt_phone_number: fields.altPhone },
          ['address', 'pincode', 'city', 'state'],
        ),
        response: reply(replies.customerData),
      },
    },
    async (req) => {
      const me = req.requireCustomer();
      const b = req.body;
      // Issue 39: the default address of the address book, which the customer's own columns mirror.
      await saveDefaultAddress(app.tx, me.id, b);
      const updated = await customers.update(me.id, b.alt_phone_number ? { alt_phone_number: b.alt_phone_number } : {});
      return { success: true, message: 'Shipping address saved successfully', data: { customer: toCustomer(updated) } };
    },
  );

  app.get(
    '/customer/get-shipping-address',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'The saved shipping address (null when none)',
        security: security.customer,
        response: reply(answer({ data: orNull(replies.shippingAddress) })),
      },
    },
    async (req) => ({ success: true, data: { data: toCustomer(req.requireCustomer()).shipping_address } }),
  );

  app.post(
    '/customer/account-details',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'Change first and last name',
        security: security.customer,
        body: body({ firstname: fields.name, lastname: fields.name }, ['firstname', 'lastname']),
        response: reply(replies.customerData),
      },
    },
    async (req) => {
      const me = req.requireCustomer();
      const updated = await customers.update(me.id, { firstname: req.body.firstname.trim(), lastname: req.body.lastname.trim() });
      return { success: true, message: 'Account details updated successfully', data: { customer: toCustomer(updated) } };
    },
  );
};
