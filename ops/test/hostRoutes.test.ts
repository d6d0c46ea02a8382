/** The static host: /favicon.ico, the /api proxy, a second origin for one remote (--only), and `pnpm ops serve`. */
import http from 'node:http';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHost } from '../src/host';
import { request } from './helpers';
import { CAT, SHELL, base, ok, setUpHost, startHost, ws } from './hostFixture';

setUpHost();

describe('/favicon.ico', () => {
  test("the live shell's icon, cached for a day and revalidated; none in the live shell is a 404, never the page", async () => {
    const icon = readFileSync(path.join(__dirname, '..', '..', 'shell', 'public', 'favicon.ico'));
    const dir = ws.build('shell', '0.1.0-s3', { marker: 'SHELL-THREE' });
    writeFileSync(path.join(dir, 'favicon.ico'), icon); // what the shell's build copies from shell/public
    await ok('publish', 'shell', '--from', dir);
    await ok('activate', 'shell', '0.1.0-s3');
    try {
      const r = await request(base, '/favicon.ico');
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/x-icon');
      expect(r.headers['cache-control']).toBe('public, max-age=86400');
      expect(r.body.equals(icon)).toBe(true);
      expect(r.body.readUInt16LE(2)).toBe(1); // an ICO file's type field: icon
      const etag = r.headers.etag ?? '';
      expect(etag).not.toBe('');
      expect((await request(base, '/favicon.ico', { headers: { 'if-none-match': etag } })).status).toBe(304);
      const head = await request(base, '/favicon.ico', { method: 'HEAD' });
      expect([head.status, head.body.length]).toEqual([200, 0]);
    } finally {
      await ok('rollback', 'shell');
    }
    // The shell live now has no favicon.ico (a build from before it): a plain 404.
    const r = await request(base, '/favicon.ico');
    expect(r.status).toBe(404);
    expect(r.body.toString()).not.toContain('<div id="root">');
  });
});

describe('/api proxy', () => {
  test('streams method, path, query, headers and body both ways', async () => {
    const seen: { method?: string; url?: string; key?: string; auth?: string; body?: string; fwd?: string } = {};
    const api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        Object.assign(seen, {
          method: req.method,
          url: req.url,
          key: req.headers['x-api-key'],
          auth: req.headers.authorization,
          body,
          fwd: req.headers['x-forwarded-for'],
        });
        res.writeHead(201, { 'Content-Type': 'application/json', 'X-Custom': 'yes', 'Set-Cookie': 'a=1' });
        res.write('{"success":true,');
        setTimeout(() => res.end('"result":[1,2,3]}'), 20);
      });
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
    const port = (api.address() as { port: number }).port;
    const h = await startHost({ api: `http://127.0.0.1:${port}` });
    try {
      const r = await request(h.base, '/api/cart/add?store=1&x=a%20b', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-api-key': 'k-123', Authorization: 'Bearer tok' },
        body: JSON.stringify({ product_id: 7, quantity: 2 }),
      });
      expect(r.status).toBe(201);
      expect(JSON.parse(r.body.toString())).toEqual({ success: true, result: [1, 2, 3] });
      expect(r.headers['x-custom']).toBe('yes');
      expect(r.headers['set-cookie']).toEqual(['a=1']);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(seen).toMatchObject({
        method: 'POST',
        url: '/api/cart/add?store=1&x=a%20b',
        key: 'k-123',
        auth: 'Bearer tok',
        body: '{"product_id":7,"quantity":2}',
        fwd: '127.0.0.1',
      });
    } finally {
      await h.host.close();
      await new Promise<void>((r) => api.close(() => r()));
    }
  });

  test('the API down: 502 with a JSON message', async () => {
    const tmp = http.createServer();
    await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', () => r()));
    const port = (tmp.address() as { port: number }).port;
    await new Promise<void>((r) => tmp.close(() => r()));
    const h = await startHost({ api: `http://127.0.0.1:${port}` });
    try {
      const r = await request(h.base, '/api/store-info');
      expect(r.status).toBe(502);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(r.body.toString()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/API is unavailable/);
    } finally {
      await h.host.close();
    }
    // No --api at all: the same shape.
    const none = await request(base, '/api/store-info');
    expect(none.status).toBe(502);
    expect(JSON.parse(none.body.toString())).toMatchObject({ success: false });
  });
});

describe('a second origin for one remote (--only)', () => {
  test('serves that remote’s files with CORS and nothing else', async () => {
    const h = await startHost({ only: 'catalog' });
    try {
      const js = await request(h.base, `/remotes/catalog/${CAT}/remoteEntry.js`, { headers: { Origin: base } });
      expect(js.status).toBe(200);
      expect(js.headers['access-control-allow-origin']).toBe('*');
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const p of ['/', '/remotes.json', '/storefront.config.json', `/shell/${SHELL}/index.html`, '/api/x']) {
        expect({ p, status: (await request(h.base, p)).status }).toEqual({ p, status: 404 });
      }
    } finally {
      await h.host.close();
    }
    expect(() => createHost({ root: ws.root, only: 'shell' })).toThrow('--only takes a remote');
  });
});

describe('pnpm ops serve', () => {
  test('prints its URL, serves, and exits cleanly on SIGTERM', async () => {
    const tsxCli = require.resolve('tsx/cli');
    const cli = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
    const child = spawn(process.execPath, [tsxCli, cli, 'serve', '--port', '0', '--root', ws.root], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    expect((await request(url, '/storefront.config.json')).status).toBe(200);
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const t0 = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(3000);
  }, 30_000);
});
