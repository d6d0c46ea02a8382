/** Fake workspaces and builds for the ops tests: a minimal mf-manifest.json, build.json and a JS file. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { main } from '../src/cli/main';
import { findSection } from '../src/state';

export interface FakeShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

/** What the shell provides and every remote requires by default (a consistent build). */
export const DEFAULT_SHARED: FakeShared[] = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1' },
  { name: 'mobx', version: '7.1.0', requiredVersion: '^7.1.0' },
  { name: '@storefront/shared', version: '0.1.0', requiredVersion: '^0.1.0' },
];

export interface Workspace {
  repo: string;
  root: string;
  cleanup(): void;
  /** Runs the CLI in-process; returns exit code and what it printed. */
  ops(...args: string[]): Promise<{ code: number; out: string; err: string }>;
  build(section: string, version: string, opts?: BuildOpts): string;
}

export interface BuildOpts {
  shared?: FakeShared[];
  builtAt?: string;
  /** Text put into the main chunk, to tell versions apart. */
  marker?: string;
  /** Write into <pkg>/dist/dev instead (a dev build, which publish must ignore). */
  dev?: boolean;
  /** Big enough to be compressed by the host. */
  bigJs?: boolean;
  /** A server build (`server/server.js`) and its `ssr-assets.json`; a shell gets the page outlet. */
  server?: { js: string; css?: Record<string, string[]>; loader?: string };
  /** Source maps and webpack stats beside the chunks (what a production build emits). */
  maps?: boolean;
  /** `.br` and `.gz` beside the main chunk (as the production build writes them). */
  precompressed?: boolean;
}

export function writeBuild(repo: string, sectionName: string, version: string, opts: BuildOpts = {}): string {
  const section = findSection(sectionName);
  if (!section) throw new Error(`no section ${sectionName}`);
  const dir = path.join(repo, section.folder, 'dist', opts.dev ? 'dev' : version);
  mkdirSync(dir, { recursive: true });
  const marker = opts.marker ?? `${section.name} ${version}`;
  const pkgVersion = version.split('-')[0] ?? version;
  writeFileSync(
    path.join(dir, 'build.json'),
    JSON.stringify({
      name: section.name,
      package: section.pkg,
      version,
      packageVersion: pkgVersion,
      buildId: version.slice(pkgVersion.length + 1),
      kind: section.kind,
      builtAt: opts.builtAt ?? new Date().toISOString(),
    }),
  );
  const shared = (opts.shared ?? DEFAULT_SHARED).map((s, i) => ({
    id: `${section.name}:${s.name}`,
    name: s.name,
    version: s.version,
    singleton: s.singleton ?? true,
    requiredVersion: s.requiredVersion ?? `^${s.version}`,
    hash: String(i),
    assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
  }));
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: section.name,
      name: section.name,
      metaData: {
        name: section.name,
        globalName: section.name,
        buildInfo: { buildVersion: pkgVersion, buildName: section.pkg },
        publicPath: section.kind === 'shell' ? `/shell/${version}/` : 'auto',
        remoteEntry: { name: section.kind === 'shell' ? '' : 'remoteEntry.js', path: '', type: 'global' },
        types: { path: '', name: '', zip: '', api: '' },
        pluginVersion: '2.9.2',
      },
      shared,
      remotes: [],
      exposes: [],
    }),
  );
  const js = `/* ${marker} */\nconsole.log(${JSON.stringify(marker)});\n${opts.bigJs ? `const filler = ${JSON.stringify('storefront '.repeat(800))};\n` : ''}`;
  writeFileSync(path.join(dir, 'main.0123abcd.js'), js);
  if (opts.maps) {
    writeFileSync(path.join(dir, 'main.0123abcd.js.map'), JSON.stringify({ version: 3, sources: ['src/secret-source.ts'], mappings: '' }));
    writeFileSync(path.join(dir, 'mf-stats.json'), JSON.stringify({ name: section.name }));
  }
  if (opts.precompressed) {
    writeFileSync(path.join(dir, 'main.0123abcd.js.br'), zlib.brotliCompressSync(js));
    writeFileSync(path.join(dir, 'main.0123abcd.js.gz'), zlib.gzipSync(js, { level: 9 }));
  }
  if (section.kind === 'shell') {
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>Storefront</title><meta name="description" content="Storefront"></head><body><div id="root">${opts.server ? '<!--ssr-outlet--><div class="boot"></div><!--/ssr-outlet-->' : ''}</div><!-- ${marker} --><script defer src="/shell/${version}/main.0123abcd.js"></script></body></html>\n`,
    );
  } else {
    writeFileSync(path.join(dir, 'remoteEntry.js'), js);
  }
  if (opts.server) {
    mkdirSync(path.join(dir, 'server'), { recursive: true });
    writeFileSync(path.join(dir, 'server', 'server.js'), opts.server.js);
    writeFileSync(path.join(dir, 'ssr-assets.json'), JSON.stringify({ css: opts.server.css ?? {} }));
    if (opts.server.loader !== undefined) writeFileSync(path.join(dir, 'ssr-loader.js'), opts.server.loader);
  }
  return dir;
}

export function makeWorkspace(): Workspace {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'ops-test-'));
  writeFileSync(path.join(repo, 'pnpm-workspace.yaml'), 'packages: []\n');
  const root = path.join(repo, '.deploy');
  return {
    repo,
    root,
    cleanup: () => rmSync(repo, { recursive: true, force: true }),
    build: (section, version, opts) => writeBuild(repo, section, version, opts),
    async ops(...args) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(
        [...args, '--root', root, '--repo', repo],
        (s) => out.push(s),
        (s) => err.push(s),
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
  };
}

export interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request with a raw path (no URL normalisation) and no connection reuse. */
export function request(
  base: string,
  rawPathAndQuery: string,
  opts: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
): Promise<Res> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: u.hostname,
        port: u.port,
        path: rawPathAndQuery,
        method: opts.method ?? 'GET',
        headers: opts.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A loopback port free right now (for a host that must know its own address before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, and resolves once it has exited. */
  stop(): Promise<void>;
}

/** `pnpm ops serve --port 0` as its own process (a real host process), resolved once it prints its URL. */
export function serveProcess(root: string, env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<ServeProcess> {
  const tsxCli = require.resolve('tsx/cli');
  const cli = path.join(__dirname, '..', 'src', 'cli', 'main.ts');
  const child = spawn(process.execPath, [tsxCli, cli, 'serve', '--port', '0', '--root', root, '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  return new Promise<ServeProcess>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1])
        resolve({
          url: m[1],
          child,
          stop: () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
    });
    child.once('exit', () => reject(new Error(`the host exited: ${out}`)));
  });
}

/** What a production host needs besides its deploy root: the API key, the store token and its origin. */
export function productionEnv(storeUrl: string): NodeJS.ProcessEnv {
  return { NODE_ENV: 'production', API_KEY: 'k-123', STORE_TOKEN: 't-456', STORE_URL: storeUrl };
}
