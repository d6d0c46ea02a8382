import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t.close();
});

test('/metrics: Prometheus text with requests by route and status, no API key needed', async () => {
  await t.app.inject({ method: 'POST', url: '/api/store-info', headers: { 'x-api-key': 'wrong' } });
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toMatch(/api_http_requests_total\{method="POST",route="\/api\/store-info",status="401"\} 1/);
  expect(res.body).toContain('api_http_request_duration_seconds_bucket');
  expect(res.body).toContain('process_cpu_user_seconds_total');
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
});

test('the request id the host sends is the one the API uses; anything odd gets a new one', async () => {
  const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'host-1234' } });
  expect(given.headers['x-request-id']).toBe('host-1234');
  const odd = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\u0000<script>' } });
  expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});
