// Changing an account: profile and address, a new e-mail proved by a code, notices of changes, their limits.
import { productionLimits } from '../src/config';
import { get, makeApp, ok, post, registerCustomer, STORE_TOKEN, uniqueMobile, type TestApp } from './helpers';
import type { AuthData, Customer, ShippingAddress } from '@storefront/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('profile, address, details', () => {
  it('saves and returns the shipping address', async () => {
    const c = await registerCustomer(t.app);
    const none = ok(await get<{ data: ShippingAddress | null }>(t.app, '/customer/get-shipping-address', { token: c.token }));
    expect(none.data).toBeNull();
    const bad = await post(
      t.app,
      '/customer/shipping-address',
      { address: '', pincode: '56001', city: ' ', state: '' },
      { token: c.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      address: 'Address is required',
      pincode: 'Must be a valid 6-digit pincode',
      city: 'City is required',
      state: 'State is required',
    });
    const missingPin = await post(t.app, '/customer/shipping-address', { address: 'x', city: 'y', state: 'z' }, { token: c.token });
    expect(missingPin.body.errors).toEqual({ pincode: 'Pincode is required' });
    const saved = ok(
      await post<{ customer: Customer }>(
        t.app,
        '/customer/shipping-address',
        { address: '14 Park Street', pincode: '700016', city: 'Kolkata', state: 'West Bengal', alt_phone_number: '9000000001' },
        { token: c.token },
      ),
    );
    expect(saved.customer.shipping_address).toEqual({
      address: '14 Park Street',
      pincode: '700016',
      city: 'Kolkata',
      state: 'West Bengal',
      alt_phone_number: '9000000001',
    });
    expect(saved.customer.alt_phone_number).toBe('9000000001');
    const read = ok(await get<{ data: ShippingAddress | null }>(t.app, '/customer/get-shipping-address', { token: c.token }));
    expect(read.data?.city).toBe('Kolkata');
    expect((await get(t.app, '/customer/get-shipping-address')).status).toBe(401);
  });

  it('updates first and last name', async () => {
    const c = await registerCustomer(t.app);
    const done = ok(
      await post<{ customer: Customer }>(t.app, '/customer/account-details', { firstname: 'Meera', lastname: 'Iyer' }, { token: c.token }),
    );
    expect(done.customer).toMatchObject({ firstname: 'Meera', lastname: 'Iyer' });
    const bad = await post(t.app, '/customer/account-details', { firstname: 'M' }, { token: c.token });
    expect(bad.body.errors).toEqual({ firstname: 'Must be at least 2 characters', lastname: 'This field is required' });
  });

  it('lets an OTP guest complete the account, refusing someone else’s e-mail', async () => {
    const mobile = '9988776655';
    const sent = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }));
    const guest = ok(await post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp: sent.otp }));
    expect(guest.is_existing_customer).toBe(false);
    const taken = await post(
      t.app,
      '/customer/update-user-details',
      { firstname: 'Kiran', lastname: 'Rao', email: DEMO_CUSTOMER.email },
      { token: guest.token },
    );
    expect(taken.status).toBe(409);
    const done = ok(
      await post<{ customer: Customer }>(
        t.app,
        '/customer/update-user-details',
        { firstname: 'Kiran', lastname: 'Rao', email: 'kiran@example.in', password: 'Kiran@123' },
        { token: guest.token },
      ),
    );
    expect(done.customer).toMatchObject({ firstname: 'Kiran', lastname: 'Rao', email: 'kiran@example.in', phone_number: mobile });
    expect((await post(t.app, '/customer/login', { email: 'kiran@example.in', password: 'Kiran@123' })).status).toBe(200);
  });
});

/**
 * An account's new e-mail is proved by a code sent to it before the account moves there: until then the
 * old address keeps the account's receipts, password resets and sign-in.
 */
