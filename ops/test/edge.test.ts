/**
 * The host as the edge (issue 15): what an attacker tries against it and what an operator needs from it.
 * Real hosts on a real deploy root, real upstream HTTP servers standing in for API processes.
 */
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHost, type Host } from '../src/host';
import { freePort, makeWorkspace, request, type Workspace } from './helpers';

let ws: Workspace;
const SHELL = '0.1.0-s1';
const CAT = '0.1.0-c1';
const hosts: Host[] = [];
const servers: http.Server[] = [];

async function ok(...args: string[]): Promise<void> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
}

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in API process: records what reaches it, answers JSON (or what `answer` says). */
async function upstream(
  name: string,
  answer?: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void,
): Promise<{ url: string; seen: Seen[]; server: http.Server }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (answer) return answer(req, res, body);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: true, from: name }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, seen, server };
}

async function start(
  env: NodeJS.ProcessEnv,
  extra: { api?: string; port?: number; sourceMaps?: boolean } = {},
): Promise<{ host: Host; base: string }> {
  const h = createHost({ root: ws.root, api: extra.api ?? null, env, ...(extra.sourceMaps ? { sourceMaps: true } : {}) });
  hosts.push(h);
  return { host: h, base: await h.listen(extra.port ?? 0, '127.0.0.1') };
}

/** A port nothing listens on. */
async function deadOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

beforeAll(async () => {
  ws = makeWorkspace();
  await ok('publish', 'shell', '--from', ws.build('shell', SHELL, { marker: 'SHELL-ONE', maps: true }));
  await ok('activate', 'shell', SHELL);
  await ok(
    'publish',
    'catalog',
    '--from',
    ws.build('catalog', CAT, { bigJs: true, marker: 'CATALOG-ONE', maps: true, precompressed: true }),
  );
  await ok('activate', 'catalog', CAT);
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  ws.cleanup();
});

