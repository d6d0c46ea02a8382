/** The static host: registry and runtime config, versioned assets, paths that never leave the deploy root, SPA routes and security headers. */
import zlib from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHost, rawPath, safeSegments } from '../src/host';
import { makeWorkspace, request } from './helpers';
import { CAT, SHELL, base, ok, setUpHost, startHost, ws } from './hostFixture';

setUpHost();

describe('registry and runtime config', () => {
  test('/storefront.config.json is built from the environment, never cached', async () => {
    const r = await request(base, '/storefront.config.json');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.body.toString())).toEqual({
      apiBaseUrl: '/api',
      apiKey: 'k-123',
      storeToken: 't-456',
      registryUrl: '/remotes.json',
      storeUrl: base,
      environment: 'production',
    });
    const d = await startHost({ env: {} });
    try {
      const cfg = JSON.parse((await request(d.base, '/storefront.config.json')).body.toString()) as Record<string, string>;
      expect(cfg).toMatchObject({ apiKey: 'dev-storefront-key', storeToken: 'dev-store-token', environment: 'development' });
    } finally {
      await d.host.close();
    }
  });

  test('/remotes.json is the registry file, never cached, and follows activate/rollback without a restart', async () => {
    const r = await request(base, '/remotes.json');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.body.toString()).toBe(readFileSync(path.join(ws.root, 'remotes.json'), 'utf8'));
    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c2'));
    await ok('activate', 'catalog', '0.1.0-c2');
    const after = JSON.parse((await request(base, '/remotes.json')).body.toString()) as { remotes: Record<string, { version: string }> };
    expect(after.remotes.catalog?.version).toBe('0.1.0-c2');
    await ok('rollback', 'catalog');
    const back = JSON.parse((await request(base, '/remotes.json')).body.toString()) as { remotes: Record<string, { version: string }> };
    expect(back.remotes.catalog?.version).toBe(CAT);
  });
});