describe('a new e-mail is proved by a code sent to it', () => {
  type Mail = { subject: string; text: string };
  const inbox = async (address: string) => ok(await get<Mail[]>(t.app, `/dev/outbox?to=${encodeURIComponent(address)}`));
  const ask = (c: { email: string; password: string; token: string }, email: string) =>
    post<{ customer: Customer; pending_email: string; otp: string }>(
      t.app,
      '/customer/update-user-details',
      { firstname: 'Asha', lastname: 'Verma', email, current_password: c.password },
      { token: c.token },
    );
  const verify = (token: string, email: string, otp: string) =>
    post<{ customer: Customer }>(t.app, '/customer/email/verify', { email, otp }, { token });

  it('keeps the old e-mail until the code sent to the new one is entered; the names are saved at once', async () => {
    const c = await registerCustomer(t.app);
    const moved = `new.${c.email}`;
    const res = await ask(c, moved);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`We sent an OTP to ${moved}. Enter it to change your email.`);
    const asked = ok(res);
    expect(asked.pending_email).toBe(moved);
    expect(asked.customer).toMatchObject({ email: c.email, lastname: 'Verma' });
    const [mail, ...more] = await inbox(moved);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`${asked.otp} is your Storefront e-mail code`);
    expect(mail?.text).toContain(`Enter ${asked.otp} on Storefront within 15 minutes`);
    // The account still answers to its old address, not yet to the new one.
    expect((await get<{ customer: Customer }>(t.app, '/customer/profile', { token: c.token })).body.data?.customer.email).toBe(c.email);
    expect((await post(t.app, '/customer/login', { email: moved, password: c.password })).status).toBe(401);

    // The account page can ask for the code again after a reload.
    expect(asked.customer.pending_email).toBe(moved);
    expect((await get<{ customer: Customer }>(t.app, '/customer/profile', { token: c.token })).body.data?.customer.pending_email).toBe(
      moved,
    );

    const done = ok(await verify(c.token, moved, asked.otp));
    expect(done.customer).toMatchObject({ email: moved, pending_email: null });
    expect((await post(t.app, '/customer/login', { email: moved, password: c.password })).status).toBe(200);
    expect((await post(t.app, '/customer/login', { email: c.email, password: c.password })).status).toBe(401);
    // The code is spent.
    expect((await verify(c.token, moved, asked.otp)).body.errors).toEqual({ otp: 'Please request an OTP first' });
  });

  it('a code works for its account and its address only, five tries, fifteen minutes', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const moved = `new.${c.email}`;
    const { otp } = ok(await ask(c, moved));
    const wrong = otp === '000000' ? '111111' : '000000';
    // Another account, or another address, has no code to match.
    expect((await verify(other.token, moved, otp)).body.errors).toEqual({ otp: 'Please request an OTP first' });
    expect((await verify(c.token, `other.${c.email}`, otp)).body.errors).toEqual({ otp: 'Please request an OTP first' });
    for (let i = 0; i < 4; i += 1) {
      const res = await verify(c.token, moved, wrong);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ otp: 'Invalid OTP' });
    }
    // The fifth try is the last, right or wrong; the right code after it is too late.
    expect((await verify(c.token, moved, wrong)).status).toBe(429);
    expect((await verify(c.token, moved, otp)).status).toBe(429);

    const again = ok(await ask(c, moved));
    t.clock.advance(15 * 60_000 + 1);
    expect((await verify(c.token, moved, again.otp)).body.errors).toEqual({ otp: 'OTP has expired. Please request a new one.' });
    expect((await get<{ customer: Customer }>(t.app, '/customer/profile', { token: c.token })).body.data?.customer.email).toBe(c.email);
  });

  it('one new e-mail is pending at a time: asking for another retires the first one’s code', async () => {
    const c = await registerCustomer(t.app);
    const first = ok(await ask(c, `first.${c.email}`));
    const second = ok(await ask(c, `second.${c.email}`));
    expect((await verify(c.token, `first.${c.email}`, first.otp)).body.errors).toEqual({ otp: 'Please request an OTP first' });
    expect(ok(await verify(c.token, `second.${c.email}`, second.otp)).customer.email).toBe(`second.${c.email}`);
  });

  it('an address taken by another account meanwhile is refused at the code; the account keeps its e-mail', async () => {
    const c = await registerCustomer(t.app);
    const wanted = `wanted.${c.email}`;
    const { otp } = ok(await ask(c, wanted));
    await registerCustomer(t.app, { email: wanted });
    const late = await verify(c.token, wanted, otp);
    expect(late.status).toBe(409);
    expect(late.body.errors).toEqual({ email: 'An account with this email already exists' });
    expect((await post(t.app, '/customer/login', { email: c.email, password: c.password })).status).toBe(200);
    // And an address already taken gets no code at all.
    expect((await ask(c, wanted)).status).toBe(409);
    expect(await inbox(wanted)).toHaveLength(1);
  });

  it('an address gets at most 5 codes an hour, whoever asks', async () => {
    const limited = await makeApp({ limits: { ...productionLimits(1000), emailCodeSend: { max: 5, windowMs: 3_600_000 } } });
    try {
      const target = `target.${uniqueMobile()}@example.in`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const c = await registerCustomer(limited.app);
        for (let j = 0; j < 2; j += 1) {
          const res = await post(
            limited.app,
            '/customer/update-user-details',
            { firstname: 'Asha', lastname: 'Rao', email: target, current_password: c.password },
            { token: c.token },
          );
          statuses.push(res.status);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('validates the call: a signed-in customer, an e-mail and a six-digit code', async () => {
    const c = await registerCustomer(t.app);
    expect((await post(t.app, '/customer/email/verify', { email: c.email, otp: '123456' })).status).toBe(401);
    const bad = await post(t.app, '/customer/email/verify', { email: 'not-an-email', otp: '12' }, { token: c.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'otp']);
  });
});

/** A security notice to the address an account had, when its e-mail or password changes. */
describe('account change notices', () => {
  type Mail = { subject: string; text: string };
  const inbox = async (address: string) => ok(await get<Mail[]>(t.app, `/dev/outbox?to=${encodeURIComponent(address)}`));
  const notices = async (address: string) => (await inbox(address)).filter((m) => m.subject.endsWith('account was changed'));

  it('tells the old address of a new e-mail, and nobody of a new name', async () => {
    const c = await registerCustomer(t.app);
    const details = { firstname: 'Asha', lastname: 'Rao', email: c.email };
    ok(await post(t.app, '/customer/update-user-details', details, { token: c.token }));
    expect(await notices(c.email)).toEqual([]);

    const moved = `moved.${c.email}`;
    const asked = ok(
      await post<{ otp: string }>(
        t.app,
        '/customer/update-user-details',
        { ...details, email: moved, current_password: c.password },
        { token: c.token },
      ),
    );
    // Nothing has changed until the new address is proved.
    expect(await notices(c.email)).toEqual([]);
    ok(await post(t.app, '/customer/email/verify', { email: moved, otp: asked.otp }, { token: c.token }));
    const [notice, ...more] = await notices(c.email);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('Your Storefront account was changed');
    expect(notice?.text).toContain(`The e-mail address of your Storefront account is now ${moved}.`);
    expect(notice?.text).toContain('write to us right away at http://127.0.0.1:8080/contact');
    // The new address is the one that changed hands, maybe: it is not where the warning goes.
    expect(await notices(moved)).toEqual([]);
  });

  it('tells the account’s address of a new password, set either way', async () => {
    const c = await registerCustomer(t.app);
    ok(
      await post(
        t.app,
        '/customer/reset-password',
        { old_password: c.password, new_password: 'Fresh@123', confirm_password: 'Fresh@123' },
        { token: c.token },
      ),
    );
    const [changed] = await notices(c.email);
    expect(changed?.text).toContain('The password of your Storefront account was changed, and your other devices were signed out.');
    expect(changed?.text).toContain('reset your password now at http://127.0.0.1:8080/forgot-password with this address');

    const details = { firstname: 'Asha', lastname: 'Verma', email: c.email, password: 'Other@123', current_password: 'Fresh@123' };
    ok(await post(t.app, '/customer/update-user-details', details, { token: c.token }));
    expect(await notices(c.email)).toHaveLength(2);
  });

  it('has nobody to tell when an account without an e-mail gets its first', async () => {
    const mobile = uniqueMobile();
    const sent = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }));
    const guest = ok(await post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp: sent.otp }));
    const email = `first.${mobile}@example.in`;
    ok(await post(t.app, '/customer/update-user-details', { firstname: 'Kiran', lastname: 'Rao', email }, { token: guest.token }));
    expect(await notices(email)).toEqual([]);
  });
});

describe('rate limits', () => {
  it('answers 429 after too many login and reset attempts from one address', async () => {
    const limits = productionLimits(1);
    const limited = await makeApp({
      limits: { ...limits, login: { max: 3, windowMs: 60_000 }, forgotPassword: { max: 3, windowMs: 60_000 } },
    });
    try {
      const attempt = () => post(limited.app, '/customer/login', { email: 'victim@example.in', password: 'Guess@123' });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.success).toBe(false);
      expect(blocked.body.message).toMatch(/Too many requests/);
      const forgot = () => post(limited.app, '/customer/forgot-password', { email: 'victim@example.in' });
      for (let i = 0; i < 3; i += 1) expect((await forgot()).status).toBe(200);
      expect((await forgot()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
