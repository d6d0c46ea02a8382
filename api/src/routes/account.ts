import type { FastifyInstance, FastifyReply } from 'fastify';
import { body, fields, reply, replies, security } from '../schemas';
import { AppError, badRequest, conflict, fieldError, forbidden } from '../lib/errors';
import { RESET_MINUTES } from '../db/repositories/customers';
import { hashPassword, safeEqual, verifyPassword } from '../lib/crypto';
import { toCustomer } from '../db/repositories/customers';
import { authData } from '../domain/account';
import { passwordResetEmail } from '../messages';

/** How recent an OTP verification must be to stand in for the password of an account that has none. */
export const FRESH_OTP_MS = 15 * 60_000;

const TOO_MANY_FAILURES = 'Too many failed sign-in attempts for this account. Please try again in {after}.';
const WRONG_CURRENT = 'Current password is incorrect';

const EMAIL_TAKEN = 'An account with this email already exists';
const MOBILE_TAKEN = 'An account with this mobile number already exists';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { customers } = app.repos;
  const customerAuth = { auth: 'customer' as const };
  const hash = (password: string) => hashPassword(password, app.config.scrypt);
  const decoyHash = hash('decoy password, never matches a login attempt');

  /**
   * A password check that counts failures per account (`loginFailures`): a stolen session cannot try
   * passwords at full speed either. Throws 429 while the account is locked; returns whether it matched.
   */
  async function passwordMatches(
    customer: { email: string | null; password_hash: string | null },
    password: string,
    key: string,
    res: FastifyReply,
  ): Promise<boolean> {
    await app.limits.check('loginFailures', key, res, TOO_MANY_FAILURES);
    // An unknown e-mail costs the same scrypt as a known one, so timing does not reveal accounts.
    const matches = await verifyPassword(password, customer.password_hash ?? (await decoyHash));
    if (!matches || !customer.password_hash) {
      await app.limits.fail('loginFailures', key);
      return false;
    }
    await app.limits.reset('loginFailures', key);
    return true;
  }
  const accountKey = (c: { id: number; email: string | null }) => (c.email ? `email:${c.email}` : `customer:${c.id}`);

  app.post<{ Body: { firstName: string; lastName: string; email: string; password: string; mobile?: string } }>(
    '/customer/register',
    {
      preHandler: app.limits.perAddress('register'),
      schema: {
        tags: ['account'],
        summary: 'Register a customer (spec §5 registration rules)',
        security: security.apiKey,
        body: body(
          { firstName: fields.name, lastName: fields.name, email: fields.email, password: fields.password, mobile: fields.optionalMobile },
          ['firstName', 'lastName', 'email', 'password'],
        ),
        response: reply(replies.authData, {}, 201),
      },
    },
    async (req, res) => {
      const b = req.body;
      const email = b.email.trim().toLowerCase();
      if (await customers.byEmail(email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      // The mobile is saved unverified: it signs in only after an OTP to it is verified (issue 13). One on
      // file stays taken (a guest's from an OTP checkout completes its account through update-user-details).
      const mobile = b.mobile || null;
      if (mobile && (await customers.byMobile(mobile))) throw conflict(MOBILE_TAKEN, { mobile: MOBILE_TAKEN });
      const customer = await customers.create({
        firstname: b.firstName.trim(),
        lastname: b.lastName.trim(),
        email,
        password_hash: await hash(b.password),
        phone_number: mobile,
        alt_phone_number: null,
        address: null,
        pincode: null,
        city: null,
        state: null,
        address_alt_phone: null,
      });
      const token = await customers.createSession(customer.id);
      res.status(201);
      return { success: true, message: 'Registration successful', data: authData(customer, token) };
    },
  );

  app.post<{ Body: { firstname: string; lastname: string; email: string; password?: string; current_password?: string } }>(
    '/customer/update-user-details',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary:
          'Names, e-mail and password of the signed-in customer. Changing the e-mail or password needs current_password, or for an account without one an OTP verified in the last 15 minutes; a new password signs out every other session',
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
        response: reply({ type: 'object', required: ['customer'], properties: { customer: replies.customer } }),
      },
    },
    async (req, res) => {
      const me = req.requireCustomer();
      const email = req.body.email.trim().toLowerCase();
      const newPassword = req.body.password;
      const sensitive = email !== me.email || Boolean(newPassword);
      if (sensitive) {
        if (me.password_hash) {
          const current = req.body.current_password;
          if (!current) throw fieldError('current_password', 'Current password is required');
          if (!(await passwordMatches(me, current, accountKey(me), res))) throw fieldError('current_password', WRONG_CURRENT);
        } else {
          const at = req.sessionId === null ? null : await customers.sessionOtpVerifiedAt(req.sessionId);
          if (at === null || app.clock.now() - at > FRESH_OTP_MS) {
            throw forbidden('For your security, please verify your mobile number with a new OTP before changing your email or password.');
          }
        }
      }
      const owner = await customers.byEmail(email);
      if (owner && owner.id !== me.id) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const patch: Parameters<typeof customers.update>[1] = {
        firstname: req.body.firstname.trim(),
        lastname: req.body.lastname.trim(),
        email,
      };
      if (newPassword) patch.password_hash = await hash(newPassword);
      const updated = await app.tx(async (r) => {
        const c = await r.customers.update(me.id, patch);
        // A new password signs out every other device (whoever else held a session loses it); this one stays.
        if (newPassword) await r.customers.revokeAllSessions(me.id, req.sessionId ?? undefined);
        return c;
      });
      return { success: true, message: 'Details updated successfully', data: { customer: toCustomer(updated) } };
    },
  );

  app.post<{ Body: { email: string; password: string } }>(
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
    async (req, res) => {
      const email = req.body.email.trim().toLowerCase();
      const customer = await customers.byEmail(email);
      // Failures are counted per e-mail typed, known or not, so the lock-out reveals nothing about accounts.
      const matches = await passwordMatches(
        customer ?? { email, password_hash: null },
        req.body.password,
        accountKey({ id: 0, email }),
        res,
      );
      if (!customer || !matches) throw new AppError(401, 'Invalid email or password');
      const token = await customers.createSession(customer.id);
      return { success: true, message: 'Login successful.', data: authData(customer, token) };
    },
  );

  app.post<{ Body: { user_token: string } }>(
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
        response: reply({ type: 'object', required: ['customer'], properties: { customer: replies.customer } }),
      },
    },
    async (req) => ({ success: true, data: { customer: toCustomer(req.requireCustomer()) } }),
  );

  app.post<{ Body: { email: string } }>(
    '/customer/forgot-password',
    {
      preHandler: app.limits.perAddress('forgotPassword'),
      schema: {
        tags: ['account'],
        summary: 'Start a password reset: a one-time link by e-mail (the token is in the answer in development only)',
        security: security.apiKey,
        body: body({ email: fields.email }, ['email']),
        response: reply({ type: 'object', properties: { reset_token: { type: 'string' } } }),
      },
    },
    async (req, res) => {
      const email = req.body.email.trim().toLowerCase();
      // Per e-mail whatever the address, known or not: nobody can flood a mailbox with reset links.
      await app.limits.hit('forgotPasswordEmail', email, res, 'Too many reset requests for this email. Please try again in {after}.');
      const customer = await customers.byEmail(email);
      // The same answer whether or not the e-mail is known, so the call cannot be used to find accounts.
      const message = 'If an account exists for this email, a password reset link has been sent.';
      if (!customer?.email) return { success: true, message, data: {} };
      const token = await customers.createResetToken(customer.id);
      const link = `${app.config.storeUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await app.messenger.send(
        passwordResetEmail(app.config.shopName, customer.email, customer.firstname, link, RESET_MINUTES),
        'Something went wrong. Please try again.',
      );
      return { success: true, message, data: app.config.dev ? { reset_token: token } : {} };
    },
  );

  app.post<{ Body: { token: string; password: string; confirm_password?: string } }>(
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
    async (req) => {
      const { token, password, confirm_password } = req.body;
      if (confirm_password !== undefined && confirm_password !== password) throw fieldError('confirm_password', 'Passwords must match');
      const passwordHash = await hash(password);
      await app.tx(async (r) => {
        const customerId = await r.customers.consumeResetToken(token);
        if (customerId === undefined)
          throw badRequest('Reset link is invalid or has expired', { token: 'Reset link is invalid or has expired' });
        await r.customers.update(customerId, { password_hash: passwordHash });
        await r.customers.revokeAllSessions(customerId);
      });
      return { success: true, message: 'Password reset successfully' };
    },
  );

  app.post<{ Body: { old_password: string; new_password: string; confirm_password: string } }>(
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
      const me = req.requireCustomer();
      const { old_password, new_password, confirm_password } = req.body;
      if (new_password !== confirm_password) throw fieldError('confirm_password', 'Passwords must match');
      if (!(await passwordMatches(me, old_password, accountKey(me), res))) throw fieldError('old_password', 'Old password is incorrect');
      const passwordHash = await hash(new_password);
      await app.tx(async (r) => {
        await r.customers.update(me.id, { password_hash: passwordHash });
        // Other devices sign in again; this one stays signed in.
        await r.customers.revokeAllSessions(me.id, req.sessionId ?? undefined);
      });
      return { success: true, message: 'Password changed successfully' };
    },
  );

  app.post<{ Body: { address: string; pincode: string; city: string; state: string; alt_phone_number?: string | null } }>(
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
        response: reply({ type: 'object', required: ['customer'], properties: { customer: replies.customer } }),
      },
    },
    async (req) => {
      const me = req.requireCustomer();
      const b = req.body;
      const updated = await customers.update(me.id, {
        address: b.address.trim(),
        pincode: b.pincode,
        city: b.city.trim(),
        state: b.state.trim(),
        address_alt_phone: b.alt_phone_number || null,
        ...(b.alt_phone_number ? { alt_phone_number: b.alt_phone_number } : {}),
      });
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
        response: reply({ type: 'object', properties: { data: { anyOf: [replies.shippingAddress, { type: 'null' }] } } }),
      },
    },
    async (req) => ({ success: true, data: { data: toCustomer(req.requireCustomer()).shipping_address } }),
  );

  app.post<{ Body: { firstname: string; lastname: string } }>(
    '/customer/account-details',
    {
      config: customerAuth,
      schema: {
        tags: ['account'],
        summary: 'Change first and last name',
        security: security.customer,
        body: body({ firstname: fields.name, lastname: fields.name }, ['firstname', 'lastname']),
        response: reply({ type: 'object', required: ['customer'], properties: { customer: replies.customer } }),
      },
    },
    async (req) => {
      const me = req.requireCustomer();
      const updated = await customers.update(me.id, { firstname: req.body.firstname.trim(), lastname: req.body.lastname.trim() });
      return { success: true, message: 'Account details updated successfully', data: { customer: toCustomer(updated) } };
    },
  );
}
