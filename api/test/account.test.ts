import { get, loginDemo, makeApp, ok, post, registerCustomer, STORE_TOKEN, type TestApp } from './helpers';
import type { AuthData, Customer } from '@storefront/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('register', () => {
  it('creates a customer and signs them in', async () => {
    const a = await post<AuthData>(t.app, '/customer/register', {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'Ravi.Kumar@Example.in',
      password: 'Pass@word',
      mobile: '9123456780',
    });
    const data = ok(a, 201);
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(data.email_verification_token).toBeNull();
    expect(data.customer).toMatchObject({
      firstname: 'Ravi',
      lastname: 'Kumar',
      email: 'ravi.kumar@example.in',
      phone_number: '9123456780',
      alt_phone_number: '9123456780',
      shipping_address: null,
    });
    const me = ok(await get<{ customer: Customer }>(t.app, '/customer/profile', { token: data.token }));
    expect(me.customer.id).toBe(data.customer.id);
  });

  it('enforces the spec §5 rules with its messages', async () => {
    const a = await post(t.app, '/customer/register', {
      firstName: 'R',
      lastName: 'x'.repeat(51),
      email: 'not-an-email',
      password: 'abcdefg',
      mobile: '0123456789',
    });
    expect(a.status).toBe(400);
    expect(a.body.errors).toEqual({
      firstName: 'Must be at least 2 characters',
      lastName: 'Cannot exceed 50 characters',
      email: 'Must be a valid email address',
      password: 'Must contain at least one special character',
      mobile: 'Must be a valid 10-digit number',
    });
    const empty = await post(t.app, '/customer/register', { firstName: '  ', email: '', password: 'a@1' });
    expect(empty.body.errors).toEqual({
      firstName: 'This field is required',
      lastName: 'This field is required',
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
    });
    expect(empty.body.message).toBe('This field is required');
    const noMobile = ok(
      await post<AuthData>(t.app, '/customer/register', {
        firstName: 'Nomo',
        lastName: 'Bile',
        email: 'nomobile@example.in',
        password: 'Pass@word',
        mobile: '',
      }),
      201,
    );
    expect(noMobile.customer.phone_number).toBeNull();
    const missingPassword = await post(t.app, '/customer/register', { firstName: 'Ravi', lastName: 'Kumar', email: 'a@b.in' });
    expect(missingPassword.body.errors).toEqual({ password: 'Password is required' });
  });

  it('refuses a taken e-mail or mobile with 409', async () => {
    const dupEmail = await post(t.app, '/customer/register', {
      firstName: 'Demo',
      lastName: 'Again',
      email: DEMO_CUSTOMER.email.toUpperCase(),
      password: 'Pass@word',
    });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.errors?.email).toBe('An account with this email already exists');
    const dupMobile = await post(t.app, '/customer/register', {
      firstName: 'Demo',
      lastName: 'Again',
      email: 'new1@example.in',
      password: 'Pass@word',
      mobile: DEMO_CUSTOMER.mobile,
    });
    expect(dupMobile.status).toBe(409);
    expect(dupMobile.body.errors?.mobile).toBeDefined();
    // Nor a mobile known only from a guest's OTP checkout: that would hand over the guest's orders.
    const guestMobile = '9811122233';
    const code = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile: guestMobile })).otp;
    ok(await post(t.app, '/otp/verify/checkout', { mobile: guestMobile, otp: code }));
    const claim = await post(t.app, '/customer/register', {
      firstName: 'Eve',
      lastName: 'Taker',
      email: 'eve@example.in',
      password: 'Pass@word',
      mobile: guestMobile,
    });
    expect(claim.status).toBe(409);
  });

  it('stores the password hashed with scrypt', async () => {
    const c = await registerCustomer(t.app);
    const row = await t.db.selectFrom('customers').select('password_hash').where('id', '=', c.customer.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(row.password_hash).not.toContain(c.password);
  });
});

