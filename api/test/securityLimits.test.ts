// Issue 13, continued: sensitive changes, abuse limits, and tracking without personal data.
import { buildApp } from '../src/app';
import { productionLimits } from '../src/config';
import { openDatabase } from '../src/db/database';
import type { AuthData, TrackedOrder } from '@storefront/contract';
import {
  ADDRESS,
  STORE_TOKEN,
  addToCart,
  findVariant,
  get,
  makeApp,
  ok,
  post,
  registerCustomer,
  uniqueMobile,
  type TestApp,
} from './helpers';

describe('sensitive changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('a bearer token alone cannot change the e-mail or password', async () => {
    const c = await registerCustomer(t.app);
    const details = { firstname: 'Asha', lastname: 'Verma' };
    const noPassword = await post(t.app, '/customer/update-user-details', { ...details, email: 'thief@example.in' }, { token: c.token });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual({ current_password: 'Current password is required' });
    const wrong = await post(
      t.app,
      '/customer/update-user-details',
      { ...details, email: c.email, password: 'Thief@123', current_password: 'Guess@123' },
      { token: c.token },
    );
    expect(wrong.body.errors).toEqual({ current_password: 'Current password is incorrect' });
    expect((await post(t.app, '/customer/login', { email: c.email, password: c.password })).status).toBe(200);
    // Names alone need nothing more.
    ok(await post(t.app, '/customer/update-user-details', { firstname: 'Ashaa', lastname: 'Verma', email: c.email }, { token: c.token }));
  });

  it('a password change signs out every other session, keeping this one', async () => {
    const c = await registerCustomer(t.app);
    const other = ok(await post<AuthData>(t.app, '/customer/login', { email: c.email, password: c.password }));
    ok(
      await post(
        t.app,
        '/customer/update-user-details',
        { firstname: 'Asha', lastname: 'Verma', email: c.email, password: 'Newer@123', current_password: c.password },
        { token: c.token },
      ),
    );
    expect((await get(t.app, '/customer/profile', { token: other.token })).status).toBe(401);
    expect((await get(t.app, '/customer/profile', { token: c.token })).status).toBe(200);
    expect((await post(t.app, '/customer/login', { email: c.email, password: 'Newer@123' })).status).toBe(200);
  });

  it('an account without a password needs a fresh OTP (15 minutes) to set e-mail and password', async () => {
    const mobile = uniqueMobile();
    const sent = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }));
    const guest = ok(await post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp: sent.otp }));
    t.clock.advance(16 * 60_000);
    const stale = await post(
      t.app,
      '/customer/update-user-details',
      { firstname: 'Kiran', lastname: 'Rao', email: `k${mobile}@example.in`, password: 'Kiran@123' },
      { token: guest.token },
    );
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/verify your mobile number with a new OTP/);
    t.clock.advance(31_000);
    const again = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }));
    const fresh = ok(await post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp: again.otp }));
    ok(
      await post(
        t.app,
        '/customer/update-user-details',
        { firstname: 'Kiran', lastname: 'Rao', email: `k${mobile}@example.in`, password: 'Kiran@123' },
        { token: fresh.token },
      ),
    );
    expect((await get(t.app, '/customer/profile', { token: guest.token })).status).toBe(401);
  });
});

