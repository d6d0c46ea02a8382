// Issue 39 item 5: the pincode check's per-network limit is counted in memory and written in one upsert
// per key per LIGHT_FLUSH_MS (plugins/lightLimits), not one commit per check; it must still hold across
// API processes on one database. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { productionLimits } from '../src/config';
import { LIGHT_FLUSH_MS } from '../src/plugins/lightLimits';
import { get, makeApp, makeSecondApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ limits: { ...productionLimits(1000), pincodeCheck: { max: 6, windowMs: 60_000 } } });
});
afterAll(() => t.close());

describe('the pincode check’s light limit', () => {
  it('holds across two API processes: each sees the other’s flushed checks', async () => {
    const second = await makeSecondApp(t);
    try {
      let n = 0;
      // Made-up pincodes (off the list) from one phone's /64, a new address each time.
      const from = (app: typeof t.app) => {
        n += 1;
        return get(app, `/pincode/${194100 + n}`, { remoteAddress: `2401:4900:1c2a:8f3e::${n.toString(16)}` });
      };
      for (let i = 0; i < 3; i += 1) expect((await from(t.app)).status).toBe(200);
      await t.app.limits.flushLight();
      // The second process reads the three, adds its own: the seventh check of the network is refused.
      const there: number[] = [];
      for (let i = 0; i < 4; i += 1) there.push((await from(second.app)).status);
      expect(there).toEqual([200, 200, 200, 429]);
      await second.app.limits.flushLight();
      const rows = await t.db.selectFrom('rate_limits').select(['key', 'hits']).where('key', 'like', 'pincodeCheck:%').execute();
      expect(rows).toEqual([{ key: 'pincodeCheck:2401:4900:1c2a:8f3e::/64', hits: 7 }]);

      // The first process learns it within a flush interval, without a write of its own.
      t.clock.advance(LIGHT_FLUSH_MS + 1);
      const refused = await from(t.app);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another network is counted apart, and the window's end forgives.
      expect((await get(t.app, '/pincode/194199', { remoteAddress: '203.0.113.7' })).status).toBe(200);
      t.clock.advance(60_001);
      expect((await from(second.app)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
