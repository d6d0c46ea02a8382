/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerAnswers, requestKey } from './api/answers';
import { createApiClient } from './api/client';
import { ApiError } from './api/errors';
import { CATALOG_URLS } from './apiUrls';
import { firstScreenCalls, savedToken, startFirstScreenPrefetch } from './prefetch';
import { memoryStorage, STATE_KEY } from './stores/persistence';

/** A real HTTP server standing in for the API; /store-info fails while `failStoreInfo` is set. */
let server: Server;
let base = '';
const seen: string[] = [];
const bearers: string[] = [];
let failStoreInfo = false;
let counter = 0;

beforeAll(async () => {
  // The prefetch hands over through `window`; in the node environment the global object plays it.
  (globalThis as unknown as { window: unknown }).window = globalThis;
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} key=${String(req.headers['x-api-key'])}`);
      if (req.headers.authorization) bearers.push(`${req.url} ${req.headers.authorization}`);
      counter += 1;
      const status = failStoreInfo && req.url === '/api/store-info' ? 500 : 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: status === 200, message: status === 200 ? 'ok' : 'Server error', data: { n: counter } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  bearers.length = 0;
  failStoreInfo = false;
});

const client = () => createApiClient({ baseURL: base, apiKey: 'k1', getToken: () => null });

test('the first screen asks for the store information everywhere, and for its own public data', () => {
  const urls = (p: string) => firstScreenCalls(p).map((c) => `${c.method} ${c.url}`);
  expect(urls('/')).toEqual(['POST /store-info', 'GET /home-page-sections', 'GET /new-arrivals', 'POST /get-featured-products']);
  expect(urls('/products/blue-kurta')).toEqual(['POST /store-info', 'GET /single-product-details/blue-kurta']);
  // The same key the client asks under for the slug the router decodes.
  expect(urls('/products/blue%20kurta%2Fsilk')).toEqual(['POST /store-info', `GET ${CATALOG_URLS.productDetails('blue kurta/silk')}`]);
  expect(urls('/products/%E0%A4')).toEqual(['POST /store-info']);
  expect(urls('/cart')).toEqual(['POST /store-info']);
  expect(urls('/my-account/orders')).toEqual(['POST /store-info']);
});

test('the client adopts a prefetched answer once instead of asking again; the next call asks the server', async () => {
  startFirstScreenPrefetch(base, 'k1', '/');
  const c = client();
  const [info, sections] = await Promise.all([
    c.post<{ data: { n: number } }>('/store-info'),
    c.get<{ data: { n: number } }>('/home-page-sections'),
    c.get('/new-arrivals'),
    c.post('/get-featured-products'),
  ]);
  // Only the prefetch's four requests reached the server, with the API key.
  expect(seen.sort()).toEqual(
    [
      'GET /api/home-page-sections key=k1',
      'GET /api/new-arrivals key=k1',
      'POST /api/get-featured-products key=k1',
      'POST /api/store-info key=k1',
    ].sort(),
  );
  expect(info?.data.n).toBeGreaterThan(0);
  expect(sections?.data.n).toBeGreaterThan(0);
  seen.length = 0;
  const again = await c.post<{ data: { n: number } }>('/store-info');
  expect(seen).toEqual(['POST /api/store-info key=k1']);
  expect(again?.data.n).not.toBe(info?.data.n);
});

test('a failed prefetch is not handed over: the client sends its own request and reports its error', async () => {
  failStoreInfo = true;
  startFirstScreenPrefetch(base, 'k1', '/cart');
  const err = await client()
    .post('/store-info')
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(500);
  expect(seen).toEqual(['POST /api/store-info key=k1', 'POST /api/store-info key=k1']);
});

test("the checkout's list of states is asked for with the scripts, also on a server-rendered page", async () => {
  startFirstScreenPrefetch(base, 'k1', '/checkout', { publicCalls: false, token: null });
  const states = await client().get<{ data: { n: number } }>('/states');
  expect(states?.data.n).toBeGreaterThan(0);
  expect(seen).toEqual(['GET /api/states key=k1']);
});

describe("a signed-in shopper's own reads (issue 33: the own content of a personal page)", () => {
  test('are asked for with the saved token while the scripts load: cart and wishlist everywhere, orders on My Orders', async () => {
    startFirstScreenPrefetch(base, 'k1', '/my-account/orders', { publicCalls: false, token: 'tok-a' });
    const c = createApiClient({ baseURL: base, apiKey: 'k1', getToken: () => 'tok-a' });
    const orders = await c.get<{ data: { n: number } }>('/customer/orders');
    expect(orders?.data.n).toBeGreaterThan(0);
    const [cart, wishlist] = await Promise.all([c.get('/customer/cart'), c.get('/customer/wishlist')]);
    expect(cart).not.toBeNull();
    expect(wishlist).not.toBeNull();
    // The prefetch's requests only, each with the bearer; a server-rendered page's public calls are not repeated.
    expect(seen.sort()).toEqual(['GET /api/customer/cart key=k1', 'GET /api/customer/orders key=k1', 'GET /api/customer/wishlist key=k1']);
    expect(bearers.sort()).toEqual([
      '/api/customer/cart Bearer tok-a',
      '/api/customer/orders Bearer tok-a',
      '/api/customer/wishlist Bearer tok-a',
    ]);
    seen.length = 0;
    // Another page asks for the session's cart and wishlist only; a guest's start-up for none of them.
    startFirstScreenPrefetch(base, 'k1', '/my-account', { publicCalls: false, token: 'tok-a' });
    startFirstScreenPrefetch(base, 'k1', '/my-account/orders', { publicCalls: false, token: null });
    await c.get('/customer/cart');
    await c.get('/customer/wishlist');
    expect(seen.sort()).toEqual(['GET /api/customer/cart key=k1', 'GET /api/customer/wishlist key=k1']);
  });

  test('My Orders rendered with the session brought its list: none is asked for, so a read after a cancel is fresh', async () => {
    startFirstScreenPrefetch(base, 'k1', '/my-account/orders', { publicCalls: false, token: 'tok-a', ownContentRendered: true });
    const c = createApiClient({ baseURL: base, apiKey: 'k1', getToken: () => 'tok-a' });
    await Promise.all([c.get('/customer/cart'), c.get('/customer/wishlist')]);
    expect(seen.sort()).toEqual(['GET /api/customer/cart key=k1', 'GET /api/customer/wishlist key=k1']);
    // The read after a cancel goes to the server.
    await c.get('/customer/orders');
    expect(seen.filter((l) => l.startsWith('GET /api/customer/orders'))).toHaveLength(1);
  });

  test('a copy of a call the page brought the answer to is dropped: a read after a change goes to the server', async () => {
    startFirstScreenPrefetch(base, 'k1', '/my-account/orders', { publicCalls: false, token: 'tok-a' });
    const page = new ServerAnswers({ [requestKey('GET', '/customer/orders', undefined, undefined)]: { data: { n: -1 } } });
    const c = createApiClient({ baseURL: base, apiKey: 'k1', getToken: () => 'tok-a', answers: page });
    expect(await c.get('/customer/orders')).toEqual({ data: { n: -1 } });
    page.close();
    const fresh = await c.get<{ data: { n: number } }>('/customer/orders');
    // The server's second answer, not the copy asked for at start-up.
    expect(fresh?.data.n).toBeGreaterThan(0);
    expect(seen.filter((l) => l.startsWith('GET /api/customer/orders'))).toHaveLength(2);
  });

  test('are handed only to a client asking with the same token: signed out or another shopper asks again', async () => {
    startFirstScreenPrefetch(base, 'k1', '/my-account/orders', { publicCalls: false, token: 'tok-a' });
    const other = createApiClient({ baseURL: base, apiKey: 'k1', getToken: () => 'tok-b' });
    await other.get('/customer/orders');
    expect(bearers.filter((b) => b.includes('orders'))).toEqual(['/api/customer/orders Bearer tok-a', '/api/customer/orders Bearer tok-b']);
    bearers.length = 0;
    startFirstScreenPrefetch(base, 'k1', '/my-account/orders', { publicCalls: false, token: 'tok-a' });
    await createApiClient({ baseURL: base, apiKey: 'k1', getToken: () => null }).get('/customer/orders');
    expect(bearers.filter((b) => b.includes('orders'))).toEqual(['/api/customer/orders Bearer tok-a']);
    expect(seen.filter((l) => l.startsWith('GET /api/customer/orders'))).toHaveLength(4);
  });

  test("the saved token is the signed-in session's only", () => {
    const saved = (auth: unknown) => memoryStorage({ [STATE_KEY]: JSON.stringify({ auth }) });
    expect(savedToken(saved({ token: 't1', isAuthenticated: true, user: null }))).toBe('t1');
    // A session waiting for its e-mail to be verified has a token but is not signed in (spec §4).
    expect(savedToken(saved({ token: 't1', isAuthenticated: false }))).toBeNull();
    expect(savedToken(saved({ token: '', isAuthenticated: true }))).toBeNull();
    expect(savedToken(memoryStorage({ [STATE_KEY]: '{not json' }))).toBeNull();
    expect(savedToken(memoryStorage())).toBeNull();
  });
});
