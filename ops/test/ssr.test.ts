/**
 * Server rendering in the host (issue 8), with small hand-written server builds in a real deploy root:
 * the shell's renders with whatever the remote's build gives it, so each test sees what the host
 * loaded, with which singletons, and what it wrote into the page.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createHost, type Host } from '../src/host';
import { injectServerPage, splitLeadingLinks, OUTLET_END, OUTLET_START } from '../src/ssr';
import { freePort, makeWorkspace, type Workspace } from './helpers';

function get(base: string, p: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${p}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/** The boot data block of a page. */
function boot(html: string): { config?: unknown; registry?: unknown; ssr?: { answers: Record<string, unknown>; route: unknown } } {
  const m = /<script type="application\/json" id="storefront-boot">(.*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no boot data');
  return JSON.parse(m[1]) as ReturnType<typeof boot>;
}

// A shell server build: renders the catalog page the host hands it, with the singletons it exports.
const SHELL_SERVER = `
const react = { copy: 'the shell react' };
exports.singletons = { react };
let renders = 0;
exports.renderPage = async (req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/payment') return null;
  if (url.pathname === '/boom') throw new Error('a page exploded');
  if (url.pathname === '/hang') return new Promise(() => {});
  renders += 1;
  if ((url.searchParams.get('search') || '').startsWith('slow')) await new Promise((r) => setTimeout(r, 400));
  const page = await req.loadRemote('catalog', 'Home');
  if (!page) return null;
  const personal = /^[/](cart|checkout|signin|signup|track-order|my-account)([/]|$)/.test(url.pathname);
  return {
    personal,
    status: url.pathname === '/nope' ? 404 : 200,
    html: personal ? '<main data-render="' + renders + '">' + JSON.stringify(Object.keys(req).sort()) + '</main>' : '<link rel="preload" as="image" href="/b.png"/><main data-render="' + renders + '">' + page.render(req) + ' ' + url.search + '</main>',
    answers: { 'POST /store-info null null': { success: true } },
    route: { remote: 'catalog', module: 'Home' },
    rootAttributes: { style: '--sf-bg: #fff', 'data-banner-type': 'slider' },
    meta: url.searchParams.has('search')
      ? { title: 'Search: ' + url.searchParams.get('search') + ' | Kirana', description: 'Results for ' + url.searchParams.get('search') }
      : { title: 'Home | Kirana <Couture>' },
  };
};
`;

const LOADER = '(()=>{document.currentScript.dataset.main})();';

const catalogServer = (label: string) => `
const react = require('react');
require('node:path');
exports.Home = { render: (req) => ${JSON.stringify(label)} + ' with ' + react.copy + ' via ' + req.apiBaseUrl };
`;

let ws: Workspace;
const hosts: Host[] = [];

async function ok(...args: string[]): Promise<void> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
}

async function start(env: NodeJS.ProcessEnv = {}, extra: { ssr?: boolean; api?: string } = {}): Promise<{ base: string; log: string[] }> {
  const log: string[] = [];
  const port = await freePort();
  const h = createHost({
    root: ws.root,
    api: 'http://127.0.0.1:9/base',
    env: {
      NODE_ENV: 'production',
      API_KEY: 'k-123',
      STORE_TOKEN: 't-456',
      STORE_URL: `http://127.0.0.1:${port}`,
      SSR_CACHE_SECONDS: '0',
      ...env,
    },
    log: (l) => log.push(l),
    ...extra,
  });
  hosts.push(h);
  return { base: await h.listen(port, '127.0.0.1'), log };
}

beforeAll(async () => {
  ws = makeWorkspace();
  const shellCss = { bootstrap: ['bootstrap.aa.css'], main: [] };
  await ok(
    'publish',
    'shell',
    '--from',
    ws.build('shell', '0.1.0-s1', { server: { js: SHELL_SERVER, css: shellCss, loader: `${LOADER}\n` } }),
  );
  await ok('activate', 'shell', '0.1.0-s1');
  await ok(
    'publish',
    'catalog',
    '--from',
    ws.build('catalog', '0.1.0-c1', { server: { js: catalogServer('HOME ONE'), css: { Home: ['Home.11.css'] } } }),
  );
  await ok(
    'publish',
    'catalog',
    '--from',
    ws.build('catalog', '0.1.0-c2', { server: { js: catalogServer('HOME TWO'), css: { Home: ['Home.22.css'] } } }),
  );
  await ok('publish', 'catalog', '--from', ws.build('catalog', '0.1.0-c3', { server: { js: `require('left-pad'); exports.Home = {};` } }));
  await ok('activate', 'catalog', '0.1.0-c1');
});
afterAll(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  ws.cleanup();
});

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
    expect(res.body).toContain(`<script data-main="/shell/0.1.0-s1/main.0123abcd.js">${LOADER}</script>`);
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

  it('a render past its deadline', async () => {
    const { base, log } = await start({ SSR_TIMEOUT_MS: '100' });
    const started = Date.now();
    const res = await get(base, '/hang');
    expect(Date.now() - started).toBeLessThan(2000);
    plain(res.body);
    expect(log.join('\n')).toContain('no answer within 100 ms');
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
    expect(signedIn).toContain('["apiBaseUrl","config","loadRemote","timeoutMs","url"]');
    expect(signedIn).not.toMatch(/secret-(token|cookie)-1/);
    // A guest's request for the same page shares that render: it is nobody's.
    const guest = await get(base, '/my-account/orders');
    expect(/data-render="(\d+)"/.exec(guest.body)?.[1]).toBe(/data-render="(\d+)"/.exec(signedIn)?.[1]);
  });
});

