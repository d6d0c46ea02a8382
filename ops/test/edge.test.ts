/** The host at the edge: request smuggling, the site's origin, what the API is told, several API processes, files, the payment page's policy. */
import net from 'node:net';
import zlib from 'node:zlib';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHost } from '../src/host';
import { freePort, request, productionEnv } from './helpers';
import { CAT, SHELL, deadOrigin, setUpEdgeHosts, start, upstream, ws } from './edgeFixture';

setUpEdgeHosts();

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
        env: productionEnv('javascript://evil.example'),
      }),
    ).toThrow(/STORE_URL/);
    const port = await freePort();
    const { base } = await start(productionEnv('https://shop.example.in'), { port });
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
