import Fastify from 'fastify';
import { productionLimits } from '../src/config';
import { guardStaffRoutes } from '../src/plugins/staffAuth';
import { parseStaffAddArgs, UsageError } from '../src/cli/staffAdd';
import { STAFF_CODE_TRIES, STAFF_SESSION_MS } from '../src/domain/staff';
import { get, loginDemo, makeApp, makeProductionApp, makeSecondApp, ok, post, productionEnv, type TestApp } from './helpers';
import { startSmsReceiver, startSmtpReceiver } from './receivers';
import { addMember, signInStaff, STAFF_PASSWORD, staffToken } from './staffHelpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const signIn = (email: string, password = STAFF_PASSWORD) =>
  post<{ challenge: string; code: string }>(t.app, '/staff/sign-in', { email, password });
const verify = (challenge: string, code: string) =>
  post<{ token: string; staff: { role: string } }>(t.app, '/staff/sign-in/verify', { challenge, code });
const me = (token: string | null, opts: { apiKey?: string | null } = {}) =>
  get<{ staff: { email: string } }>(t.app, '/staff/me', { token, ...opts });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('signing in with a password and an e-mailed code', () => {
  it('mails the code to the member and opens a session only with it', async () => {
    const email = await addMember(t, 'staff');
    expect((await signIn(email, 'Wrong@pass1')).status).toBe(401);
    const step = ok(await signIn(email.toUpperCase()));
    expect(step.code).toMatch(/^\d{6}$/);
    const mail = t.app.messenger.outbox?.list(email)[0];
    expect(mail?.channel).toBe('email');
    expect(mail?.text).toContain(step.code);
    // The password alone is no session: the challenge is not a bearer.
    expect((await me(step.challenge)).status).toBe(401);
    const bad = await verify(step.challenge, wrong(step.code));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ code: 'Invalid code' });
    const session = ok(await verify(step.challenge, step.code));
    expect(ok(await me(session.token)).staff.email).toBe(email);
    // A code is used once.
    expect((await verify(step.challenge, step.code)).status).toBe(400);
  });

  it('answers an unknown e-mail as a wrong password, and validates the fields', async () => {
    const a = await signIn('nobody@shop.example.in');
    expect(a.status).toBe(401);
    expect(a.body.message).toBe('Invalid email or password');
    const v = await post(t.app, '/staff/sign-in', { email: 'not-an-email' });
    expect(v.status).toBe(400);
    expect(v.body.errors).toEqual({ email: 'Must be a valid email address', password: 'Password is required' });
  });

  it('kills a code after its tries, and expires it', async () => {
    const email = await addMember(t, 'staff');
    const step = ok(await signIn(email));
    for (let i = 1; i < STAFF_CODE_TRIES; i += 1) expect((await verify(step.challenge, wrong(step.code))).status).toBe(400);
    expect((await verify(step.challenge, wrong(step.code))).status).toBe(429);
    expect((await verify(step.challenge, step.code)).status).toBe(429);
    const late = ok(await signIn(email));
    t.clock.advance(11 * 60_000);
    expect((await verify(late.challenge, late.code)).body.errors).toEqual({ code: 'The code has expired. Please sign in again.' });
  });

  it('locks an e-mail after repeated wrong passwords, even for the right one', async () => {
    const email = await addMember(t, 'staff');
    // Five free failures, then each one locks the e-mail for longer (as a customer's sign-in).
    for (let i = 0; i < 6; i += 1) expect((await signIn(email, 'Wrong@pass1')).status).toBe(401);
    const locked = await signIn(email);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    t.clock.advance(61_000);
    expect((await signIn(email)).status).toBe(200);
  });

  it('counts wrong codes per member across challenges: signing in again gives no fresh guesses', async () => {
    const app = await makeApp({ limits: { ...productionLimits(1000), staffCodeWrong: { max: 3, windowMs: 3_600_000 } } });
    try {
      const email = await addMember(app, 'staff');
      const guess = async () => {
        const step = ok(await post<{ challenge: string; code: string }>(app.app, '/staff/sign-in', { email, password: STAFF_PASSWORD }));
        return post(app.app, '/staff/sign-in/verify', { challenge: step.challenge, code: wrong(step.code) });
      };
      for (let i = 0; i < 3; i += 1) expect((await guess()).status).toBe(400);
      expect((await guess()).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('who may call a staff route', () => {
  it('refuses the API key alone, a customer token, a missing API key and a made-up token', async () => {
    const { token } = await staffToken(t, 'staff');
    expect((await me(null)).status).toBe(401);
    expect((await me(await loginDemo(t.app))).status).toBe(401);
    expect((await me(token, { apiKey: null })).status).toBe(401);
    expect((await me('x'.repeat(43))).status).toBe(401);
    expect(ok(await me(token)).staff).toBeDefined();
  });

  it('refuses a staff member the owner routes (403) and lets an owner in', async () => {
    const staff = await staffToken(t, 'staff');
    const owner = await staffToken(t, 'owner');
    for (const [method, url] of [
      ['GET', '/staff/members'],
      ['GET', '/staff/activity'],
      ['POST', '/staff/members'],
      ['POST', '/staff/members/1'],
      ['POST', '/staff/members/1/revoke-sessions'],
    ] as const) {
      const a = method === 'GET' ? await get(t.app, url, { token: staff.token }) : await post(t.app, url, {}, { token: staff.token });
      expect([url, a.status]).toEqual([url, 403]);
    }
    expect(ok(await get<{ members: unknown[] }>(t.app, '/staff/members', { token: owner.token })).members.length).toBeGreaterThan(1);
  });

  it('refuses to start with a staff route that does not say who may call it', async () => {
    const app = Fastify();
    void app.register(async (scope) => {
      guardStaffRoutes(scope);
      scope.get('/open', async () => 'open');
    });
    await expect(app.ready()).rejects.toThrow('staff route GET /open has no config.staff');
  });

  it('never lets a customer route accept a staff token', async () => {
    const { token } = await staffToken(t, 'owner');
    expect((await get(t.app, '/customer/cart', { token })).status).toBe(401);
  });

  it('lists every staff route in the OpenAPI document with the bearer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
    }>();
    const staffPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/staff/'));
    expect(staffPaths).toEqual(expect.arrayContaining(['/api/staff/sign-in', '/api/staff/members', '/api/staff/activity']));
    expect(doc.paths['/api/staff/members']?.get?.security).toEqual([{ apiKey: [], bearer: [] }]);
  });
});

describe('sessions', () => {
  it('expire after a working day', async () => {
    const { token } = await staffToken(t, 'staff');
    t.clock.advance(STAFF_SESSION_MS - 1000);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(2000);
    expect((await me(token)).status).toBe(401);
  });

  it('end at sign-out, and when the owner revokes them or disables the member', async () => {
    const email = await addMember(t, 'staff');
    const first = await signInStaff(t.app, email);
    const second = await signInStaff(t.app, email);
    ok(await post(t.app, '/staff/sign-out', {}, { token: first }));
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);

    const owner = await staffToken(t, 'owner');
    const id = ok(await me(second)).staff as unknown as { id: number };
    expect(ok(await post<{ ended: number }>(t.app, `/staff/members/${id.id}/revoke-sessions`, {}, { token: owner.token })).ended).toBe(1);
    expect((await me(second)).status).toBe(401);

    const third = await signInStaff(t.app, email);
    ok(await post(t.app, `/staff/members/${id.id}`, { disabled: true }, { token: owner.token }));
    expect((await me(third)).status).toBe(401);
    expect((await signIn(email)).status).toBe(401);
  });

  it('a password change ends the other sessions, not this one', async () => {
    const email = await addMember(t, 'staff');
    const here = await signInStaff(t.app, email);
    const there = await signInStaff(t.app, email);
    const refused = await post(
      t.app,
      '/staff/me/password',
      { current_password: 'Wrong@pass1', new_password: 'New@pass12' },
      { token: here },
    );
    expect(refused.body.errors).toEqual({ current_password: 'Current password is incorrect' });
    ok(await post(t.app, '/staff/me/password', { current_password: STAFF_PASSWORD, new_password: 'New@pass12' }, { token: here }));
    expect((await me(here)).status).toBe(200);
    expect((await me(there)).status).toBe(401);
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn(email, 'New@pass12')).status).toBe(200);
  });

  it('counts every staff request against the member in the shared store, across API processes', async () => {
    const app = await makeApp({ limits: { ...productionLimits(1000), staffRequests: { max: 4, windowMs: 60_000 } } });
    const second = await makeSecondApp(app);
    try {
      const email = await addMember(app, 'staff');
      const token = await signInStaff(app.app, email);
      const statuses = [];
      for (const a of [app.app, second.app, app.app, second.app, app.app]) statuses.push((await get(a, '/staff/me', { token })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await second.close();
      await app.close();
    }
  });
});

describe('the owner manages staff', () => {
  it('adds a member who can then sign in, refuses a taken e-mail and bad fields', async () => {
    const owner = await staffToken(t, 'owner');
    const email = `new.${Date.now()}@shop.example.in`;
    const added = await post<{ staff: { role: string } }>(
      t.app,
      '/staff/members',
      { email, name: 'Priya Nair', role: 'staff', password: 'Priya@pass1' },
      { token: owner.token },
    );
    expect(ok(added, 201).staff.role).toBe('staff');
    expect(await signInStaff(t.app, email, 'Priya@pass1')).toBeTruthy();
    const again = await post(
      t.app,
      '/staff/members',
      { email, name: 'Priya Nair', role: 'staff', password: 'Priya@pass1' },
      { token: owner.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ email: 'A staff member with this email already exists' });
    const bad = await post(t.app, '/staff/members', { email: 'x', name: 'P', role: 'boss', password: 'short' }, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'name', 'password', 'role']);
  });

  it('keeps at least one active owner', async () => {
    const app = await makeApp();
    try {
      const email = await addMember(app, 'owner');
      const token = await signInStaff(app.app, email);
      const self = ok(await get<{ staff: { id: number } }>(app.app, '/staff/me', { token })).staff;
      const demote = await post(app.app, `/staff/members/${self.id}`, { role: 'staff' }, { token });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toBe('The shop must keep at least one active owner');
      expect((await post(app.app, `/staff/members/${self.id}`, { disabled: true }, { token })).status).toBe(409);
      expect(ok(await get(app.app, '/staff/me', { token }))).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it('a role change takes effect at once: the member signs in again with the new rights', async () => {
    const owner = await staffToken(t, 'owner');
    const promoted = await staffToken(t, 'staff');
    const id = ok(await get<{ staff: { id: number } }>(t.app, '/staff/me', { token: promoted.token })).staff.id;
    ok(await post(t.app, `/staff/members/${id}`, { role: 'owner' }, { token: owner.token }));
    expect((await me(promoted.token)).status).toBe(401);
    const fresh = await signInStaff(t.app, promoted.email);
    expect((await get(t.app, '/staff/members', { token: fresh })).status).toBe(200);
  });
});

describe('the activity record', () => {
  it('records who did what, when, with the state before and after; newest first, paged', async () => {
    const owner = await staffToken(t, 'owner');
    const target = await staffToken(t, 'staff');
    const targetId = ok(await get<{ staff: { id: number } }>(t.app, '/staff/me', { token: target.token })).staff.id;
    ok(await post(t.app, `/staff/members/${targetId}`, { disabled: true }, { token: owner.token }));
    type Page = {
      actions: { id: number; action: string; staff: { email: string } | null; before: unknown; after: unknown; created_at: string }[];
      next_before: number | null;
    };
    const page = ok(await get<Page>(t.app, `/staff/activity?subject_type=staff&subject_id=${targetId}`, { token: owner.token }));
    const [change, signIn, add] = page.actions;
    expect(change?.action).toBe('staff.change');
    expect(change?.staff?.email).toBe(owner.email);
    expect(change?.before).toEqual(expect.objectContaining({ disabled: false, role: 'staff' }));
    expect(change?.after).toEqual(expect.objectContaining({ disabled: true, role: 'staff' }));
    expect(JSON.stringify(page)).not.toContain('scrypt');
    expect(signIn?.action).toBe('staff.sign_in');
    // Added from the command line: no signed-in member.
    expect(add).toEqual(expect.objectContaining({ action: 'staff.add', staff: null, before: null }));
    const first = ok(await get<Page>(t.app, '/staff/activity?limit=2', { token: owner.token }));
    expect(first.actions).toHaveLength(2);
    const next = ok(await get<Page>(t.app, `/staff/activity?limit=2&before=${first.next_before}`, { token: owner.token }));
    expect(next.actions[0]?.id).toBeLessThan(first.actions[1]?.id ?? 0);
  });
});

describe('staff:add', () => {
  it('reads its arguments with node:util parseArgs and says what is wrong', () => {
    expect(parseStaffAddArgs(['--email', 'a@shop.in', '--name', 'Ravi Kumar'])).toEqual({
      email: 'a@shop.in',
      name: 'Ravi Kumar',
      role: 'owner',
    });
    expect(parseStaffAddArgs(['--email', 'a@shop.in', '--name', 'Ravi', '--role', 'staff']).valueOf()).toEqual(
      expect.objectContaining({ role: 'staff' }),
    );
    expect(() => parseStaffAddArgs(['--email', 'a@shop.in', '--name', 'Ravi', '--role', 'boss'])).toThrow(UsageError);
    expect(() => parseStaffAddArgs(['--email', 'nope', '--name', 'Ravi'])).toThrow('--email must be a valid e-mail address');
    expect(() => parseStaffAddArgs(['--email', 'a@shop.in', '--name', 'Ravi', '--password', 'x'])).toThrow(UsageError);
  });
});

describe('in production', () => {
  it('sends the code only by e-mail, never in the answer', async () => {
    const sms = await startSmsReceiver();
    const smtp = await startSmtpReceiver();
    const app = await makeProductionApp(productionEnv(sms, smtp));
    try {
      const email = await addMember(app, 'owner');
      const step = await post<{ challenge: string; code?: string }>(app.app, '/staff/sign-in', { email, password: STAFF_PASSWORD });
      expect(ok(step).code).toBeUndefined();
      const mail = smtp.mails.find((m) => m.to.includes(email));
      const code = /\b(\d{6})\b is your/.exec(mail?.raw ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      ok(await post(app.app, '/staff/sign-in/verify', { challenge: ok(step).challenge, code }));
    } finally {
      await app.close();
      await sms.close();
      await smtp.close();
    }
  });
});
