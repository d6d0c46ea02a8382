/**
 * @jest-environment node
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, messageOf, messagesOf } from './errors';
import { createApiClient } from './client';
import { createApi } from './createApi';
import { AnswerRecorder, ServerAnswers, requestKey } from './answers';

/** A real HTTP server standing in for the API: it records requests and answers per path. */
let server: Server;
let base = '';
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
let delayMs = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        }, delayMs);
      };
      if (req.url?.startsWith('/api/customer/cart')) {
        if (req.headers.authorization !== 'Bearer good') return send(401, { success: false, message: 'Unauthenticated' });
        return send(200, { success: true, data: { cart: [] } });
      }
      if (req.url === '/api/customer/register')
        return send(400, { success: false, message: 'Invalid data', errors: { email: 'The email has already been taken.' } });
      // 200s the server marked unsuccessful (spec §7 envelopes): a failure, and the cancel call's `status`.
      if (req.url === '/api/customer/login')
        return send(200, { success: false, message: 'Please verify your email', errors: { email: 'Not verified' } });
      if (req.url === '/api/customer/cancel-order')
        return send(200, { success: false, status: true, message: 'Order cancelled successfully' });
      if (req.url === '/api/proxy-down') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html><body>Bad gateway</body></html>');
      }
      if (req.url === '/api/drop') return req.socket.destroy();
      if (req.url === '/api/plain') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('ok');
      }
      if (req.url === '/api/empty') {
        res.writeHead(204);
        return res.end();
      }
      if (req.url === '/api/checkout1') return send(409, { success: false, message: ['Only 2 left of Wallet', 'Only 1 left of Watch'] });
      return send(200, { success: true, data: { url: req.url } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  delayMs = 0;
});

function make(token: string | null = null) {
  const onUnauthorized = jest.fn();
  const client = createApiClient({ baseURL: base, apiKey: 'k-123', getToken: () => token, onUnauthorized });
  return { client, api: createApi(client, { storeToken: 'store-tok' }), onUnauthorized };
}

