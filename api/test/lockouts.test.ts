import type { AuthData, Customer } from '@storefront/contract';
import { productionLimits } from '../src/config';
import { STORE_TOKEN, get, makeApp, ok, post, registerCustomer, uniqueMobile, type TestApp } from './helpers';

/**
 * Issue 35, items 1–3, each as the attack worked on main (every test here failed there): a stranger
 * locking a known customer out, the e-mail-change race, and reset links and sessions that outlive a change.
 */

const limits = productionLimits(1);
const OWNER = '198.51.100.10';
const STRANGER = '203.0.113.66';
const from = (remoteAddress: string) => ({ remoteAddress });

type Mail = { to: string; subject: string; text: string };

describe('a stranger cannot lock a known customer out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ limits: { ...limits, otpResend: { max: 1, windowMs: 0 } } });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, address: string) =>
    post<AuthData>(t.app, '/customer/login', { email, password }, from(address));
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it("a stranger's wrong passwords lock the stranger's network, not the owner's", async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i <= limits.loginFailures.max; i += 1) expect((await signIn(c.email, 'Guess@123', STRANGER)).status).toBe(401);
    expect((await signIn(c.email, c.password, STRANGER)).status).toBe(429);
    expect((await signIn(c.email, c.password, OWNER)).status).toBe(200);
  });

  it('a successful reset by e-mailed link clears the lock-out on every network', async () => {
    const c = await registerCustomer(t.app);
    for (let i = 0; i <= limits.loginFailures.max; i += 1) {
      expect((await signIn(c.email, 'Guess@123', STRANGER)).status).toBe(401);
      expect((await signIn(c.email, 'Guess@123', OWNER)).status).toBe(401);
    }
    expect((await signIn(c.email, c.password, OWNER)).status).toBe(429);
    const { reset_token } = ok(await post<{ reset_token: string }>(t.app, '/customer/forgot-password', { email: c.email }, from(OWNER)));
    ok(await post(t.app, '/customer/token-password', { token: reset_token, password: 'Fresh@123' }, from(OWNER)));
    expect((await signIn(c.email, 'Fresh@123', OWNER)).status).toBe(200);
    expect((await signIn(c.email, 'Fresh@123', STRANGER)).status).toBe(200);
  });

  it("a stranger's wrong guesses at a checkout code do not lock the owner's verification", async () => {
    const mobile = uniqueMobile();
    // The stranger asks for a code to the victim's phone and guesses until refused.
    ok(await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(STRANGER)));
    let refused = 0;
    for (let i = 0; i < limits.otpWrongMobile.max + 1; i += 1) {
      if (i === 3) ok(await post(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(STRANGER)));
      const a = await post(t.app, '/otp/verify/checkout', { mobile, otp: '000000' }, from(STRANGER));
      if (a.status === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    // The owner asks for their own code and enters it.
    const { otp } = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(OWNER)));
    expect(ok(await post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp }, from(OWNER))).customer.phone_number).toBe(mobile);
  });

  it('guesses at a dead code do not count against the mobile', async () => {
    const mobile = uniqueMobile();
    const first = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(OWNER))).otp;
    // Five wrong tries kill the code; more at the dead code are refused without counting.
    for (let i = 0; i < 5 + limits.otpWrongMobile.max; i += 1) {
      const a = await post(t.app, '/otp/verify/checkout', { mobile, otp: wrongCode(first) }, from(OWNER));
      expect(a.status).toBe(i < 4 ? 400 : 429);
      if (i >= 4) expect(a.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    }
    const { otp } = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }, from(OWNER)));
    ok(await post(t.app, '/otp/verify/checkout', { mobile, otp }, from(OWNER)));
  });
});

