// Issue 35, continued: limit counters, reset tokens, bounded queues, mails to unproved addresses, details changes.
import crypto from 'node:crypto';
import { makeApp, makeSecondApp, ok, post, registerCustomer, type TestApp } from './helpers';
import { productionLimits } from '../src/config';
import { FairQueue } from '../src/lib/queue';
import { accountChangedEmail, emailChangeCodeEmail, passwordResetEmail } from '../src/messages/texts';

/**
 * Issue 35: attacks that worked on main, one describe per item; each is the attack, answered as a careful
 * shop would. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('item 16: rate-limit counters', () => {
  it('are stored under keys of bounded size whatever is typed, and pruned once their windows end', async () => {
    const own = await makeApp();
    try {
      for (let i = 0; i < 5; i += 1) {
        const email = `${String(i).repeat(240)}@example.in`;
        expect((await post(own.app, '/customer/login', { email, password: 'Wrong@123' })).status).toBe(401);
      }
      const keys = await own.db.selectFrom('rate_limits').select('key').execute();
      expect(keys.length).toBeGreaterThanOrEqual(5);
      expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThanOrEqual(80);
      // A day and a minute later (failures are kept 24 h), the next counted request prunes what ended.
      own.clock.advance(24 * 3_600_000 + 61_000);
      await post(own.app, '/customer/login', { email: 'someone@example.in', password: 'Wrong@123' });
      const left = await own.db.selectFrom('rate_limits').select('key').execute();
      expect(left.map((k) => k.key).filter((k) => k.includes('0000') || k.includes('~'))).toEqual([]);
      expect(left.length).toBeLessThanOrEqual(3);
    } finally {
      await own.close();
    }
  });
});

describe('item 4: made-up reset tokens', () => {
  it('never reach scrypt, and are throttled per client network across two API processes', async () => {
    const limited = await makeApp({ limits: productionLimits(1) });
    const second = await makeSecondApp(limited);
    // Every password hash and check goes through node:crypto's scrypt (lib/crypto.ts): its calls for a
    // password are the work requests with that password bought (the apps' own decoy hashes are not).
    const scrypt = jest.spyOn(crypto, 'scrypt');
    const hashesOf = (password: string) => scrypt.mock.calls.filter(([p]) => p === password).length;
    try {
      const max = limited.config.limits.tokenPassword.max;
      const statuses: number[] = [];
      for (let i = 0; i < max + 6; i += 1) {
        // One phone's /64, a new address per request, the two processes in turn.
        const a = await post(
          i % 2 ? second.app : limited.app,
          '/customer/token-password',
          { token: `made-up-${i}`, password: 'Secret@12', confirm_password: 'Secret@12' },
          { remoteAddress: `2401:4900:1c2a:8f3e:${i.toString(16)}::1` },
        );
        statuses.push(a.status);
      }
      expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(max)).toEqual(Array(6).fill(429));
      expect(hashesOf('Secret@12')).toBe(0);

      // A real link from another network is hashed once: the count above would have seen a hash.
      const customer = await registerCustomer(limited.app);
      const { reset_token } = ok(await post<{ reset_token: string }>(limited.app, '/customer/forgot-password', { email: customer.email }));
      ok(
        await post(
          second.app,
          '/customer/token-password',
          { token: reset_token, password: 'Fresh@123' },
          { remoteAddress: '2401:4900:1c2b::1' },
        ),
      );
      expect(hashesOf('Fresh@123')).toBe(1);
    } finally {
      scrypt.mockRestore();
      await second.close();
      await limited.close();
    }
    // Two apps over one fresh database: on PostgreSQL on a busy machine, more than the default 30 s.
  }, 90_000);
});

describe('items 4 and 14: bounded, fair queues (password hashing, picture encoding)', () => {
  it('run a bounded number at once, queue a bounded number, and refuse the rest at once', async () => {
    const queue = new FairQueue('test', 1, 2);
    const gates: (() => void)[] = [];
    const task = () => new Promise<string>((resolve) => gates.push(() => resolve('done')));
    const results = Array.from({ length: 5 }, () =>
      queue.run('', task).then(
        (v) => v,
        (err: unknown) => (err as Error).name,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gates).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) {
      gates[i]?.();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'QueueFullError', 'QueueFullError']);
  });

  it("start waiting tasks in turn by client: one client's burst does not hold another's first task", async () => {
    const queue = new FairQueue('test', 1, 64, 16);
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        gates.push(resolve);
      });
    const all = [...[1, 2, 3, 4, 5].map((i) => queue.run('burst', task(`burst${i}`))), queue.run('shopper', task('shopper'))];
    for (let i = 0; i < 6; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      gates[i]?.();
    }
    await Promise.all(all);
    expect(order.slice(0, 3)).toEqual(['burst1', 'burst2', 'shopper']);
    // And one client may not fill the queue alone.
    const greedy = new FairQueue('test', 1, 64, 2);
    const held = Array.from({ length: 4 }, () => greedy.run('one', () => new Promise<void>(() => undefined)).catch((e: Error) => e.name));
    expect(await Promise.race([held[3], new Promise((r) => setTimeout(() => r('waiting'), 50))])).toBe('QueueFullError');
  });
});

describe('item 9: mails to addresses nobody has proved carry no text a stranger typed', () => {
  it('the e-mail code, the reset link and the change notice greet without the first name', () => {
    const spam = 'Claim prize: evil.example/p';
    const mails = [
      emailChangeCodeEmail('Kirana', 'victim@example.in', spam, '123456', 10),
      passwordResetEmail('Kirana', 'victim@example.in', spam, 'https://shop.example.in/reset-password?token=x', 30),
      accountChangedEmail('Kirana', 'victim@example.in', spam, { password: true }, 'https://shop.example.in'),
    ];
    for (const m of mails) {
      expect(m.text).not.toContain('evil.example');
      expect(m.subject).not.toContain('evil.example');
      expect(m.text.startsWith('Hello,\n\n')).toBe(true);
    }
  });
});

describe('item 9: account details changes are limited per account and per client network', () => {
  it('an account sending codes to one address after another is stopped after 10 changes an hour', async () => {
    const limited = await makeApp({ limits: productionLimits(1) });
    try {
      const c = await registerCustomer(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const a = await post(
          limited.app,
          '/customer/update-user-details',
          { firstname: 'Asha', lastname: 'Verma', email: `target${i}@example.in`, current_password: c.password },
          { token: c.token, remoteAddress: `203.0.113.${i + 1}` },
        );
        statuses.push(a.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