describe('API client (spec §7)', () => {
  it('sends the API key on every call and the bearer token when there is one', async () => {
    const { api } = make('good');
    await api.getCart();
    expect(seen[0]!.headers['x-api-key']).toBe('k-123');
    expect(seen[0]!.headers.authorization).toBe('Bearer good');
    const guest = make(null);
    await guest.api.getStates();
    expect(seen[1]!.headers.authorization).toBeUndefined();
  });

  it('puts the store token in the bodies that carry user_token', async () => {
    const { api } = make();
    await api.sendOtp('9876543210');
    expect(JSON.parse(seen[0]!.body)).toEqual({ user_token: 'store-tok', mobile: '9876543210' });
  });

  it('sends the product list as multipart with the page in the query', async () => {
    const { api } = make();
    await api.getProducts({ sub_category: [3, 7], min_price: 100, in_stock: true, sort_by: 'price_asc', page: 2 });
    expect(seen[0]!.url).toBe('/api/get-products?page=2');
    expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(seen[0]!.body).toContain('name="sub_category"\r\n\r\n3,7');
    expect(seen[0]!.body).toContain('name="in_stock"\r\n\r\n1');
  });

  it('sends a file as the body with its own type, the key and the bearer (the back office’s picture upload)', async () => {
    const { client } = make('staff-token');
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await client.postFile('/staff/products/7/picture', new Blob([bytes], { type: 'image/jpeg' }));
    expect(seen[0]!.url).toBe('/api/staff/products/7/picture');
    expect(seen[0]!.headers['content-type']).toBe('image/jpeg');
    expect(seen[0]!.headers['x-api-key']).toBe('k-123');
    expect(seen[0]!.headers.authorization).toBe('Bearer staff-token');
    expect(Number(seen[0]!.headers['content-length'])).toBe(bytes.length);
  });

  it('shares one request between identical reads in flight, but not between writes', async () => {
    const { api } = make();
    delayMs = 30;
    const [a, b] = await Promise.all([api.getStates(), api.getStates()]);
    expect(a).toEqual(b);
    expect(seen).toHaveLength(1);
    await Promise.all([api.subscribeNewsletter('a@b.in'), api.subscribeNewsletter('a@b.in')]);
    expect(seen).toHaveLength(3);
  });

  it('resolves a cancelled request to null', async () => {
    const { api } = make();
    delayMs = 200;
    const ctrl = new AbortController();
    const p = api.getStates({ signal: ctrl.signal });
    ctrl.abort();
    await expect(p).resolves.toBeNull();
  });

  it('turns failures into ApiError with status, messages and field errors', async () => {
    const { api } = make();
    const err = await api.register({ firstName: 'A', lastName: 'B', email: 'x@y.in', password: 'p', mobile: '9' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldErrors).toEqual({ email: 'The email has already been taken.' });
    const list = await api.checkout({} as never).catch((e: unknown) => e);
    expect(messagesOf(list, 'Checkout failed')).toEqual(['Only 2 left of Wallet', 'Only 1 left of Watch']);
  });

  it('turns an error page that is not JSON (a proxy in the way) into ApiError with its status and no message', async () => {
    const { client } = make();
    const err = (await client.get('/proxy-down').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
    expect(messageOf(err, 'Something went wrong')).toBe('Something went wrong');
  });

  it('calls the 401 policy only when a token was sent', async () => {
    const bad = make('expired');
    await expect(bad.api.getCart()).rejects.toMatchObject({ status: 401 });
    expect(bad.onUnauthorized).toHaveBeenCalledTimes(1);
    const guest = make(null);
    await expect(guest.api.getCart()).rejects.toMatchObject({ status: 401 });
    expect(guest.onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives the spec fallback when the server is unreachable', async () => {
    const client = createApiClient({ baseURL: 'http://127.0.0.1:1/api', apiKey: 'k', getToken: () => null });
    const err = await createApi(client, { storeToken: 't' })
      .getStates()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect(messageOf(err, 'Something went wrong')).toBe('Something went wrong');
  });
});

describe('on axios (issue 33)', () => {
  it('reads the bearer token at request time, per request, and sends none when it is gone', async () => {
    let token: string | null = 'first';
    const client = createApiClient({ baseURL: base, apiKey: 'k-9', getToken: () => token });
    await client.get('/a');
    token = 'second';
    await client.get('/b');
    token = null;
    await client.post('/c', { x: 1 });
    expect(seen.map((r) => [r.headers['x-api-key'], r.headers.authorization])).toEqual([
      ['k-9', 'Bearer first'],
      ['k-9', 'Bearer second'],
      ['k-9', undefined],
    ]);
    expect(seen[2]!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('shares an in-flight read only with the same url and params, and asks again once it has settled', async () => {
    const { client } = make();
    delayMs = 30;
    const [a, b, c] = await Promise.all([
      client.get('/states', { params: { page: 1 } }),
      client.get('/states', { params: { page: 1 } }),
      client.get('/states', { params: { page: 2 } }),
    ]);
    expect(a).toBe(b);
    expect(c).toEqual({ success: true, data: { url: '/api/states?page=2' } });
    expect(seen.map((r) => r.url).sort()).toEqual(['/api/states?page=1', '/api/states?page=2']);
    await client.get('/states', { params: { page: 1 } });
    expect(seen).toHaveLength(3);
    expect(client.inFlight).toBe(0);
  });

  it('a request cancelled before it starts resolves to null without being sent; cancelling one caller leaves the others', async () => {
    const { client } = make();
    const gone = new AbortController();
    gone.abort();
    await expect(client.get('/states', { signal: gone.signal })).resolves.toBeNull();
    expect(seen).toHaveLength(0);

    delayMs = 100;
    const ctrl = new AbortController();
    const mine = client.get('/states', { signal: ctrl.signal });
    const theirs = client.get('/states');
    ctrl.abort();
    await expect(mine).resolves.toBeNull();
    await expect(theirs).resolves.toEqual({ success: true, data: { url: '/api/states' } });
  });

  it('a connection dropped before any answer is an ApiError with status 0, and the render is told', async () => {
    const recorder = new AnswerRecorder();
    const client = createApiClient({ baseURL: base, apiKey: 'k', getToken: () => 'good', onUnauthorized: jest.fn(), sink: recorder });
    const err = await client.get('/drop').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, messages: [], fieldErrors: {} });
    expect(recorder.complete).toBe(false);
    expect(recorder.failures[0]!.key).toMatch(/^GET \/drop /);
  });

  it('an answer that is not JSON comes back as its text, an empty one as an empty string', async () => {
    const { client } = make();
    expect(await client.get('/plain')).toBe('ok');
    expect(await client.get('/empty')).toBe('');
  });
});

describe('answers of a server render (issue 8)', () => {
  const filters = { sub_category: [3, 7], page: 2 };

  it('records every read the server makes under its request key, and any failure', async () => {
    const recorder = new AnswerRecorder();
    const client = createApiClient({ baseURL: base, apiKey: 'k', getToken: () => null, sink: recorder });
    const api = createApi(client, { storeToken: 't' });
    const products = await api.getProducts(filters);
    await api.getStates();
    expect(recorder.complete).toBe(true);
    expect(Object.keys(recorder.answers)).toHaveLength(2);
    expect(recorder.answers[requestKey('GET', '/states', undefined, undefined)]).toEqual({ success: true, data: { url: '/api/states' } });
    expect(Object.values(recorder.answers)).toContainEqual(products);

    await api.register({ firstName: 'A', lastName: 'B', email: 'x@y.in', password: 'p', mobile: '9' }).catch(() => undefined);
    expect(recorder.complete).toBe(false);
    expect(recorder.failures[0]!.key).toMatch(/^POST \/customer\/register /);
  });

  it('answers identical reads in the browser from them, without a request, until they are closed', async () => {
    const recorder = new AnswerRecorder();
    const server = createApi(createApiClient({ baseURL: base, apiKey: 'k', getToken: () => null, sink: recorder }), { storeToken: 't' });
    const rendered = await server.getProducts(filters);
    seen.length = 0;

    const answers = new ServerAnswers(JSON.parse(JSON.stringify(recorder.answers)) as Record<string, unknown>);
    const browser = createApi(createApiClient({ baseURL: base, apiKey: 'k', getToken: () => null, answers }), { storeToken: 't' });
    // The loader before hydration and the page's effect after it: both from the page, none sent.
    expect(await browser.getProducts(filters)).toEqual(rendered);
    expect(await browser.getProducts(filters)).toEqual(rendered);
    expect(seen).toHaveLength(0);
    // Another query is not in the page: it is asked for.
    await browser.getProducts({ ...filters, page: 3 });
    expect(seen.map((r) => r.url)).toEqual(['/api/get-products?page=3']);

    answers.close();
    await browser.getProducts(filters);
    expect(seen.map((r) => r.url)).toEqual(['/api/get-products?page=3', '/api/get-products?page=2']);
  });
});

describe('one answer check (issue 18)', () => {
  it('an answer marked success: false rejects like a failed request, with the server message and field errors', async () => {
    const { api } = make();
    const err = await api.login({ email: 'a@b.in', password: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, messages: ['Please verify your email'], fieldErrors: { email: 'Not verified' } });
  });

  it('the cancel call reporting with status: true is a success', async () => {
    const { api } = make('good');
    const res = await api.cancelOrder({ order_id: 1, reject_reason_select: 'Other', reject_reason_input: 'x' });
    expect(res?.message).toBe('Order cancelled successfully');
  });
});