describe('request smuggling through /api', () => {
  test('a GET with a chunked body is refused, and the body never reaches the API as a second request', async () => {
    const api = await upstream('a');
    const { base } = await start({}, { api: api.url });
    const port = Number(new URL(base).port);
    const smuggled = 'GET /api/otp/send HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\nContent-Length: 0\r\n\r\n';
    const raw =
      'GET /api/store-info HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n' +
      `${Buffer.byteLength(smuggled).toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const sock = net.connect(port, '127.0.0.1', () => sock.write(raw));
      let text = '';
      sock.on('data', (d: Buffer) => (text += d.toString()));
      sock.on('end', () => resolve(text));
      sock.on('error', reject);
    });
    // Whatever was smuggled would reach the API before this later request does.
    expect((await request(base, '/api/sentinel')).status).toBe(200);
    expect(api.seen.map((s) => s.url)).toEqual(['/api/sentinel']);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe('the site origin comes from STORE_URL, never from request headers', () => {
  test('development without STORE_URL: the host’s own address, whatever Host and X-Forwarded-* say', async () => {
    const { base } = await start({});
    const r = await request(base, '/storefront.config.json', {
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'javascript://evil.example', 'X-Forwarded-Proto': 'javascript' },
    });
    expect(r.status).toBe(200);
    expect((JSON.parse(r.body.toString()) as { storeUrl: string }).storeUrl).toBe(base);
  });

  test('production: STORE_URL is required, used as is, and a request for another host gets 421', async () => {
    expect(() => createHost({ root: ws.root, env: { NODE_ENV: 'production' } })).toThrow(/STORE_URL/);
    // The development key and token are refused in production too (issue 13), named.
    expect(() => createHost({ root: ws.root, env: { NODE_ENV: 'production', STORE_URL: 'https://shop.example.in' } })).toThrow(
      /API_KEY and STORE_TOKEN/,
    );
    expect(() =>
      createHost({
        root: ws.root,
        env: { NODE_ENV: 'production', STORE_URL: 'https://shop.example.in', API_KEY: 'dev-storefront-key', STORE_TOKEN: 't-456' },
      }),
    ).toThrow(/^API_KEY must be set/);
    expect(() =>
      createHost({
        root: ws.root,
        env: { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: 'javascript://evil.example' },
      }),
    ).toThrow(/STORE_URL/);
    const port = await freePort();
    const { base } = await start(
      { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: 'https://shop.example.in' },
      { port },
    );
    const evil = await request(base, '/storefront.config.json', { headers: { Host: 'evil.example' } });
    expect(evil.status).toBe(421);
    const page = await request(base, '/shop', { headers: { Host: 'evil.example' } });
    expect(page.status).toBe(421);
    const good = await request(base, '/storefront.config.json', {
      headers: { Host: 'shop.example.in', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(good.status).toBe(200);
    expect((JSON.parse(good.body.toString()) as { storeUrl: string }).storeUrl).toBe('https://shop.example.in');
    // A load balancer's probes name no site.
    expect((await request(base, '/healthz', { headers: { Host: '10.0.0.7' } })).status).toBe(200);
  });
});

describe('what the API is told about the client', () => {
  test('X-Forwarded-For is the address the host saw, unless the peer is a trusted proxy; a request id goes along', async () => {
    const api = await upstream('a');
    const direct = await start({}, { api: api.url });
    await request(direct.base, '/api/x', { headers: { 'X-Forwarded-For': '6.6.6.6', Forwarded: 'for=6.6.6.6', 'X-Request-Id': 'forged' } });
    const first = api.seen.at(-1);
    expect(first?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(first?.headers.forwarded).toBeUndefined();
    expect(first?.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(first?.headers['x-request-id']).not.toBe('forged');

    const behind = await start({ TRUSTED_PROXIES: '127.0.0.1/8' }, { api: api.url });
    const r = await request(behind.base, '/api/x', { headers: { 'X-Forwarded-For': '203.0.113.9, 10.1.1.1', 'X-Request-Id': 'lb-1234' } });
    const second = api.seen.at(-1);
    expect(second?.headers['x-forwarded-for']).toBe('10.1.1.1');
    expect(second?.headers['x-request-id']).toBe('lb-1234');
    expect(r.headers['x-request-id']).toBe('lb-1234');
  });
});

describe('several API processes', () => {
  test('requests go over API_URL’s list in turn while none is busier; one that is down is skipped', async () => {
    const a = await upstream('a');
    const b = await upstream('b');
    const dead = await deadOrigin();
    const { base } = await start({ API_URL: `${a.url},${dead},${b.url}` });
    const froms: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await request(base, `/api/store-info?i=${i}`);
      expect(r.status).toBe(200);
      froms.push((JSON.parse(r.body.toString()) as { from: string }).from);
    }
    expect(new Set(froms)).toEqual(new Set(['a', 'b']));
    // Posts too: a refused connection sent nothing, so it goes to the next process.
    for (let i = 0; i < 6; i++) {
      const r = await request(base, '/api/cart/add', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"i":${i}}`,
      });
      expect(r.status).toBe(200);
    }
    const posts = [...a.seen, ...b.seen].filter((s) => s.method === 'POST').map((s) => s.body);
    expect(posts.sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `{"i":${i}}`));
  });

  test('a process that is slow to answer (a pause, a slow query) gets the next requests only once it has answered', async () => {
    // One process holds every answer 300 ms; requests come every 20 ms. Round robin would send it every
    // other one (20 of 40), each waiting out the pause.
    const slow = await upstream('slow', (_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"success":true,"from":"slow"}');
      }, 300);
    });
    const fast = await upstream('fast');
    const { base } = await start({ API_URL: `${slow.url},${fast.url}` });
    const answers: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 40; i++) {
      answers.push(request(base, `/api/get-products?i=${i}`));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await Promise.all(answers)).map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(slow.seen.length + fast.seen.length).toBe(40);
    // At most one at a time while it is slow: about one in every 300 ms of the 800 ms.
    expect(slow.seen.length).toBeLessThanOrEqual(6);
    // Each process is addressed by its own host.
    expect(new Set(slow.seen.map((s) => s.headers.host))).toEqual(new Set([new URL(slow.url).host]));
    expect(new Set(fast.seen.map((s) => s.headers.host))).toEqual(new Set([new URL(fast.url).host]));
  });
});

