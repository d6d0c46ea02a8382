import { productionLimits } from '../src/config';
import { get, makeApp, makeSecondApp, registerCustomer, type TestApp } from './helpers';

// Issue 39: a tax document is a PDF drawn per request; a script with a customer's token (or many tokens
// behind one phone's /64) could keep a process drawing them. Counted in the shared store.
const limits = {
  ...productionLimits(1000),
  invoiceDownloadCustomer: { max: 4, windowMs: 60_000 },
  invoiceDownloadAddress: { max: 6, windowMs: 60_000 },
};

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ limits });
});
afterAll(() => t.close());

describe('tax document downloads are limited', () => {
  it('per customer, whatever the network, and per client /64, across two API processes', async () => {
    const second = await makeSecondApp(t);
    try {
      const apps = [t.app, second.app];
      const shopper = await registerCustomer(t.app);
      const download = (i: number, token: string, ip: string) =>
        get(apps[i % 2] ?? t.app, `/customer/orders/${900_000 + i}/document`, { token, remoteAddress: ip });

      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await download(i, shopper.token, `203.0.113.${i + 1}`)).status);
      expect(statuses).toEqual([404, 404, 404, 404]);
      // A fifth from yet another network is the same customer.
      const refused = await download(4, shopper.token, '198.51.100.7');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many invoice downloads\. Please try again in \d+ seconds?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // Many customers behind one phone's /64 share the network's budget: six, then refused.
      const network: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const other = await registerCustomer(t.app);
        network.push((await download(i, other.token, `2401:4900:1c2a:8f3e:${(i + 1).toString(16)}::1`)).status);
      }
      expect(network).toEqual([404, 404, 404, 404, 404, 404, 429]);

      // A window later the shopper downloads again.
      t.clock.advance(60_001);
      expect((await download(0, shopper.token, '198.51.100.7')).status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
