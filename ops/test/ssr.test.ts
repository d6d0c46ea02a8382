/** Pages rendered on the server, and the pages that go out to be rendered in the browser instead. */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { OUTLET_START } from '@storefront/contract/seam';
import { LOADER, boot, get, ok, setUpSsrWorkspace, start, workspaceRoot } from './ssrFixture';

setUpSsrWorkspace();

describe('a public page rendered on the server', () => {
  it('puts the markup in the outlet, its stylesheets and preloads in the head, the theme on <html>, the answers in the boot data', async () => {
    const { base } = await start();
    const res = await get(base, '/shop?utm_source=ad&categories=shirts');
    expect(res.status).toBe(200);
    // The render sees the query its page reads (the campaign tag left out).
    expect(res.body).toMatch(
      /<div id="root"><main data-render="\d+">HOME ONE with the shell react via http:\/\/127\.0\.0\.1:9\/base\/api \?categories=shirts<\/main><\/div>/,
    );
    expect(res.body).not.toContain(OUTLET_START);
    expect(res.body).not.toContain('class="boot"');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/shell/0.1.0-s1/bootstrap.aa.css">');
    // A remote's stylesheet by its absolute URL on STORE_URL: the federation runtime names it so and, so
    // named, finds it linked already instead of linking (and parsing) it a second time.
    expect(head).toContain(`<link rel="stylesheet" href="${base}/remotes/catalog/0.1.0-c1/Home.11.css">`);
    expect(head).toContain('<link rel="preload" as="image" href="/b.png"/>');
    expect(res.body).toMatch(/<html lang="en-IN" style="--sf-bg: #fff" data-banner-type="slider">/);
    expect(head).toContain('<title>Home | Kirana &lt;Couture></title>');
    expect(head).not.toContain('<title>Storefront</title>');
    const data = boot(res.body);
    expect(data.ssr).toEqual({
      answers: { 'POST /store-info null null': { success: true } },
      route: { remote: 'catalog', module: 'Home' },
    });
    expect(data.registry).toBeDefined();
    // The data block is not script: the policy still allows none inline.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("writes a title and description holding $' or $` as they are (String.replace patterns)", async () => {
    const { base } = await start();
    const q = "a$'b$`c$&d$$e";
    const res = await get(base, `/shop?search=${encodeURIComponent(q)}`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const shown = q.replace(/&/g, '&amp;');
    expect(head).toContain(`<title>Search: ${shown} | Kirana</title>`);
    expect(head).toContain(`<meta name="description" content="Results for ${shown}">`);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('answers 404 with the rendered not-found page', async () => {
    const { base } = await start();
    const res = await get(base, '/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatch(/<main data-render="\d+">HOME ONE/);
    expect(boot(res.body).ssr).toBeDefined();
  });

  it('uses the live version of the remote: a rollback is rendered on the next request', async () => {
    const { base } = await start({ SSR_CACHE_SECONDS: '60' });
    await ok('activate', 'catalog', '0.1.0-c2');
    const two = await get(base, '/');
    expect(two.body).toContain('HOME TWO');
    expect(two.body).toContain('/remotes/catalog/0.1.0-c2/Home.22.css');
    await ok('rollback', 'catalog');
    const one = await get(base, '/');
    expect(one.body).toContain('HOME ONE');
    expect(one.body).not.toContain('Home.22.css');
  });
});

describe("the shell's page loader", () => {
  const hash = `sha256-${createHash('sha256').update(LOADER).digest('base64')}`;

  it('replaces the main.js tag of a rendered page, and only its hash is allowed inline', async () => {
    const { base } = await start();
    const res = await get(base, '/');
    expect(res.body).toContain(`<script type="module" async data-main="/shell/0.1.0-s1/main.0123abcd.js">${LOADER}</script>`);
    expect(res.body).not.toContain('<script defer src=');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' '${hash}';`);
  });

  it('leaves a page rendered in the browser with its plain script tag and policy', async () => {
    const { base } = await start();
    const res = await get(base, '/payment');
    expect(res.body).toContain('<script defer src="/shell/0.1.0-s1/main.0123abcd.js"></script>');
    expect(res.body).not.toContain('data-main=');
    expect(res.headers['content-security-policy']).not.toContain('sha256-');
  });
});

describe('pages served to be rendered in the browser instead', () => {
  const token = 'ssr-test-ops-token-0123456';
  /** host_ssr_fallbacks_total by cause, as /metrics says it. */
  const fallbacks = async (base: string): Promise<Record<string, number>> => {
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    return Object.fromEntries(
      [...metrics.matchAll(/^host_ssr_fallbacks_total\{cause="(\w+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
    );
  };
  const plain = (body: string) => {
    expect(body).toContain('<!--ssr-outlet--><div class="boot"></div><!--/ssr-outlet-->');
    expect(boot(body).ssr).toBeUndefined();
  };

  it('a page the shell does not render on the server', async () => {
    const { base } = await start();
    const res = await get(base, '/payment');
    expect(res.status).toBe(200);
    plain(res.body);
  });

  it('a render that throws, logged', async () => {
    const { base, log } = await start();
    const res = await get(base, '/boom');
    expect(res.status).toBe(200);
    plain(res.body);
    expect(log.join('\n')).toContain('a page exploded');
  });

  it('a render past its deadline, counted as a timeout', async () => {
    const { base, log } = await start({ SSR_TIMEOUT_MS: '100', OPS_TOKEN: token });
    const started = Date.now();
    const res = await get(base, '/hang');
    expect(Date.now() - started).toBeLessThan(2000);
    plain(res.body);
    expect(log.join('\n')).toContain('no answer within 100 ms');
    expect(await fallbacks(base)).toEqual({ timeout: 1 });
  });

  it("a render the shell gave up at its own deadline (the contract's timeout code), counted as a timeout", async () => {
    const { base } = await start({ OPS_TOKEN: token });
    plain((await get(base, '/gave-up')).body);
    expect(await fallbacks(base)).toEqual({ timeout: 1 });
  });

  it('a page error whose text speaks of a timeout, counted as an error: the cause is typed, not read from the text', async () => {
    const { base } = await start({ OPS_TOKEN: token });
    plain((await get(base, '/gateway')).body);
    expect(await fallbacks(base)).toEqual({ error: 1 });
  });

  it('a remote whose server build needs a module the shell does not share', async () => {
    await ok('activate', 'catalog', '0.1.0-c3');
    try {
      const { base, log } = await start();
      plain((await get(base, '/')).body);
      expect(log.join('\n')).toContain('requires "left-pad"');
    } finally {
      await ok('activate', 'catalog', '0.1.0-c1');
    }
  });

  it('with server rendering switched off', async () => {
    const { base } = await start({}, { ssr: false });
    plain((await get(base, '/')).body);
  });
});

describe("pages showing the shopper's own data (issue 19): never cached, never indexed", () => {
  it.each(['/cart', '/checkout', '/signin', '/signup', '/track-order', '/my-account', '/my-account/orders'])(
    '%s is sent rendered, private, no-store and noindex',
    async (p) => {
      const { base } = await start();
      const res = await get(base, p);
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/<div id="root"><main data-render="\d+">/);
      expect(boot(res.body).ssr).toBeDefined();
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    },
  );

  it.each(['/payment', '/order-success', '/forgot-password', '/track-order/SF123'])(
    '%s, rendered or not, is private, no-store and noindex (the route table says so, not the render)',
    async (p) => {
      for (const extra of [{}, { ssr: false }]) {
        const { base } = await start({}, extra);
        const res = await get(base, p);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['x-robots-tag']).toBe('noindex');
      }
    },
  );

  it("names a personal page's start-up files for the loader to preload; a public page's pictures keep the network", async () => {
    const shellDir = path.join(workspaceRoot(), 'shell', '0.1.0-s1');
    const catalogDir = path.join(workspaceRoot(), 'remotes', 'catalog', '0.1.0-c1');
    const files = [
      path.join(shellDir, 'mf-manifest.json'),
      path.join(shellDir, 'ssr-assets.json'),
      path.join(catalogDir, 'mf-manifest.json'),
    ];
    const saved = files.map((f) => readFileSync(f, 'utf8'));
    const edit = (file: string, change: (m: Record<string, unknown>) => void) => {
      const m = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      change(m);
      writeFileSync(file, JSON.stringify(m));
    };
    edit(files[0]!, (m) => {
      m.shared = [
        { name: 'react-dom', assets: { js: { sync: ['435.aa.js'], async: ['9.zz.js'] } } },
        { name: '@storefront/shared/validation', assets: { js: { sync: ['164.yy.js'], async: [] } } },
      ];
    });
    edit(files[1]!, (m) => {
      m.js = { bootstrap: ['bootstrap.bb.js'], axios: ['axios.cc.js'], Faq: ['Faq.dd.js'] };
    });
    edit(files[2]!, (m) => {
      m.exposes = [
        { name: 'Home', assets: { js: { sync: ['12.ee.js', 'Home.ff.js'], async: ['13.gg.js'] } } },
        { name: 'Shop', assets: { js: { sync: ['Shop.hh.js'], async: [] } } },
      ];
    });
    try {
      const { base } = await start();
      const cart = await get(base, '/cart');
      const named = /<script type="module" async data-main="[^"]+" data-start="now" data-preload="([^"]+)">/.exec(cart.body)?.[1];
      expect(named?.split(' ')).toEqual([
        '/remotes/catalog/0.1.0-c1/mf-manifest.json',
        '/shell/0.1.0-s1/435.aa.js',
        '/shell/0.1.0-s1/bootstrap.bb.js',
        '/remotes/catalog/0.1.0-c1/remoteEntry.js',
        '/remotes/catalog/0.1.0-c1/12.ee.js',
        '/remotes/catalog/0.1.0-c1/Home.ff.js',
      ]);
      const home = await get(base, '/');
      expect(home.body).toContain('<script type="module" async data-main=');
      expect(home.body).not.toContain('data-preload');
      expect(home.body).not.toContain('data-start');
    } finally {
      files.forEach((f, i) => writeFileSync(f, saved[i]!));
    }
  });

  it('public pages stay no-store only, and indexable', async () => {
    const { base } = await start();
    for (const p of ['/', '/shop?categories=shirts', '/products/a-b', '/faq', '/nope']) {
      const res = await get(base, p);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBeUndefined();
    }
  });

  it('renders from the URL alone: nothing of a signed-in request reaches the render or its cache', async () => {
    const { base } = await start({ SSR_CACHE_SECONDS: '60' });
    const signedIn = await new Promise<string>((resolve, reject) => {
      http
        .get(
          `${base}/my-account/orders`,
          { agent: false, headers: { authorization: 'Bearer secret-token-1', cookie: 'sid=secret-cookie-1' } },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(body));
          },
        )
        .on('error', reject);
    });
    expect(signedIn).toContain('["apiBaseUrl","config","loadRemote","session","timeoutMs","url"] session=none');
    expect(signedIn).not.toMatch(/secret-(token|cookie)-1/);
    // A guest's request for the same page shares that render: it is nobody's.
    const guest = await get(base, '/my-account/orders');
    expect(/data-render="(\d+)"/.exec(guest.body)?.[1]).toBe(/data-render="(\d+)"/.exec(signedIn)?.[1]);
  });

  it("renders a personal page with the shopper's session cookie (issue 33), and never keeps or shares that render", async () => {
    const { base } = await start({ SSR_CACHE_SECONDS: '60' });
    const page = (path: string, cookie?: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${base}${path}`, { agent: false, headers: cookie ? { cookie } : {} }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    const renderOf = (body: string) => /data-render="(\d+)"/.exec(body)?.[1];
    const own = `sf_session=1.t.${'a'.repeat(43)}`;
    const guestFrame = await page('/cart');
    expect(guestFrame).toContain('session=none');
    const first = await page('/cart', own);
    const second = await page('/cart', own);
    expect(first).toContain('session=given');
    // Its session (token left out by the shell) travels in the boot data for the browser to apply.
    expect(first).toContain('"session":{"user":{"customer":{"firstname":"Asha"}},"cart":[]}');
    expect(renderOf(first)).not.toBe(renderOf(second));
    expect(renderOf(first)).not.toBe(renderOf(guestFrame));
    // A guest still gets the one shared frame, never a shopper's render.
    expect(renderOf(await page('/cart'))).toBe(renderOf(guestFrame));
    // A cookie that is not a session (tampered, another version) is no session: the shared frame.
    for (const junk of ['sf_session=1.t.a b', 'sf_session=2.c.belt~1~1', 'sf_session=1.c.<b>~1~1']) {
      const body = await page('/cart', junk);
      expect(body).toContain('session=none');
      expect(renderOf(body)).toBe(renderOf(guestFrame));
    }
    // Public pages never get it.
    expect(await page('/', own)).not.toContain('"session"');
  });
});
