/** The host at the edge, operations: robots.txt and sitemaps, slow bodies and floods, refusals in the API's shape, the operations endpoints, health and metrics, shutdown. */
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createHost } from '../src/host';
import { freePort, request, productionEnv } from './helpers';
import { CAT, servers, setUpEdgeHosts, start, upstream, ws } from './edgeFixture';

setUpEdgeHosts();

describe('robots.txt and sitemaps', () => {
  test('robots.txt keeps crawlers out of private pages and names the sitemap on STORE_URL', async () => {
    const port = await freePort();
    const { base } = await start(productionEnv('https://shop.example.in'), { port });
    const r = await request(base, '/robots.txt', { headers: { Host: 'shop.example.in' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body.toString();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Allow: \/$/m);
    for (const p of [
      '/cart',
      '/checkout',
      '/payment',
      '/order-success',
      '/order-failure',
      '/my-account',
      '/signin',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/track-order',
      '/api/',
    ]) {
      expect(text).toMatch(new RegExp(`^Disallow: ${p}$`, 'm'));
    }
    expect(text).toContain('Sitemap: https://shop.example.in/sitemap.xml');
  });

  test('/sitemap.xml and /sitemap-<n>.xml come from the API’s /api/seo/…', async () => {
    const api = await upstream('a', (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(`<urlset><!-- ${req.url} --></urlset>`);
    });
    const { base } = await start({}, { api: api.url });
    const index = await request(base, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/xml/);
    expect(index.body.toString()).toContain('<!-- /api/seo/sitemap.xml -->');
    const part = await request(base, '/sitemap-3.xml');
    expect(part.body.toString()).toContain('<!-- /api/seo/sitemap-3.xml -->');
    expect((await request(base, '/sitemap-x.xml')).status).toBe(404);
  });
});

describe('slow bodies and connection floods (issue 35 item 13)', () => {
  /** A raw connection to the host; `closed` resolves with what the host sent before closing it. */
  const connect = (base: string) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    socket.on('error', () => undefined);
    return { socket, closed: new Promise<string>((resolve) => socket.on('close', () => resolve(received))) };
  };
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

  test('a body trickled a byte at a time is answered 408 and closed near REQUEST_TIMEOUT_MS', async () => {
    const { base } = await start({ REQUEST_TIMEOUT_MS: '500' });
    const c = connect(base);
    c.socket.write('POST /telemetry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => c.socket.write(' '), 100);
    try {
      expect(await within(c.closed, 8000)).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      c.socket.destroy();
    }
  });

  test('connections beyond MAX_CONNECTIONS are closed at once; those within are served', async () => {
    const { base } = await start({ MAX_CONNECTIONS: '3' });
    const held = [connect(base), connect(base), connect(base)];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = connect(base);
    try {
      expect(await within(extra.closed, 5000)).toBe('');
      held[0]?.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(await within(held[0]!.closed, 5000)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const c of [...held, extra]) c.socket.destroy();
    }
  });
});

describe("the host's own refusals on /api keep the API's answer shape (issue 35 item 17)", () => {
  test('a body over the limit is 413 JSON { success: false, message }', async () => {
    const api = await upstream('a');
    const { base } = await start({}, { api: api.url });
    const big = await request(base, '/api/customer/register', {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
    expect(big.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(big.body.toString())).toEqual({ success: false, message: 'Request body is too large' });
  });
});

describe('operations endpoints are not public (issue 35 item 12)', () => {
  const PRODUCTION = { NODE_ENV: 'production', STORE_URL: 'https://shop.example.in', API_KEY: 'k-123', STORE_TOKEN: 't-456' };
  const site = { Host: 'shop.example.in' };

  test('in production only /healthz answers a stranger; /metrics and /readyz need OPS_TOKEN', async () => {
    const api = await upstream('a');
    const closed = await start(PRODUCTION, { api: api.url });
    expect((await request(closed.base, '/healthz', { headers: site })).status).toBe(200);
    expect((await request(closed.base, '/metrics', { headers: site })).status).toBe(404);
    expect((await request(closed.base, '/readyz', { headers: site })).status).toBe(404);

    const token = 'ops-token-0123456789abcdef';
    const { base } = await start({ ...PRODUCTION, OPS_TOKEN: token }, { api: api.url });
    const stranger = await request(base, '/readyz', { headers: site });
    expect(stranger.status).toBe(401);
    expect(stranger.body.toString()).not.toContain('127.0.0.1');
    expect((await request(base, '/metrics', { headers: { ...site, Authorization: 'Bearer wrong-token-0123456789ab' } })).status).toBe(401);
    const scraped = await request(base, '/metrics', { headers: { Authorization: `Bearer ${token}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.body.toString()).toContain('host_http_requests_total');
    expect((await request(base, '/readyz', { headers: { Authorization: `Bearer ${token}` } })).status).not.toBe(401);
  });

  test('production refuses a guessable OPS_TOKEN', () => {
    expect(() => createHost({ root: ws.root, env: { ...PRODUCTION, OPS_TOKEN: 'short' } })).toThrow(/OPS_TOKEN/);
  });
});

describe('health, readiness and metrics', () => {
  test('/healthz answers while the process lives; /readyz fails while the API or its database is down and passes once both answer', async () => {
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const { base } = await start({}, { api: apiUrl });
    expect((await request(base, '/healthz')).status).toBe(200);
    const down = await request(base, '/readyz');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body.toString())).toMatchObject({ ready: false, checks: { api: { ok: false } } });
    // The API process is alive but its database is away: its /readyz says so, and the host is not ready.
    let databaseUp = false;
    const api = http.createServer((req, res) => {
      const ready = req.url !== '/readyz' || databaseUp;
      res.writeHead(ready ? 200 : 503, { 'Content-Type': 'application/json' });
      res.end(req.url === '/readyz' ? JSON.stringify({ ready }) : '{"status":"ok"}');
    });
    await new Promise<void>((r) => api.listen(port, '127.0.0.1', () => r()));
    servers.push(api);
    const noDatabase = await request(base, '/readyz');
    expect(noDatabase.status).toBe(503);
    expect(JSON.parse(noDatabase.body.toString())).toMatchObject({ ready: false, checks: { api: { ok: false } } });
    databaseUp = true;
    const up = await request(base, '/readyz');
    expect(JSON.parse(up.body.toString())).toMatchObject({
      ready: true,
      checks: { api: { ok: true }, registry: { ok: true }, builds: { ok: true } },
    });
    expect(up.status).toBe(200);
  });

  test('/metrics in Prometheus text with the names an operator charts', async () => {
    const api = await upstream('a');
    const { base } = await start({}, { api: api.url });
    await request(base, '/shop');
    await request(base, `/remotes/catalog/${CAT}/remoteEntry.js`);
    await request(base, '/api/x');
    const m = await request(base, '/metrics');
    expect(m.status).toBe(200);
    expect(m.headers['content-type']).toMatch(/^text\/plain/);
    const text = m.body.toString();
    for (const name of [
      'host_http_requests_total',
      'host_http_request_duration_seconds_bucket',
      'host_ssr_render_duration_seconds_bucket',
      'host_ssr_fallbacks_total',
      'host_ssr_cache_hits_total',
      'host_bytes_served_total',
      'process_cpu_user_seconds_total',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/host_http_requests_total\{[^}]*route="\/api\/\*"[^}]*status="200"[^}]*\} 1/);
    expect(text).toMatch(new RegExp(`host_bytes_served_total\\{section="catalog",version="${CAT.replace(/\./g, '\\.')}"\\} \\d+`));
  });
});

describe('graceful shutdown', () => {
  test('SIGTERM during a slow API call: the call is answered, then the host exits', async () => {
    let release: () => void = () => undefined;
    const slow = await upstream('slow', (_req, res) => {
      release = () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"slow":true}');
      };
    });
    const tsxCli = require.resolve('tsx/cli');
    const cli = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
    const child = spawn(process.execPath, [tsxCli, cli, 'serve', '--port', '0', '--root', ws.root, '--api', slow.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info' },
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`exited: ${out}`)));
    });
    const pending = request(url, '/api/slow');
    await new Promise<void>((r) => {
      const wait = () => (slow.seen.length ? r() : setTimeout(wait, 20));
      wait();
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    // Still running: it waits for the call in flight.
    await new Promise<void>((r) => {
      const wait = () => (out.includes('SIGTERM') ? r() : setTimeout(wait, 20));
      wait();
    });
    expect(child.exitCode).toBeNull();
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ slow: true });
    expect(await exited).toBe(0);
    // JSON log lines with the request id and route.
    const line = out.split('\n').find((l) => l.includes('"url":"/api/slow"') && l.includes('"statusCode"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ reqId: expect.any(String), statusCode: 200 });
  }, 30_000);
});
