/** A deploy root with a live catalog and a canary version published (every test its own), and hosts on it. */
import { createHost, type Host } from '../src/host';
import { freePort, makeWorkspace, type Res, type Workspace, productionEnv } from './helpers';
export const SHELL = '0.1.0-s1';
export const LIVE = '0.1.0-c1';
export const CANARY = '0.1.0-c2';

// A shell server build rendering the catalog version the host hands it, to see which one a shopper got.
export const SHELL_SERVER = `
exports.singletons = {};
exports.renderPage = async (req) => {
  const page = await req.loadRemote('catalog', 'Home');
  if (!page) return null;
  return { status: 200, html: '<main>' + page.label + '</main>', answers: {}, route: { remote: 'catalog', module: 'Home' }, rootAttributes: {} };
};
`;
export const catalogServer = (label: string) => `exports.Home = { label: ${JSON.stringify(label)} };`;

export let ws: Workspace;
export const hosts: Host[] = [];
/** What the hosts said in plain lines (ctx.log: also in their JSON log). */
export const logged: string[] = [];

export async function ok(...args: string[]): Promise<string> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
  return r.out;
}

/** The production hosts' operations token: /metrics answers only with it. */
export const OPS_TOKEN = 'canary-test-ops-token-0123';
export const operator = { headers: { authorization: `Bearer ${OPS_TOKEN}` } };

export async function start(env: NodeJS.ProcessEnv = {}): Promise<string> {
  const port = await freePort();
  const h = createHost({
    root: ws.root,
    api: 'http://127.0.0.1:9',
    log: (line) => logged.push(line),
    env: {
      ...productionEnv(`http://127.0.0.1:${port}`),
      SSR_CACHE_SECONDS: '0',
      OPS_TOKEN,
      ...env,
    },
  });
  hosts.push(h);
  return h.listen(port, '127.0.0.1');
}

export const cookieOf = (r: Res): string | null => {
  const set = r.headers['set-cookie']?.find((c) => c.startsWith('sf_shopper='));
  return set ? (set.split(';')[0] ?? null) : null;
};
export const catalogVersion = (r: Res): string =>
  (JSON.parse(r.body.toString()) as { remotes: { catalog: { version: string } } }).remotes.catalog.version;
export const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="storefront-boot">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    registry: { remotes: { catalog: { version: string } } };
  };

/** A fresh deploy root per test; the hosts closed and the root removed after it. */
export function setUpCanaryHosts(): void {
  beforeEach(async () => {
    ws = makeWorkspace();
    await ok('publish', 'shell', '--from', ws.build('shell', SHELL, { server: { js: SHELL_SERVER } }));
    await ok('activate', 'shell', SHELL);
    await ok('publish', 'catalog', '--from', ws.build('catalog', LIVE, { server: { js: catalogServer('LIVE CATALOG') } }));
    await ok('activate', 'catalog', LIVE);
    await ok('publish', 'catalog', '--from', ws.build('catalog', CANARY, { server: { js: catalogServer('CANARY CATALOG') } }));
  });
  afterEach(async () => {
    logged.length = 0;
    await Promise.all(hosts.splice(0).map((h) => h.close()));
    ws.cleanup();
  });
}