describe('the render cache', () => {
  it('renders once for identical requests within SSR_CACHE_SECONDS, every time with 0', async () => {
    // The shell build numbers its renders: the same number is the same render.
    const renderOf = async (base: string, p: string) => /data-render="(\d+)"/.exec((await get(base, p)).body)?.[1];
    const cached = await start({ SSR_CACHE_SECONDS: '60' });
    const [a, b] = await Promise.all([renderOf(cached.base, '/shop?page=1'), renderOf(cached.base, '/shop?page=1')]);
    const c = await renderOf(cached.base, '/shop?page=1');
    expect(a).toBeDefined();
    expect(new Set([a, b, c]).size).toBe(1);
    expect(await renderOf(cached.base, '/shop?page=2')).not.toBe(a);

    const uncached = await start({ SSR_CACHE_SECONDS: '0' });
    const d = await renderOf(uncached.base, '/shop?page=1');
    expect(await renderOf(uncached.base, '/shop?page=1')).not.toBe(d);
  });
});

describe('the render cache follows the catalogue (issue 38)', () => {
  it("renders a page afresh once the API's change log has moved, without waiting out SSR_CACHE_SECONDS", async () => {
    const renderOf = async (base: string, p: string) => /data-render="(\d+)"/.exec((await get(base, p)).body)?.[1];
    let version = 7;
    let reads = 0;
    const api = http.createServer((req, res) => {
      if (req.url === '/base/api/catalog-version' && req.headers['x-api-key'] === 'k-123') {
        reads += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data: { version } }));
        return;
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = api.address() as import('node:net').AddressInfo;
      const host = await start({ SSR_CACHE_SECONDS: '60' }, { api: `http://127.0.0.1:${port}/base` });
      const first = await renderOf(host.base, '/shop?page=7');
      expect(first).toBeDefined();
      expect(await renderOf(host.base, '/shop?page=7')).toBe(first);
      // A staff member changes a price: the log moves on; within a second the host has read it.
      version = 8;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const second = await renderOf(host.base, '/shop?page=7');
      expect(second).not.toBe(first);
      expect(await renderOf(host.base, '/shop?page=7')).toBe(second);
      // One read a second at most, however many pages are asked for.
      expect(reads).toBeLessThanOrEqual(3);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

describe('renders in flight are capped (issue 35 item 15)', () => {
  it('beyond SSR_MAX_RENDERS the page goes out at once to be rendered in the browser, and is counted', async () => {
    const token = 'ssr-test-ops-token-0123456';
    const { base } = await start({ SSR_MAX_RENDERS: '2', SSR_TIMEOUT_MS: '3000', OPS_TOKEN: token });
    // Two renders that never finish by themselves hold both places until their deadline.
    const held = [get(base, '/hang?a=1'), get(base, '/hang?a=2')];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const page = await get(base, '/shop?page=11');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('data-render=');
    expect(Date.now() - started).toBeLessThan(2000);
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(metrics).toMatch(/host_ssr_fallbacks_total\{cause="busy"\} 1/);
    await Promise.all(held);
    // Places free again: the next page is rendered on the server.
    expect((await get(base, '/shop?page=12')).body).toContain('data-render=');
  }, 20_000);
});

describe('what a render is keyed by (issue 35 item 15)', () => {
  const token = 'ssr-test-ops-token-0123456';
  const renderOf = (body: string) => /data-render="(\d+)"/.exec(body)?.[1];
  const busyCount = async (base: string) => {
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    return Number(/host_ssr_fallbacks_total\{cause="busy"\} (\d+)/.exec(metrics)?.[1] ?? 0);
  };

  it('30 junk query strings on one page at once are one render, shared by all, with the query the page reads', async () => {
    const { base } = await start({ SSR_CACHE_SECONDS: '60', OPS_TOKEN: token });
    const pages = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get(base, `/shop?utm_source=junk${i}&search=slow-kurta&fbclid=${i}x&page=2`)),
    );
    expect(pages.map((p) => p.status)).toEqual(Array(30).fill(200));
    expect(new Set(pages.map((p) => renderOf(p.body))).size).toBe(1);
    expect(renderOf(pages[0]?.body ?? '')).toBeDefined();
    // The shell's render saw the page's own parameters, in the route table's order, and nothing else.
    expect(pages[0]?.body).toContain(' ?search=slow-kurta&page=2</main>');
    expect(pages[0]?.body).not.toContain('junk');
    expect(await busyCount(base)).toBe(0);
  }, 20_000);

  it('30 distinct searches at once: SSR_MAX_RENDERS rendered on the server, the rest at once in the browser, the host answering', async () => {
    const { base } = await start({ SSR_CACHE_SECONDS: '60', SSR_MAX_RENDERS: '4', OPS_TOKEN: token });
    const pages = Promise.all(Array.from({ length: 30 }, (_, i) => get(base, `/shop?search=slow-${i}`)));
    expect((await get(base, '/healthz')).status).toBe(200);
    const answered = await pages;
    expect(answered.map((p) => p.status)).toEqual(Array(30).fill(200));
    const rendered = answered.filter((p) => renderOf(p.body) !== undefined);
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThanOrEqual(4);
    // The others are the shell's page, whole, for the browser to render.
    for (const p of answered.filter((a) => renderOf(a.body) === undefined)) expect(p.body).toContain(OUTLET_START);
    expect(await busyCount(base)).toBe(30 - rendered.length);
  }, 20_000);
});

describe('server builds are not served', () => {
  it('answers 404 for files under server/', async () => {
    const { base } = await start();
    expect((await get(base, '/shell/0.1.0-s1/server/server.js')).status).toBe(404);
    expect((await get(base, '/remotes/catalog/0.1.0-c1/server/server.js')).status).toBe(404);
    expect((await get(base, '/shell/0.1.0-s1/main.0123abcd.js')).status).toBe(200);
  });
});

describe('writing a render into the page', () => {
  const page = {
    status: 200,
    html: '<p>hi</p>',
    head: '<link rel="stylesheet" href="/a.css">',
    rootAttributes: { style: 'a: "b"', 'bad attr': 'x' },
    meta: {},
    boot: { answers: {}, route: { shell: 'Faq' } },
    personal: false,
  };

  it('escapes attribute values and skips names that are not attribute names', () => {
    const html = `<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root">${OUTLET_START}x${OUTLET_END}</div></body></html>`;
    expect(injectServerPage(html, page)).toBe(
      '<!doctype html><html lang="en" style="a: &quot;b&quot;"><head><title>t</title><link rel="stylesheet" href="/a.css"></head><body><div id="root"><p>hi</p></div></body></html>',
    );
  });

  it("puts the page's own title and description in place of the defaults", () => {
    const html = `<html><head><title>Storefront</title><meta name="description" content="default"></head><body><div id="root">${OUTLET_START}${OUTLET_END}</div></body></html>`;
    const out = injectServerPage(html, { ...page, meta: { title: 'Shirts | Kirana', description: 'Shirts "for" all' } })!;
    expect(out).toContain('<title>Shirts | Kirana</title>');
    expect(out).toContain('<meta name="description" content="Shirts &quot;for&quot; all">');
    expect(out).not.toContain('default');
  });

  it("inlines a loader holding $' or $` as it is", () => {
    const html = `<html><head></head><body><div id="root">${OUTLET_START}${OUTLET_END}</div><script defer src="/shell/v/main.1.js"></script></body></html>`;
    const code = "x='$`'+'$\\''+'$&'";
    const out = injectServerPage(html, { ...page, loader: { code, hash: 'sha256-x' } })!;
    expect(out).toContain(`<script data-main="/shell/v/main.1.js">${code}</script></body></html>`);
  });

  it("starts a personal page's scripts at once: its content is the shopper's own and comes with them", () => {
    const html = `<html><head></head><body><div id="root">${OUTLET_START}${OUTLET_END}</div><script defer src="/shell/v/main.1.js"></script></body></html>`;
    const out = injectServerPage(html, { ...page, personal: true, loader: { code: 'x', hash: 'sha256-x' } })!;
    expect(out).toContain('<script data-main="/shell/v/main.1.js" data-start="now">x</script>');
  });

  it('gives null for a page without an outlet (a shell from before server rendering)', () => {
    expect(injectServerPage('<html><head></head><body><div id="root"></div></body></html>', page)).toBeNull();
  });

  it("takes React's leading preload links out of the markup", () => {
    expect(splitLeadingLinks('<link rel="preload" href="/a"/><link rel="preload" href="/b"/><div>x</div>')).toEqual({
      links: '<link rel="preload" href="/a"/><link rel="preload" href="/b"/>',
      body: '<div>x</div>',
    });
    expect(splitLeadingLinks('<div>x</div>')).toEqual({ links: '', body: '<div>x</div>' });
  });
});
