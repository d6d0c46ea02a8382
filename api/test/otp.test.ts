import { productionLimits } from '../src/config';
import { makeApp, makeSecondApp, ok, post, registerCustomer, STORE_TOKEN, uniqueMobile, type TestApp } from './helpers';
import type { AuthData } from '@storefront/contract';
import { DEMO_CUSTOMER } from '../src/db/seed';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const send = (mobile: string, userToken = STORE_TOKEN) => post<{ otp?: string }>(t.app, '/otp/send', { user_token: userToken, mobile });
const sendLogin = (mobile: string) => post<{ otp?: string }>(t.app, '/login/otp', { user_token: STORE_TOKEN, mobile });
const verify = (mobile: string, otp: string) => post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp });
const verifyLogin = (mobile: string, otp: string) => post<AuthData>(t.app, '/otp/verify/login', { mobile, otp });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('sending', () => {
  it('sends a 6-digit code, shown in development, stored only hashed', async () => {
    const mobile = uniqueMobile();
    const a = await send(mobile);
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('OTP sent successfully');
    const code = a.body.data?.otp ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.selectFrom('otps').select('code_hash').where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('checks the store token and the mobile', async () => {
    expect((await send(uniqueMobile(), 'wrong')).status).toBe(403);
    const bad = await send('12345');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ mobile: 'Must be a valid 10-digit number' });
    const missing = await post(t.app, '/otp/send', { user_token: STORE_TOKEN });
    expect(missing.body.errors).toEqual({ mobile: 'Phone number is required' });
  });

  it('throttles resends to the same mobile', async () => {
    const mobile = uniqueMobile();
    expect((await send(mobile)).status).toBe(200);
    const again = await send(mobile);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/Please wait \d+ seconds/);
    t.clock.advance(31_000);
    expect((await send(mobile)).status).toBe(200);
  });

  it('throttles simultaneous sends to one mobile on two API processes: one code, not one per request', async () => {
    const second = await makeSecondApp(t);
    try {
      // Each process past its first request (which waits for the app to be ready, alone).
      for (const app of [t.app, second.app]) await post(app, '/otp/send', { user_token: STORE_TOKEN, mobile: uniqueMobile() });
      const mobile = uniqueMobile();
      const apps = Array.from({ length: 6 }, (_, i) => (i % 2 ? second.app : t.app));
      const answers = await Promise.all(apps.map((app) => post(app, '/otp/send', { user_token: STORE_TOKEN, mobile })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
      const rows = await t.db.selectFrom('otps').select('id').where('mobile', '=', mobile).execute();
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('says "not registered" for sign-in codes to unknown mobiles', async () => {
    const a = await sendLogin(uniqueMobile());
    expect(a.status).toBe(404);
    expect(a.body.message).toBe('Mobile number is not registered. Please sign up.');
    expect((await sendLogin(DEMO_CUSTOMER.mobile)).status).toBe(200);
  });
});

describe('verifying at checkout', () => {
  it('creates a guest customer for a new mobile: not an existing customer', async () => {
    const mobile = uniqueMobile();
    const code = (await send(mobile)).body.data?.otp ?? '';
    const data = ok(await verify(mobile, code));
    expect(data.is_existing_customer).toBe(false);
    expect(data.customer.phone_number).toBe(mobile);
    expect(data.token).toBeTruthy();
  });

  it('finds the customer whose verified mobile it is: an existing customer', async () => {
    const c = await registerCustomer(t.app);
    const proof =
      (await post<{ otp: string }>(t.app, '/customer/mobile/send-otp', { mobile: c.mobile }, { token: c.token })).body.data?.otp ?? '';
    ok(await post(t.app, '/customer/mobile/verify', { mobile: c.mobile, otp: proof }, { token: c.token }));
    const code = (await send(c.mobile)).body.data?.otp ?? '';
    const data = ok(await verify(c.mobile, code));
    expect(data.is_existing_customer).toBe(true);
    expect(data.customer.id).toBe(c.customer.id);
  });

  it('refuses a wrong code, then accepts the right one once', async () => {
    const mobile = uniqueMobile();
    const code = (await send(mobile)).body.data?.otp ?? '';
    const wrong = await verify(mobile, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP');
    expect((await verify(mobile, code)).status).toBe(200);
    expect((await verify(mobile, code)).status).toBe(400);
  });

  it('locks the code after 5 wrong tries', async () => {
    const mobile = uniqueMobile();
    const code = (await send(mobile)).body.data?.otp ?? '';
    for (let i = 0; i < 4; i += 1) expect((await verify(mobile, wrongCode(code))).status).toBe(400);
    const fifth = await verify(mobile, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect((await verify(mobile, code)).status).toBe(429);
    t.clock.advance(31_000);
    const fresh = (await send(mobile)).body.data?.otp ?? '';
    expect((await verify(mobile, fresh)).status).toBe(200);
  });

  it('expires the code after 5 minutes', async () => {
    const mobile = uniqueMobile();
    const code = (await send(mobile)).body.data?.otp ?? '';
    t.clock.advance(5 * 60_000 + 1);
    const late = await verify(mobile, code);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('OTP has expired. Please request a new one.');
  });

  it('only the newest code works after a resend', async () => {
    const mobile = uniqueMobile();
    const first = (await send(mobile)).body.data?.otp ?? '';
    t.clock.advance(31_000);
    const second = (await send(mobile)).body.data?.otp ?? '';
    if (first !== second) expect((await verify(mobile, first)).status).toBe(400);
    expect((await verify(mobile, second)).status).toBe(200);
  });

  it('needs a code sent first and a 6-digit code', async () => {
    const none = await verify(uniqueMobile(), '123456');
    expect(none.status).toBe(400);
    const bad = await verify(uniqueMobile(), '12ab');
    expect(bad.body.errors).toEqual({ otp: 'OTP must be 6 digits' });
  });
});

describe('verifying at sign-in', () => {
  it('signs a registered customer in', async () => {
    const code = (await sendLogin(DEMO_CUSTOMER.mobile)).body.data?.otp ?? '';
    const wrong = await verifyLogin(DEMO_CUSTOMER.mobile, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP');
    const data = ok(await verifyLogin(DEMO_CUSTOMER.mobile, code));
    expect(data.customer.email).toBe(DEMO_CUSTOMER.email);
  });

  it('does not accept a checkout code for sign-in', async () => {
    const code = (await send(DEMO_CUSTOMER.mobile)).body.data?.otp ?? '';
    expect((await verifyLogin(DEMO_CUSTOMER.mobile, code)).status).toBe(400);
  });

  it('says "not registered" for unknown mobiles', async () => {
    const a = await verifyLogin(uniqueMobile(), '123456');
    expect(a.status).toBe(404);
    expect(a.body.message).toMatch(/not registered/);
  });
});

describe('rate limit', () => {
  it('limits OTP sends per mobile, whatever the address', async () => {
    const limits = productionLimits(1000);
    const limited = await makeApp({
      limits: { ...limits, otpSendMobile: { max: 2, windowMs: 3_600_000 }, otpResend: { max: 1, windowMs: 0 } },
    });
    try {
      const mobile = uniqueMobile();
      const go = (i: number) => post(limited.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, { remoteAddress: `198.51.100.${i}` });
      expect((await go(1)).status).toBe(200);
      expect((await go(2)).status).toBe(200);
      expect((await go(3)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('keeping codes', () => {
  it('a send deletes codes that expired over a day ago; a code expired less long still answers "expired"', async () => {
    const old = uniqueMobile();
    const recent = uniqueMobile();
    const oldCode = ok(await send(old)).otp ?? '';
    t.clock.advance(24 * 60 * 60_000);
    const recentCode = ok(await send(recent)).otp ?? '';
    // The first code expired 5 minutes after its send: a day later it is still kept, barely.
    expect(await t.db.selectFrom('otps').select('id').where('mobile', '=', old).execute()).toHaveLength(1);
    t.clock.advance(6 * 60_000);
    expect((await verify(recent, recentCode)).body.errors).toEqual({ otp: 'OTP has expired. Please request a new one.' });
    ok(await send(uniqueMobile()));
    expect(await t.db.selectFrom('otps').select('id').where('mobile', '=', old).execute()).toEqual([]);
    expect(await t.db.selectFrom('otps').select('id').where('mobile', '=', recent).execute()).toHaveLength(1);
    expect((await verify(old, oldCode)).body.errors).toEqual({ otp: 'Please request an OTP first' });
  });
});