describe('abuse limits', () => {
  let t: TestApp;
  const limits = productionLimits(1);
  beforeAll(async () => {
    t = await makeApp({ limits: { ...limits, otpResend: { max: 1, windowMs: 0 } } });
  });
  afterAll(() => t.close());

  const from = (address: string, forwarded?: string) => ({
    remoteAddress: address,
    ...(forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {}),
  });

  it('30 sends to one mobile from 30 made-up X-Forwarded-For addresses: only 5 reach it per hour', async () => {
    const mobile = uniqueMobile();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 30; i += 1) {
      const a = await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(`198.51.100.${i + 1}`, `203.0.113.${i + 1}`));
      statuses.push(a.status);
      if (a.status === 429) refused ??= a;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits.otpSendMobile.max);
    expect(refused?.body.message).toMatch(/^Too many OTPs were sent to this number\. Please try again in \d+ minutes\.$/);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(limits.otpSendMobile.windowMs);
    expect((await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from('198.51.100.200'))).status).toBe(200);
  });

  it('a made-up X-Forwarded-For from an untrusted peer does not multiply the per-address limit', async () => {
    const max = limits.otpSendAddress.max;
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i += 1) {
      statuses.push(
        (await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile: uniqueMobile() }, from('192.0.2.7', `203.0.113.${i + 1}`)))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    // Behind the trusted proxy (loopback, the edge host), each forwarded shopper has a budget of their own.
    expect(
      (await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile: uniqueMobile() }, from('127.0.0.1', '192.0.2.7'))).status,
    ).toBe(429);
    expect(
      (await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile: uniqueMobile() }, from('127.0.0.1', '192.0.2.8'))).status,
    ).toBe(200);
  });

  // Issue 35: counted per mobile and network, so a stranger's guesses cannot lock the owner out (lockouts.test.ts).
  it('wrong codes are limited per mobile and network across codes: asking for new codes does not reset the count', async () => {
    const mobile = uniqueMobile();
    let status = 0;
    let wrong = 0;
    for (let round = 0; round < 5 && status !== 429; round += 1) {
      const code = ok(
        await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(`198.18.0.${round + 1}`)),
      ).otp;
      for (let i = 0; i < 4; i += 1) {
        const guess = code === '000000' ? '111111' : '000000';
        const a = await post(t.app, '/otp/verify/checkout', { mobile, otp: guess }, from('198.18.1.1'));
        status = a.status;
        if (status === 429) {
          expect(a.body.message).toMatch(/^Too many wrong OTPs for this number/);
          expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
          break;
        }
        wrong += 1;
      }
    }
    expect(status).toBe(429);
    expect(wrong).toBe(limits.otpWrongMobile.max);
  });

  // Issue 35: per account and network, so a stranger elsewhere cannot lock the owner out (lockouts.test.ts).
  it('failed sign-ins lock the account on that network for a growing time', async () => {
    const c = await registerCustomer(t.app);
    const attempt = (password: string, _i: number) => post(t.app, '/customer/login', { email: c.email, password }, from('10.9.0.1'));
    for (let i = 0; i <= limits.loginFailures.max; i += 1) expect((await attempt('Guess@123', i)).status).toBe(401);
    const locked = await attempt(c.password, 50);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts for this account/);
    expect(Number(locked.headers['retry-after'])).toBe(limits.loginFailures.lockMs / 1000);
    t.clock.advance(limits.loginFailures.lockMs);
    expect((await attempt('Guess@123', 51)).status).toBe(401);
    const longer = await attempt(c.password, 52);
    expect(Number(longer.headers['retry-after'])).toBe((2 * limits.loginFailures.lockMs) / 1000);
    t.clock.advance(2 * limits.loginFailures.lockMs);
    expect((await attempt(c.password, 53)).status).toBe(200);
    // A success forgets the failures.
    expect((await attempt('Guess@123', 54)).status).toBe(401);
    expect((await attempt(c.password, 55)).status).toBe(200);
  });

  it.each([
    [
      'register',
      '/customer/register',
      () => ({ firstName: 'Asha', lastName: 'Verma', email: `r${Math.random().toString(36).slice(2)}@example.in`, password: 'Secret@1' }),
      limits.register.max,
    ],
    [
      'login',
      '/customer/login',
      () => ({ email: `l${Math.random().toString(36).slice(2)}@example.in`, password: 'Secret@1' }),
      limits.login.max,
    ],
    [
      'forgot-password',
      '/customer/forgot-password',
      () => ({ email: `f${Math.random().toString(36).slice(2)}@example.in` }),
      limits.forgotPassword.max,
    ],
    [
      'contact',
      '/contact-us',
      () => ({ firstname: 'Asha', lastname: 'Verma', email: 'a@example.in', phone_number: '9876501234', subject: 'Hi', message: 'Hello' }),
      limits.contact.max,
    ],
    ['newsletter', '/newsletter/subscribe', () => ({ email: `n${Math.random().toString(36).slice(2)}@example.in` }), limits.newsletter.max],
  ])('per-address limit on %s: 429 with a message and Retry-After', async (name, url, payload, max) => {
    const address = `172.16.${name.length}.${max}`;
    for (let i = 0; i < max; i += 1) expect((await post(t.app, url, payload(), from(address))).status).toBeLessThan(429);
    const over = await post(t.app, url, payload(), from(address, '203.0.113.99'));
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many requests from your network\. Please try again in \d+ seconds?\.$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
  });

  it('holds across two API processes on one database', async () => {
    // A second app on its own connection to the same database: what a second API process is.
    const secondDb = openDatabase(t.config.databaseUrl ?? t.config.dbFile);
    const second = await buildApp({ config: t.config, db: secondDb, clock: t.clock });
    try {
      const mobile = uniqueMobile();
      const apps = [t.app, second];
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const a = apps[i % 2];
        if (a) statuses.push((await post(a, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(`100.64.0.${i + 1}`))).status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(limits.otpSendMobile.max);
      const rows = await t.db.selectFrom('rate_limits').select('key').where('key', '=', `otpSendMobile:${mobile}`).execute();
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
      await secondDb.destroy();
    }
  });
});

describe('tracking without personal data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('shows status, dates, item, city and a masked name to anyone; the address and phones to the owner only', async () => {
    const owner = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 2000_00 });
    ok(await addToCart(t.app, owner.token, v));
    const placed = ok(
      await post<{ order_numbers: string[] }>(
        t.app,
        '/checkout1',
        { ...ADDRESS, alt_phone_number: '9123456780', payment_method: 'cod' },
        { token: owner.token },
      ),
      201,
    );
    const trackNo = placed.order_numbers[0] ?? '';

    const anyone = await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: trackNo });
    const seen = ok(anyone);
    expect(seen).toMatchObject({
      order_number: trackNo,
      status: 'order_placed',
      delivery: { name: 'A*** V****', city: 'Bengaluru', state: 'Karnataka' },
    });
    expect(seen.customer_data).toBeUndefined();
    for (const secret of [ADDRESS.address, ADDRESS.pincode, '9123456780', owner.mobile, ADDRESS.email, 'Asha'])
      expect(anyone.raw).not.toContain(secret);

    const stranger = await registerCustomer(t.app);
    expect(
      ok(await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: trackNo }, { token: stranger.token })).customer_data,
    ).toBeUndefined();

    const mine = ok(await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: trackNo }, { token: owner.token }));
    expect(mine.customer_data).toMatchObject({
      fullName: 'Asha Verma',
      email: ADDRESS.email,
      shipping_address: { address: ADDRESS.address, alt_phone_number: '9123456780' },
    });
  });
});
