import { ADDRESS, addToCart, API_KEY, findVariant, makeApp, ok, post, registerCustomer, type TestApp } from './helpers';
import { prng } from '../src/db/seed/catalogue';

/**
 * A few hundred malformed requests across every route: wrong types, missing and extra fields, broken
 * JSON, odd content types, huge and hostile strings. Whatever comes in, the answer is never a 5xx and
 * always the one error shape.
 */

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await makeApp();
  const c = await registerCustomer(t.app);
  token = c.token;
  // A cart with something in it, so checkout and coupons reach their deeper code paths.
  ok(await addToCart(t.app, token, await findVariant(t.db, { maxPrice: 1500_00 }), 1));
});
afterAll(() => t.close());

interface Route {
  method: 'GET' | 'POST';
  url: string;
  fields: string[];
}

const HOSTILE: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  'x'.repeat(10_000),
  '\u0000',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  [],
  [1, 2, 3],
  ['a'],
  [null],
  {},
  { $gt: '' },
  { nested: { deep: [1, { a: 2 }] } },
  '2026-13-45',
  '1e5',
  '9876543210',
  'SF0000000000',
];

function routesOf(doc: {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>
  >;
}): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase();
      if (m !== 'GET' && m !== 'POST') continue;
      const content = op.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      const url = path.replace('{slug}', 'some-slug').replace('{n}', '1').replace('{id}', '1');
      out.push({ method: m, url, fields: Object.keys(schema?.properties ?? {}) });
    }
  }
  return out;
}

function payloadsFor(route: Route, rand: () => number): { payload: string; contentType: string }[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const json = (v: unknown) => ({ payload: JSON.stringify(v), contentType: 'application/json' });
  const list = [
    { payload: '{"broken": ', contentType: 'application/json' },
    { payload: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
    { payload: '{"constructor": {"prototype": {"x": 1}}}', contentType: 'application/json' },
    json([]),
    json(null),
    json(42),
    json('string'),
    { payload: '<xml/>', contentType: 'application/xml' },
    { payload: 'plain text', contentType: 'text/plain' },
    { payload: 'a=1&b=2&page=-5', contentType: 'application/x-www-form-urlencoded' },
    { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', contentType: 'multipart/form-data; boundary=x' },
    { payload: 'garbage', contentType: 'multipart/form-data' },
    {
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
    },
  ];
  // Every field alone set to a hostile value, then random mixes of hostile values for all fields.
  for (const field of route.fields) list.push(json({ [field]: pick(HOSTILE) }));
  for (let i = 0; i < 6; i += 1) {
    const body: Record<string, unknown> = { ...ADDRESS, extra_field: pick(HOSTILE) };
    for (const field of route.fields) if (rand() < 0.7) body[field] = pick(HOSTILE);
    list.push(json(body));
  }
  return list;
}

describe('fuzz', () => {
  it('answers hundreds of malformed requests with 4xx in the error shape, never 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes = routesOf(doc);
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const rand = prng(12345);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const cases = route.method === 'GET' ? [{ payload: '', contentType: '' }] : payloadsFor(route, rand);
      for (const c of cases) {
        for (const withToken of [true, false]) {
          const headers: Record<string, string> = { 'x-api-key': API_KEY };
          if (withToken) headers.authorization = `Bearer ${token}`;
          if (c.contentType) headers['content-type'] = c.contentType;
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            headers,
            ...(route.method === 'POST' ? { payload: c.payload } : {}),
          });
          sent += 1;
          if (res.statusCode >= 500)
            failures.push(`${route.method} ${route.url} ${c.payload.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
            const body = res.json() as { success?: unknown; message?: unknown };
            if (body.success !== false || body.message === undefined)
              failures.push(`${route.url}: error without the shape: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    // Odd URLs and parameters.
    for (const url of [
      '/api/single-product-details/' + 'a'.repeat(2000),
      '/api/single-product-details/%E0%A4%A',
      '/api/get-products?page=abc',
      '/api/get-products?page=99999999999',
      '/api/images/x?w=abc',
      '/api/images/0123456789abcdef-99999x1-zzzzzz?w=-1&f=gif',
    ]) {
      const res = await t.app.inject({ method: url.includes('get-products') ? 'POST' : 'GET', url, headers: { 'x-api-key': API_KEY } });
      sent += 1;
      if (res.statusCode >= 500) failures.push(`${url} → ${res.statusCode}`);
    }
    expect(sent).toBeGreaterThanOrEqual(300);
    expect(failures).toEqual([]);
    // And the server still works afterwards.
    expect((await post(t.app, '/store-info')).status).toBe(200);
  });
});