describe('an e-mail change is proved by the code sent to that address', () => {
  let t: TestApp;
  // Production's scrypt cost: the second hash of a change with a new password is the race's window.
  beforeAll(async () => {
    t = await makeApp({ scrypt: { N: 2 ** 15, r: 8, p: 1 } });
  });
  afterAll(() => t.close());

  const inbox = async (address: string) => ok(await get<Mail[]>(t.app, `/dev/outbox?to=${encodeURIComponent(address)}`));

  /** An account with an e-mail and no password (a guest who completed it), on a session fresh from an OTP. */
  async function passwordless(): Promise<{ token: string; email: string }> {
    const mobile = uniqueMobile();
    const { otp } = ok(await post<{ otp: string }>(t.app, '/otp/send', { user_token: STORE_TOKEN, mobile }));
    const guest = ok(await post<AuthData>(t.app, '/otp/verify/checkout', { mobile, otp }));
    const email = `guest${mobile}@example.in`;
    ok(await post(t.app, '/customer/update-user-details', { firstname: 'Kiran', lastname: 'Rao', email }, { token: guest.token }));
    return { token: guest.token, email };
  }

  it("two changes 40 ms apart: the code mailed to Y never confirms X (the victim's address)", async () => {
    const attacker = await passwordless();
    const victim = `victim.${Date.now()}@example.in`;
    const mine = `mine.${Date.now()}@example.in`;
    const details = { firstname: 'Kiran', lastname: 'Rao' };
    const toVictim = post(
      t.app,
      '/customer/update-user-details',
      { ...details, email: victim, password: 'Attack@123' },
      { token: attacker.token },
    );
    // 40 ms later (the first request is hashing its new password), the attacker asks for an address of theirs.
    await new Promise((resolve) => setTimeout(resolve, 40));
    const toMine = post(
      t.app,
      '/customer/update-user-details',
      { ...details, email: mine, current_password: 'Attack@123' },
      { token: attacker.token },
    );
    ok(await toVictim);
    ok(await toMine);
    const [mail] = await inbox(mine);
    const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? '';
    // On main the victim's address stayed pending while the code mailed to the attacker's confirmed it.
    const taken = await post(t.app, '/customer/email/verify', { email: victim, otp: code }, { token: attacker.token });
    expect(taken.status).toBe(400);
    const after = ok(await get<{ customer: Customer }>(t.app, '/customer/profile', { token: attacker.token })).customer;
    expect(after.email).toBe(attacker.email);
    expect([victim, mine]).toContain(after.pending_email);
  });
});

describe('reset links and sessions do not outlive a change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  const resetLink = async (email: string) =>
    ok(await post<{ reset_token: string }>(t.app, '/customer/forgot-password', { email })).reset_token;
  const useLink = (token: string, password = 'Taken@123') => post(t.app, '/customer/token-password', { token, password });
  const LINK_DEAD = { token: 'Reset link is invalid or has expired' };

  it('an e-mail change retires the links mailed to the old address and signs out every other session', async () => {
    const c = await registerCustomer(t.app);
    const other = ok(await post<AuthData>(t.app, '/customer/login', { email: c.email, password: c.password }));
    const link = await resetLink(c.email);
    const moved = `moved.${Date.now()}@example.in`;
    const asked = ok(
      await post<{ otp: string }>(
        t.app,
        '/customer/update-user-details',
        { firstname: 'Asha', lastname: 'Verma', email: moved, current_password: c.password },
        { token: c.token },
      ),
    );
    // Until the new address is proved nothing changes: the link still works for the old one's owner.
    expect((await get(t.app, '/customer/profile', { token: other.token })).status).toBe(200);
    ok(await post(t.app, '/customer/email/verify', { email: moved, otp: asked.otp }, { token: c.token }));
    expect((await useLink(link)).body.errors).toEqual(LINK_DEAD);
    expect((await get(t.app, '/customer/profile', { token: other.token })).status).toBe(401);
    expect((await get(t.app, '/customer/profile', { token: c.token })).status).toBe(200);
    expect((await post(t.app, '/customer/login', { email: moved, password: c.password })).status).toBe(200);
  });

  it.each([
    [
      'reset-password',
      (c: { token: string; password: string }) => ({
        url: '/customer/reset-password',
        body: { old_password: c.password, new_password: 'Newer@123', confirm_password: 'Newer@123' },
      }),
    ],
    [
      'update-user-details',
      (c: { token: string; password: string; email: string }) => ({
        url: '/customer/update-user-details',
        body: { firstname: 'Asha', lastname: 'Verma', email: c.email, password: 'Newer@123', current_password: c.password },
      }),
    ],
  ])('a password change (%s) retires the links mailed before it', async (_name, change) => {
    const c = await registerCustomer(t.app);
    const link = await resetLink(c.email);
    const { url, body } = change(c);
    ok(await post(t.app, url, body, { token: c.token }));
    expect((await useLink(link)).body.errors).toEqual(LINK_DEAD);
    expect((await post(t.app, '/customer/login', { email: c.email, password: 'Newer@123' })).status).toBe(200);
  });

  it('a reset retires every other link of the account', async () => {
    const c = await registerCustomer(t.app);
    const first = await resetLink(c.email);
    const second = await resetLink(c.email);
    ok(await useLink(second, 'Mine@1234'));
    expect((await useLink(first)).body.errors).toEqual(LINK_DEAD);
    expect((await post(t.app, '/customer/login', { email: c.email, password: 'Mine@1234' })).status).toBe(200);
  });
});
