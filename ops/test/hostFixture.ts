/** A deploy root with a shell and a catalog live, and one host on it. */
import { createHost, type Host } from '../src/host';
import { freePort, makeWorkspace, type Workspace } from './helpers';
export let ws: Workspace;
export let host: Host;
export let base: string;
export const SHELL = '0.1.0-s1';
export const CAT = '0.1.0-c1';

export async function ok(...args: string[]): Promise<void> {
  const r = await ws.ops(...args);
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
}

export async function startHost(
  extra: { api?: string; only?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ host: Host; base: string }> {
  // Production needs its origin (STORE_URL): the host's own address here.
  const port = await freePort();
  const env = extra.env ?? { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: `http://127.0.0.1:${port}` };
  const h = createHost({ root: ws.root, api: extra.api ?? null, only: extra.only ?? null, env });
  const url = await h.listen(port, '127.0.0.1');
  return { host: h, base: url };
}

/** The deploy root and the host made once per file; closed and removed after. */
export function setUpHost(): void {
  beforeAll(async () => {
    ws = makeWorkspace();
    await ok('publish', 'shell', '--from', ws.build('shell', SHELL, { marker: 'SHELL-ONE' }));
    await ok('activate', 'shell', SHELL);
    await ok('publish', 'catalog', '--from', ws.build('catalog', CAT, { bigJs: true, marker: 'CATALOG-ONE' }));
    await ok('activate', 'catalog', CAT);
    ({ host, base } = await startHost());
  });
  afterAll(async () => {
    await host.close();
    ws.cleanup();
  });
}
