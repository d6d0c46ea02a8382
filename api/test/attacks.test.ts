import net from 'node:net';
import {
  ADDRESS,
  addToCart,
  API_KEY,
  findVariant,
  get,
  makeApp,
  ok,
  onPostgres,
  post,
  productionEnv,
  registerCustomer,
  type TestApp,
} from './helpers';
import type { CheckoutResult } from '@storefront/contract';
import { configProblems, loadConfig, productionLimits } from '../src/config';
import { isEncodingError } from '../src/lib/errors';
import { webhookSignature } from '../src/domain/payments';
import { sql } from 'kysely';

/**
 * Issue 35: attacks that worked on main, one describe per item; each is the attack, answered as a careful
 * shop would. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('item 7: NUL bytes', () => {
  const nul = 'a\u0000b';

  it('are refused with a field error on every kind of input, never stored, never a 500', async () => {
    const c = await registerCustomer(t.app);
    const answers = {
      register: await post(t.app, '/customer/register', {
        firstName: nul,
        lastName: 'Verma',
        email: 'nul.person@example.in',
        password: 'Secret@1',
      }),
      trackOrder: await post(t.app, '/customer/track-order', { track_no: nul }),
      slug: await get(t.app, `/single-product-details/${encodeURIComponent(nul)}`),
      search: await post(t.app, '/search-products', { search: nul }),
      contact: await post(t.app, '/contact-us', {
        firstname: 'Asha',
        lastname: 'Verma',
        email: 'asha@example.in',
        phone_number: '9876543210',
        subject: 'Hello',
        message: `Hi ${nul}`,
      }),
      shipping: await post(t.app, '/customer/shipping-address', { ...ADDRESS, address: `221B ${nul}` }, { token: c.token }),
      payment: await post(t.app, '/payment/start', { payment_id: nul }, { token: c.token }),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, [a.status, a.body.message]]));
    const refused = 'Text must not contain NUL characters';
    expect(seen).toEqual({
      register: [400, refused],
      trackOrder: [400, refused],
      slug: [400, refused],
      search: [400, refused],
      contact: [400, refused],
      shipping: [400, refused],
      payment: [400, refused],
    });
    expect(answers.register.body.errors).toEqual({ firstName: refused });
    expect(answers.contact.body.errors).toEqual({ message: refused });
    const stored = await t.db.selectFrom('customers').select('id').where('email', '=', 'nul.person@example.in').execute();
    expect(stored).toHaveLength(0);
  });
});

(onPostgres ? describe : describe.skip)('item 7 on PostgreSQL: text the database refuses', () => {
  const webhookSecret = 'whsec_encoding_test';

  it("a NUL that passes the schemas (a signed webhook's raw bytes) answers 400, not 500", async () => {
    // The webhook's body is raw bytes (its signature covers them), so the NUL rule does not walk it: the
    // event name reaches an insert, and PostgreSQL refuses the NUL with 22021.
    const own = await makeApp({
      payments: {
        provider: 'razorpay',
        holdMinutes: 15,
        sweepSeconds: 0,
        razorpay: { keyId: 'rzp_test_local1', keySecret: 'key-secret', webhookSecret, apiUrl: 'http://127.0.0.1:9', checkoutUrl: '' },
        problems: [],
      },
    });
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const body = Buffer.from(JSON.stringify({ event: 'payment.captured\u0000', payload: {} }));
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/payment/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(body, webhookSecret) },
        payload: body,
      });
      expect([res.statusCode, res.json()]).toEqual([400, { success: false, message: 'Invalid request body' }]);
      expect(errors).not.toHaveBeenCalled();
      expect(await own.db.selectFrom('payment_events').select('event_id').execute()).toEqual([]);
    } finally {
      errors.mockRestore();
      await own.close();
    }
  });

  it("a character the database's encoding cannot hold is the same refusal (22P05, as PostgreSQL raises it)", async () => {
    const refusal = await sql`select convert_to(${'₹ 499'}, 'LATIN1') as b`.execute(t.db).then(
      () => null,
      (err: unknown) => err,
    );
    expect((refusal as { code?: string } | null)?.code).toBe('22P05');
    expect(isEncodingError(refusal)).toBe(true);
  });
});

describe('item 17: router errors', () => {
  it('a product slug as long as the schema allows is looked up; longer or malformed addresses answer in the API shape', async () => {
    const long = await get(t.app, `/single-product-details/${'a'.repeat(250)}`);
    expect([long.status, long.body]).toEqual([404, { success: false, message: 'Product not found' }]);
    const tooLong = await get(t.app, `/single-product-details/${'a'.repeat(301)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.success).toBe(false);
    const huge = await get(t.app, `/single-product-details/${'a'.repeat(5000)}`);
    expect([huge.status, huge.body]).toEqual([414, { success: false, message: 'Request address is too long' }]);
    const malformed = await get(t.app, '/single-product-details/%E0%A4%A');
    expect([malformed.status, malformed.body]).toEqual([400, { success: false, message: 'Invalid request address' }]);
  });
});

describe('item 8: IPv6 clients counted by /64', () => {
  it('a new address of one /64 per request does not buy more sign-ups; another /64 is another client', async () => {
    const limited = await makeApp({ limits: productionLimits(1) });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i += 1) {
        const a = await post(
          limited.app,
          '/customer/register',
          { firstName: 'Asha', lastName: 'Verma', email: `v6.${i}@example.in`, password: 'Secret@1' },
          { remoteAddress: `2401:4900:1c2a:8f3e::${i.toString(16)}` },
        );
        statuses.push(a.status);
      }
      // productionLimits: 10 sign-ups a minute per client network.
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
      const neighbour = await post(
        limited.app,
        '/customer/register',
        { firstName: 'Asha', lastName: 'Verma', email: 'v6.other@example.in', password: 'Secret@1' },
        { remoteAddress: '2401:4900:1c2a:8f3f::1' },
      );
      expect(neighbour.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('item 11: secrets never travel in clear', () => {
  const problemsWith = (sms: string, smtp: string) => configProblems(loadConfig(productionEnv({ url: sms }, { url: smtp })));

  it('production refuses an http:// SMS webhook and SMTP without required TLS across a network', () => {
    expect(problemsWith('http://sms.example.in/send', 'smtps://user:pass@mail.example.in')).toEqual([
      expect.stringMatching(/^SMS_WEBHOOK_URL must be https:\/\/ \(codes travel in it\)/),
    ]);
    expect(problemsWith('https://sms.example.in/send', 'smtp://user:pass@mail.example.in:587')).toEqual([
      expect.stringMatching(/^SMTP_URL must use TLS: smtps:\/\/…, or smtp:\/\/…\?requireTLS=true/),
    ]);
  });

  it('accepts TLS, and plain connections that never leave the machine (a local relay)', () => {
    expect(problemsWith('https://sms.example.in/send', 'smtps://user:pass@mail.example.in')).toEqual([]);
    expect(problemsWith('https://sms.example.in/send', 'smtp://user:pass@mail.example.in:587?requireTLS=true')).toEqual([]);
    expect(problemsWith('http://127.0.0.1:8025/sms', 'smtp://localhost:25')).toEqual([]);
    expect(problemsWith('http://[::1]:8025/sms', 'smtp://127.0.0.1:2525')).toEqual([]);
  });
});

describe('item 13: slow bodies and connection floods', () => {
  /** A raw connection to a listening app; resolves how it ended (what the server sent, if anything). */
  const open = (port: number) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    socket.on('error', () => undefined);
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    return { socket, closed };
  };
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

  it('a body trickled a byte at a time is answered 408 and closed near REQUEST_TIMEOUT_MS', async () => {
    const slow = await makeApp({ requestTimeoutMs: 500 });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = slow.app.server.address() as net.AddressInfo;
    const { socket, closed } = open(port);
    socket.write(
      `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: x\r\nx-api-key: ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    const trickle = setInterval(() => socket.write(' '), 100);
    try {
      expect(await within(closed, 8000)).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
      await slow.close();
    }
  });

  it('connections beyond MAX_CONNECTIONS are closed at once; those within are served', async () => {
    const capped = await makeApp({ maxConnections: 3 });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = capped.app.server.address() as net.AddressInfo;
    const held = [open(port), open(port), open(port)];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = open(port);
    try {
      expect(await within(extra.closed, 5000)).toBe('');
      for (const h of held) expect(await within(h.closed, 100)).toBe('still open');
      held[0]?.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(await within(held[0]!.closed, 5000)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const h of [...held, extra]) h.socket.destroy();
      await capped.close();
    }
  });
});

describe('item 5: unpaid prepaid checkouts holding stock', () => {
  it('a customer may keep at most 2 unpaid prepaid checkouts open; paying by cash or cancelling one frees the way', async () => {
    const c = await registerCustomer(t.app);
    const v = await findVariant(t.db, { maxPrice: 1000_00, minStock: 10, skip: 30 });
    const checkout = async (method: 'prepaid' | 'cod') => {
      ok(await addToCart(t.app, c.token, v, 1));
      return post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: method }, { token: c.token });
    };
    const first = ok(await checkout('prepaid'), 201);
    ok(await checkout('prepaid'), 201);
    const third = await checkout('prepaid');
    expect([third.status, third.body.message]).toEqual([
      409,
      'You have 2 orders waiting for payment. Pay for or cancel one of them before placing another prepaid order.',
    ]);
    // Nothing of the refused checkout was kept: its line is still in the cart, its stock not taken.
    const cart = ok(await get<{ cart: { quantity: number }[] }>(t.app, '/customer/cart', { token: c.token })).cart;
    expect(cart.map((l) => l.quantity)).toEqual([1]);
    ok(await post(t.app, '/customer/remove-to-cart', { product_id: v.productId, variant_id: v.variantId }, { token: c.token }));
    ok(await checkout('cod'), 201);
    ok(await post(t.app, '/payment/cancel', { payment_id: first.payment?.payment_id }, { token: c.token }));
    ok(await checkout('prepaid'), 201);
  });
});