describe('versioned assets', () => {
  test('immutable caching, content types and CORS', async () => {
    const js = await request(base, `/remotes/catalog/${CAT}/remoteEntry.js`);
    expect(js.status).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.body.toString()).toContain('CATALOG-ONE');
    const manifest = await request(base, `/remotes/catalog/${CAT}/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const shellJs = await request(base, `/shell/${SHELL}/main.0123abcd.js`);
    expect(shellJs.status).toBe(200);
    expect(shellJs.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const pre = await request(base, `/remotes/catalog/${CAT}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://elsewhere' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-methods']).toContain('GET');
  });

  test('gzip and brotli by Accept-Encoding, identity otherwise', async () => {
    const p = `/remotes/catalog/${CAT}/main.0123abcd.js`;
    const plain = await request(base, p);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Field names in Vary are case-insensitive (RFC 9110); @fastify/static 10 sends them in lower case.
    expect(String(plain.headers.vary).toLowerCase()).toBe('accept-encoding');
    const br = await request(base, p, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // Compressed as it goes out (no precompressed sibling here): no length known in advance.
    if (br.headers['content-length'] !== undefined) expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await request(base, p, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const noBr = await request(base, p, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    const none = await request(base, p, { headers: { 'Accept-Encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(plain.body)).toBe(true);
  });

  test('ETag revalidation answers 304; HEAD has headers and no body', async () => {
    const p = `/remotes/catalog/${CAT}/remoteEntry.js`;
    const first = await request(base, p);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await request(base, p, { headers: { 'If-None-Match': String(etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await request(base, p, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  test('missing assets are 404 (never the SPA page); folders are never listed', async () => {
    for (const p of [
      `/shell/${SHELL}/missing.js`,
      `/remotes/catalog/${CAT}/nope.js`,
      `/remotes/catalog/0.0.0-none/remoteEntry.js`,
      `/remotes/catalog/${CAT}/`,
      `/remotes/catalog/${CAT}`,
      '/remotes/catalog/',
      '/remotes/',
      `/shell/${SHELL}/`,
      '/shell/',
      '/missing.js',
      '/favicon.ico',
      '/ops-state.json',
    ]) {
      const r = await request(base, p);
      expect({ p, status: r.status }).toEqual({ p, status: 404 });
      expect(r.body.toString()).not.toContain('<div id="root">');
    }
  });
});

describe('paths never escape the deploy root', () => {
  test.each([
    `/shell/${SHELL}/../../ops-state.json`,
    `/shell/${SHELL}/%2e%2e/%2e%2e/ops-state.json`,
    `/shell/${SHELL}/%2E%2E/%2E%2E/history.jsonl`,
    `/shell/${SHELL}/..%2f..%2fops-state.json`,
    `/shell/${SHELL}/..%5c..%5cops-state.json`,
    `/remotes/catalog/${CAT}/..\\..\\..\\ops-state.json`,
    '/remotes/catalog/..%2F..%2Fops-state.json',
    '/remotes/../ops-state.json',
    '/../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '//etc/passwd',
    `/shell/${SHELL}/%00.js`,
    `/shell/${SHELL}/%E0%A4%A.js`,
    `/shell/${SHELL}/.hidden`,
    `/shell/${SHELL}/./index.html`,
    'http://evil.example/../ops-state.json',
  ])('%s is refused', async (p) => {
    const r = await request(base, p);
    expect([400, 404]).toContain(r.status);
    const text = r.body.toString();
    expect(text).not.toContain('"sections"');
    expect(text).not.toContain('root:x:0');
    expect(text).not.toContain('"action"');
  });

  test('the path helpers', () => {
    expect(rawPath('/a/b?x=../..')).toBe('/a/b');
    expect(rawPath('http://h:1/x/y?z')).toBe('/x/y');
    expect(safeSegments('/a/b/')).toEqual(['a', 'b']);
    expect(() => safeSegments('/a/%2e%2e/b')).toThrow();
    expect(() => safeSegments('/a//b')).toThrow();
  });

  test('a symlink out of the deploy root is not followed', async () => {
    const { symlinkSync } = await import('node:fs');
    const outside = path.join(ws.repo, 'secret.txt');
    writeFileSync(outside, 'TOP-SECRET');
    symlinkSync(outside, path.join(ws.root, 'shell', SHELL, 'leak.txt'));
    const r = await request(base, `/shell/${SHELL}/leak.txt`);
    expect(r.status).toBe(404);
    expect(r.body.toString()).not.toContain('TOP-SECRET');
  });
});

describe('SPA routes and security headers', () => {
  test('any other path gets the live shell page, never cached', async () => {
    for (const p of ['/', '/shop', '/product/blue-kurta?variant=2', '/my-account/orders', '/not-found']) {
      const r = await request(base, p, { headers: { 'Accept-Encoding': 'gzip' } });
      expect({ p, status: r.status }).toEqual({ p, status: 200 });
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      // A private page (the route table's) is private, no-store even when the browser renders it.
      expect(r.headers['cache-control']).toBe(p.startsWith('/my-account') ? 'private, no-store' : 'no-store');
      const html = (r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.body) : r.body).toString();
      expect(html).toContain('SHELL-ONE');
      expect(html).toContain(`/shell/${SHELL}/main.0123abcd.js`);
    }
    const post = await request(base, '/shop', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  test('the page carries the runtime config and the live registry as one JSON block, script-safe', async () => {
    const html = (await request(base, '/shop')).body.toString();
    const m = /<script type="application\/json" id="storefront-boot">(.*?)<\/script><\/head>/.exec(html);
    expect(m).not.toBeNull();
    const boot = JSON.parse(m?.[1] ?? 'null') as {
      config: Record<string, unknown>;
      registry: { shell: { version: string }; remotes: Record<string, { version: string }> };
    };
    const config = JSON.parse((await request(base, '/storefront.config.json')).body.toString()) as Record<string, unknown>;
    const registry = JSON.parse((await request(base, '/remotes.json')).body.toString()) as unknown;
    expect(boot.config).toEqual(config);
    expect(boot.registry).toEqual(registry);
    // Nothing in the data can close the block early.
    expect(m?.[1]).not.toContain('<');
  });

  test('activating or rolling back the shell changes the page the next load gets, with no restart', async () => {
    await ok('publish', 'shell', '--from', ws.build('shell', '0.1.0-s2', { marker: 'SHELL-TWO' }));
    await ok('activate', 'shell', '0.1.0-s2');
    const two = (await request(base, '/shop')).body.toString();
    expect(two).toContain('SHELL-TWO');
    expect(two).toContain('/shell/0.1.0-s2/main.0123abcd.js');
    await ok('rollback', 'shell');
    expect((await request(base, '/shop')).body.toString()).toContain('SHELL-ONE');
    // The old shell's files stay where they were: a page still open on s2 keeps working.
    expect((await request(base, '/shell/0.1.0-s2/main.0123abcd.js')).status).toBe(200);
  });

  test('CSP allows scripts only from this origin and the remote origins in the registry', async () => {
    const r = await request(base, '/');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c3'));
    await ok('activate', 'catalog', '0.1.0-c3', '--base-url', 'http://127.0.0.1:8181');
    try {
      const after = String((await request(base, '/shop')).headers['content-security-policy']);
      expect(after).toContain("script-src 'self' http://127.0.0.1:8181;");
      expect(after).toContain("connect-src 'self' http://127.0.0.1:8181;");
      expect(after).not.toContain('evil');
    } finally {
      await ok('rollback', 'catalog');
    }
    const back = String((await request(base, '/')).headers['content-security-policy']);
    expect(back).toContain("script-src 'self';");
  });

  test("the payment gateway's origins are in the CSP of /payment only (PAYMENT_CSP_ORIGINS)", async () => {
    const payment = String((await request(base, '/payment?payment_id=pay_1')).headers['content-security-policy']);
    expect(payment).toContain("script-src 'self' https://checkout.razorpay.com https://api.razorpay.com;");
    expect(payment).toContain("connect-src 'self' https://checkout.razorpay.com https://api.razorpay.com;");
    expect(payment).toContain("frame-src 'self' https://checkout.razorpay.com https://api.razorpay.com");
    for (const other of ['/', '/checkout', '/payment/x', '/cart']) {
      expect(String((await request(base, other)).headers['content-security-policy'])).not.toContain('razorpay');
    }
    const local = await startHost({
      env: {
        NODE_ENV: 'production',
        API_KEY: 'k-123',
        STORE_TOKEN: 't-456',
        STORE_URL: 'https://shop.example.in',
        PAYMENT_CSP_ORIGINS: 'http://127.0.0.1:8325',
      },
    });
    try {
      // Production answers only for STORE_URL's host (issue 15).
      const csp = String(
        (await request(local.base, '/payment', { headers: { host: 'shop.example.in' } })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' http://127.0.0.1:8325;");
      expect(csp).not.toContain('razorpay');
    } finally {
      await local.host.close();
    }
  });

  test('no live shell: a plain 503 page that says what to run', async () => {
    const empty = makeWorkspace();
    const h = createHost({ root: empty.root, env: {} });
    const url = await h.listen(0);
    try {
      const r = await request(url, '/');
      expect(r.status).toBe(503);
      expect(r.body.toString()).toContain('pnpm ops deploy-all');
      const reg = await request(url, '/remotes.json');
      expect(JSON.parse(reg.body.toString())).toEqual({ shell: null, remotes: {} });
    } finally {
      await h.close();
      empty.cleanup();
    }
  });
});