describe('login and sessions', () => {
  it('signs the demo customer in and refuses wrong credentials', async () => {
    const token = await loginDemo(t.app);
    expect(token).toBeTruthy();
    const wrong = await post(t.app, '/customer/login', { email: DEMO_CUSTOMER.email, password: 'Wrong@123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password' });
    const unknown = await post(t.app, '/customer/login', { email: 'nobody@example.in', password: 'Wrong@123' });
    expect(unknown.status).toBe(401);
    const invalid = await post(t.app, '/customer/login', { email: 'x', password: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ email: 'Must be a valid email address', password: 'Password is required' });
  });

  it('stores only a hash of the bearer token', async () => {
    const token = await loginDemo(t.app);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('needs a bearer token on customer calls', async () => {
    expect((await get(t.app, '/customer/profile')).status).toBe(401);
    const bad = await get(t.app, '/customer/profile', { token: 'made-up' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ success: false, message: 'Unauthenticated' });
  });

  it('logout checks the store token and revokes the bearer', async () => {
    const token = await loginDemo(t.app);
    const wrong = await post(t.app, '/customer/logout', { user_token: 'wrong' }, { token });
    expect(wrong.status).toBe(403);
    expect((await get(t.app, '/customer/profile', { token })).status).toBe(200);
    const out = await post(t.app, '/customer/logout', { user_token: STORE_TOKEN }, { token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logout successful');
    expect((await get(t.app, '/customer/profile', { token })).status).toBe(401);
  });

  it('expires sessions after 30 days', async () => {
    const c = await registerCustomer(t.app);
    t.clock.advance(29 * 86_400_000);
    expect((await get(t.app, '/customer/profile', { token: c.token })).status).toBe(200);
    t.clock.advance(2 * 86_400_000);
    expect((await get(t.app, '/customer/profile', { token: c.token })).status).toBe(401);
  });
});

describe('passwords', () => {
  it('changes the password with the old one; other sessions end', async () => {
    const c = await registerCustomer(t.app);
    const other = ok(await post<AuthData>(t.app, '/customer/login', { email: c.email, password: c.password })).token;
    const wrongOld = await post(
      t.app,
      '/customer/reset-password',
      { old_password: 'Nope@123', new_password: 'Fresh@123', confirm_password: 'Fresh@123' },
      { token: c.token },
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.errors).toEqual({ old_password: 'Old password is incorrect' });
    const mismatch = await post(
      t.app,
      '/customer/reset-password',
      { old_password: c.password, new_password: 'Fresh@123', confirm_password: 'Fresh@124' },
      { token: c.token },
    );
    expect(mismatch.body.errors).toEqual({ confirm_password: 'Passwords must match' });
    const missing = await post(
      t.app,
      '/customer/reset-password',
      { new_password: 'Fresh@123', confirm_password: 'Fresh@123' },
      { token: c.token },
    );
    expect(missing.body.errors).toEqual({ old_password: 'Old password is required' });
    const done = await post(
      t.app,
      '/customer/reset-password',
      { old_password: c.password, new_password: 'Fresh@123', confirm_password: 'Fresh@123' },
      { token: c.token },
    );
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Password changed successfully');
    expect((await get(t.app, '/customer/profile', { token: c.token })).status).toBe(200);
    expect((await get(t.app, '/customer/profile', { token: other })).status).toBe(401);
    expect((await post(t.app, '/customer/login', { email: c.email, password: 'Fresh@123' })).status).toBe(200);
  });

  it('resets a forgotten password with a one-time token', async () => {
    const c = await registerCustomer(t.app);
    const unknown = await post<{ reset_token?: string }>(t.app, '/customer/forgot-password', { email: 'ghost@example.in' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data?.reset_token).toBeUndefined();
    const sent = ok(await post<{ reset_token: string }>(t.app, '/customer/forgot-password', { email: c.email }));
    expect(sent.reset_token).toBeTruthy();
    const mismatch = await post(t.app, '/customer/token-password', {
      token: sent.reset_token,
      password: 'Reset@123',
      confirm_password: 'Reset@12',
    });
    expect(mismatch.body.errors).toEqual({ confirm_password: 'Passwords must match' });
    const weak = await post(t.app, '/customer/token-password', {
      token: sent.reset_token,
      password: 'weakpass',
      confirm_password: 'weakpass',
    });
    expect(weak.body.errors).toEqual({ password: 'Must contain at least one special character' });
    const done = await post(t.app, '/customer/token-password', {
      token: sent.reset_token,
      password: 'Reset@123',
      confirm_password: 'Reset@123',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Password reset successfully');
    expect((await get(t.app, '/customer/profile', { token: c.token })).status).toBe(401);
    const again = await post(t.app, '/customer/token-password', {
      token: sent.reset_token,
      password: 'Other@123',
      confirm_password: 'Other@123',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Reset link is invalid or has expired');
    expect((await post(t.app, '/customer/login', { email: c.email, password: 'Reset@123' })).status).toBe(200);
  });

  it('refuses a reset token after an hour', async () => {
    const c = await registerCustomer(t.app);
    const sent = ok(await post<{ reset_token: string }>(t.app, '/customer/forgot-password', { email: c.email }));
    t.clock.advance(61 * 60_000);
    const late = await post(t.app, '/customer/token-password', {
      token: sent.reset_token,
      password: 'Reset@123',
      confirm_password: 'Reset@123',
    });
    expect(late.status).toBe(400);
  });
});
