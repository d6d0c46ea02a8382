/** The render cache, what a render is keyed by, and the cap on renders in flight (SSR_MAX_RENDERS). */
import http from 'node:http';
import { OUTLET_START } from '@storefront/contract/seam';
import { get, setUpSsrWorkspace, start } from './ssrFixture';

setUpSsrWorkspace();

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
