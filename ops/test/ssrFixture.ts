/**
 * Server rendering in the host (issue 8), with small hand-written server builds in a real deploy root:
 * the shell's renders with whatever the remote's build gives it, so each test sees what the host
 * loaded, with which singletons, and what it wrote into the page.
 */
import http from 'node:http';
import { RENDER_TIMEOUT_CODE } from '@storefront/contract/seam';
import { createHost, type Host } from '../src/host';
import { freePort, makeWorkspace, type Workspace, productionEnv } from './helpers';

export function get(base: string, p: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
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
export function boot(html: string): { config?: unknown; registry?: unknown; ssr?: { answers: Record<string, unknown>; route: unknown } } {
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
  if (url.pathname === '/gave-up') throw Object.assign(new Error('rendering took longer than 100 ms'), { code: '${RENDER_TIMEOUT_CODE}' });
  if (url.pathname === '/gateway') throw new Error('the payment gateway timed out');
  renders += 1;
  if ((url.searchParams.get('search') || '').startsWith('slow')) await new Promise((r) => setTimeout(r, 400));
  const page = await req.loadRemote('catalog', 'Home');
  if (!page) return null;
  const personal = /^[/](cart|checkout|signin|signup|track-order|my-account)([/]|$)/.test(url.pathname);
  return {
    personal,
    status: url.pathname === '/nope' ? 404 : 200,
    html: personal ? '<main data-render="' + renders + '">' + JSON.stringify(Object.keys(req).sort()) + ' session=' + (req.session ? 'given' : 'none') + '</main>' : '<link rel="preload" as="image" href="/b.png"/><main data-render="' + renders + '">' + page.render(req) + ' ' + url.search + '</main>',
    answers: { 'POST /store-info null null': { success: true } },
    ...(req.session ? { session: { user: { customer: { firstname: 'Asha' } }, cart: [] } } : {}),
    route: { remote: 'catalog', module: 'Home' },
    rootAttributes: { style: '--sf-bg: #fff', 'data-banner-type': 'slider' },
    meta: url.searchParams.has('search')
      ? { title: 'Search: ' + url.searchParams.get('search') + ' | Kirana', description: 'Results for ' + url.searchParams.get('search') }
      : { title: 'Home | Kirana <Couture>' },
  };
};
`;

export const LOADER = '(()=>{document.currentScript.dataset.main})();';

const catalogServer = (label: string) => `
const react = require('react');
require('node:path');
exports.Home = { render: (req) => ${JSON.stringify(label)} + ' with ' + react.copy + ' via ' + req.apiBaseUrl };
`;

let ws: Workspace;
const hosts: Host[] = [];

/** The deploy root of this file's workspace. */
export const workspaceRoot = (): string => ws.root;

export async function ok(...args: string[]): Promise<void> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
}

export async function start(
  env: NodeJS.ProcessEnv = {},
  extra: { ssr?: boolean; api?: string } = {},
): Promise<{ base: string; log: string[] }> {
  const log: string[] = [];
  const port = await freePort();
  const h = createHost({
    root: ws.root,
    api: 'http://127.0.0.1:9/base',
    env: {
      ...productionEnv(`http://127.0.0.1:${port}`),
      SSR_CACHE_SECONDS: '0',
      ...env,
    },
    log: (l) => log.push(l),
    ...extra,
  });
  hosts.push(h);
  return { base: await h.listen(port, '127.0.0.1'), log };
}

/** The deploy root every test of a file shares: a shell and three catalog versions, published; the hosts closed after. */
export function setUpSsrWorkspace(): void {
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
    await ok(
      'publish',
      'catalog',
      '--from',
      ws.build('catalog', '0.1.0-c3', { server: { js: `require('left-pad'); exports.Home = {};` } }),
    );
    await ok('activate', 'catalog', '0.1.0-c1');
  });
  afterAll(async () => {
    await Promise.all(hosts.map((h) => h.close()));
    ws.cleanup();
  });
}
