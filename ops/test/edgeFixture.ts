/** A deploy root with a shell and a catalog live, hosts on it and stand-in APIs (upstream) behind them. */
import http from 'node:http';
import net from 'node:net';
import { createHost, type Host } from '../src/host';
import { freePort, makeWorkspace, type Workspace } from './helpers';
export let ws: Workspace;
export const SHELL = '0.1.0-s1';
export const CAT = '0.1.0-c1';
export const hosts: Host[] = [];
export const servers: http.Server[] = [];

export async function ok(...args: string[]): Promise<void> {
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
export async function upstream(
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

export async function start(
  env: NodeJS.ProcessEnv,
  extra: { api?: string; port?: number; sourceMaps?: boolean } = {},
): Promise<{ host: Host; base: string }> {
  const h = createHost({ root: ws.root, api: extra.api ?? null, env, ...(extra.sourceMaps ? { sourceMaps: true } : {}) });
  hosts.push(h);
  return { host: h, base: await h.listen(extra.port ?? 0, '127.0.0.1') };
}

/** A port nothing listens on. */
export async function deadOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** The deploy root made once per file; hosts and stand-in APIs closed after. */
export function setUpEdgeHosts(): void {
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
}