describe('files', () => {
  test('precompressed .br/.gz beside a file are served as they are, with their length', async () => {
    const { base } = await start({});
    const p = `/remotes/catalog/${CAT}/main.0123abcd.js`;
    const plain = await request(base, p);
    const folder = path.join(ws.root, 'remotes', 'catalog', CAT);
    const br = await request(base, p, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes of the file on disk, with their length (what is compressed on the fly has none).
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.equals(readFileSync(path.join(folder, 'main.0123abcd.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await request(base, p, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(path.join(folder, 'main.0123abcd.js.gz')))).toBe(true);
  });

  test('publishing leaves out a precompressed file that no longer matches its file (a build edited after it was compressed)', async () => {
    const dir = ws.build('catalog', '0.1.0-c9', { bigJs: true, precompressed: true });
    const edited = `console.log("edited after the build");\n${'x'.repeat(2000)}\n`;
    writeFileSync(path.join(dir, 'main.0123abcd.js'), edited);
    const r = await ws.ops('publish', 'catalog', '--from', dir);
    expect(r.out).toContain('left out 2 precompressed file(s)');
    expect(existsSync(path.join(ws.root, 'remotes', 'catalog', '0.1.0-c9', 'main.0123abcd.js.br'))).toBe(false);
    const { base } = await start({});
    const br = await request(base, '/remotes/catalog/0.1.0-c9/main.0123abcd.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(edited);
  });

  test('source maps, build.json, mf-stats.json and server builds are not served in production; maps only with the operator flag', async () => {
    const port = await freePort();
    const { base } = await start(
      { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: `http://127.0.0.1:${port}` },
      { port },
    );
    for (const p of [
      `/shell/${SHELL}/main.0123abcd.js.map`,
      `/remotes/catalog/${CAT}/main.0123abcd.js.map`,
      `/remotes/catalog/${CAT}/build.json`,
      `/remotes/catalog/${CAT}/mf-stats.json`,
      `/shell/${SHELL}/build.json`,
    ]) {
      expect({ p, status: (await request(base, p)).status }).toEqual({ p, status: 404 });
    }
    expect((await request(base, `/remotes/catalog/${CAT}/mf-manifest.json`)).status).toBe(200);
    const port2 = await freePort();
    const ops = await start(
      { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: `http://127.0.0.1:${port2}` },
      { port: port2, sourceMaps: true },
    );
    expect((await request(ops.base, `/remotes/catalog/${CAT}/main.0123abcd.js.map`)).status).toBe(200);
    expect((await request(ops.base, `/remotes/catalog/${CAT}/build.json`)).status).toBe(404);
  });
});

describe('payment page policy', () => {
  test('/payment allows the gateway’s origins for scripts, frames and connections; other pages do not', async () => {
    const { base } = await start({ PAYMENT_CSP_ORIGINS: 'http://127.0.0.1:9999' });
    const pay = String((await request(base, '/payment')).headers['content-security-policy']);
    expect(pay).toContain("script-src 'self' http://127.0.0.1:9999");
    expect(pay).toContain("frame-src 'self' http://127.0.0.1:9999");
    expect(pay).toContain("connect-src 'self' http://127.0.0.1:9999");
    const shop = String((await request(base, '/shop')).headers['content-security-policy']);
    expect(shop).not.toContain('9999');
    const def = await start({});
    expect(String((await request(def.base, '/payment')).headers['content-security-policy'])).toContain('https://checkout.razorpay.com');
  });
});

describe('robots.txt and sitemaps', () => {
  test('robots.txt keeps crawlers out of private pages and names the sitemap on STORE_URL', async () => {
    const port = await freePort();
    const { base } = await start(
      { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: 'https://shop.example.in' },
      { port },
    );
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
