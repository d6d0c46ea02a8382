/**
 * The static host `npm start` runs (node:http, no framework): serves a deploy root the way a CDN
 * plus a thin edge would.
 *
 *   /storefront.config.json      runtime config from the environment            no-store
 *   /remotes.json                the registry, read from disk on every request   no-store
 *   /shell/<version>/…           shell files                                    immutable, 1 year
 *   /remotes/<name>/<version>/…  remote files (CORS: may be fetched cross-origin) immutable, 1 year
 *   /api/…                       proxied to --api (502 JSON when it is down)
 *   anything else (GET)          the live shell's index.html (SPA routes)        no-store
 *
 * gzip / brotli by Accept-Encoding (compressed bytes cached in memory), security headers with a CSP
 * that allows scripts only from this origin and the remote origins named in the registry, no
 * directory listing, no path outside the deploy root.
 */
import http from 'node:http';
import https from 'node:https';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { findSection, VERSION_RE, type Section } from './sections';
import { REGISTRY_FILE, type RemoteRegistry } from './store';
import { createServerRenderer, injectServerPage, type ServerRenderer } from './ssr';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface HostOptions {
  /** Deploy root to serve. */
  root: string;
  /** Where `/api/*` goes, e.g. http://127.0.0.1:3100 (no proxy when absent: /api answers 502). */
  api?: string | null;
  /** Serve only this remote's files (a second origin for tests): `--only catalog`. */
  only?: string | null;
  /** Environment for the runtime config (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Request log line per request (default: none). */
  log?: (line: string) => void;
  /**
   * Render public pages on the server (issue 8; needs `api`). Default on; `false` serves every page
   * to be rendered in the browser. Its deadline and cache come from SSR_TIMEOUT_MS / SSR_CACHE_SECONDS.
   */
  ssr?: boolean;
}

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.cjs', '.css', '.json', '.map', '.txt', '.xml', '.svg', '.webmanifest']);
/** Extensions that mark a path as a file request: missing → 404, never the SPA page. */
const ASSET_EXT = new Set([...Object.keys(CONTENT_TYPES), '.php', '.env', '.yaml', '.yml', '.gz', '.br', '.zip']);
const MIN_COMPRESS = 512;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';
/** The id of the start-up data block in the shell's page (shell/src/startup/config.ts reads it). */
export const BOOT_DATA_ID = 'storefront-boot';

type Encoding = 'br' | 'gzip' | 'identity';

/** Picks br, then gzip, honouring q-values (`gzip;q=0` refuses gzip). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q=([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, weight);
  }
  const weight = (n: string) => q.get(n) ?? q.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Bounded in-memory cache of file bytes and their compressed forms, keyed by file + mtime + size. */
class ByteCache {
  private readonly map = new Map<string, Buffer>();
  private size = 0;
  constructor(private readonly limit: number) {}
  get(key: string): Buffer | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: Buffer): void {
    if (value.length > this.limit / 4) return;
    const old = this.map.get(key);
    if (old) {
      this.size -= old.length;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.size += value.length;
    for (const [k, v] of this.map) {
      if (this.size <= this.limit) break;
      this.map.delete(k);
      this.size -= v.length;
    }
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Splits a request path into safe segments or throws 400: no `..`/`.`, no encoded slash or
 * backslash, no NUL, no empty segment (`//`), nothing that decodes badly.
 */
export function safeSegments(pathname: string): string[] {
  if (!pathname.startsWith('/')) throw new HttpError(400, 'bad path');
  const raw = pathname.slice(1).split('/');
  // A trailing slash leaves one empty segment: allowed (it never names a file).
  const segs = raw.length > 1 && raw[raw.length - 1] === '' ? raw.slice(0, -1) : raw;
  if (segs.length === 1 && segs[0] === '') return [];
  return segs.map((seg) => {
    if (seg === '' || /%2f|%5c|%00/i.test(seg)) throw new HttpError(400, 'bad path');
    let decoded: string;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      throw new HttpError(400, 'bad path');
    }
    if (decoded === '.' || decoded === '..' || /[\\/\0]/.test(decoded) || path.isAbsolute(decoded)) {
      throw new HttpError(400, 'bad path');
    }
    return decoded;
  });
}

interface Served {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Candidates for compression. */
  compressible: boolean;
  cacheKey: string | null;
  /** Inline scripts this response carries (`sha256-…`), allowed by its Content-Security-Policy. */
  scriptHashes?: string[];
}

function originOf(entry: string): string | null {
  if (!/^https?:\/\//i.test(entry)) return null;
  try {
    return new URL(entry).origin;
  } catch {
    return null;
  }
}

/** Every origin other than the site itself that the registry loads remote code from. */
export function registryOrigins(reg: RemoteRegistry): string[] {
  const out = new Set<string>();
  for (const e of Object.values(reg.remotes)) {
    if (!e) continue;
    const o = originOf(e.entry);
    if (o) out.add(o);
    const l = e.lastKnownGood ? originOf(e.lastKnownGood.entry) : null;
    if (l) out.add(l);
  }
  return [...out].sort();
}

/** The policy for the site's origins; `scriptHashes` allow exactly those inline scripts (a page's loader). */
export function contentSecurityPolicy(origins: string[], scriptHashes: string[] = []): string {
  const extra = origins.length ? ` ${origins.join(' ')}` : '';
  const hashes = scriptHashes.map((h) => ` '${h}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}${hashes}`,
    `connect-src 'self'${extra}`,
    `img-src 'self' data: blob:${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    `font-src 'self' data:${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Issue 14: the payment page loads the gateway's checkout (its script, its frames, its calls) from these
 * origins; the policy of /payment alone lists them.
 */
export function withPaymentOrigins(csp: string, origins: string[]): string {
  if (origins.length === 0) return csp;
  const extra = ` ${origins.join(' ')}`;
  const directives = csp.split('; ').map((d) => (d.startsWith('script-src ') || d.startsWith('connect-src ') ? `${d}${extra}` : d));
  return [...directives, `frame-src 'self'${extra}`].join('; ');
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function jsonBody(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value)}\n`);
}

/** The path of a request target, without query or fragment; an absolute-form target loses its origin. */
export function rawPath(url: string): string {
  let u = url;
  const abs = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(u);
  if (abs) u = u.slice(abs[0].length) || '/';
  const cut = u.search(/[?#]/);
  return cut < 0 ? u : u.slice(0, cut);
}

/** The query string of a request target (with its `?`), or ''. */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return hash < 0 ? url.slice(q) : url.slice(q, hash);
}

export interface Host {
  server: http.Server;
  /** Resolves once listening; gives the URL. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export function createHost(opts: HostOptions): Host {
  const root = path.resolve(opts.root);
  const env = opts.env ?? process.env;
  const only: Section | null = opts.only ? (findSection(opts.only) ?? null) : null;
  if (opts.only && (!only || only.kind !== 'remote')) {
    throw new Error(`--only takes a remote (catalog, cart_checkout, account), not "${opts.only}"`);
  }
  const apiUrl = opts.api ? new URL(opts.api) : null;
  const paymentOrigins = (env.PAYMENT_CSP_ORIGINS ?? 'https://checkout.razorpay.com,https://api.razorpay.com').split(',').map((o) => o.trim()).filter(Boolean);
  const cache = new ByteCache(128 * 1024 * 1024);
  const numberFromEnv = (name: string): number | undefined => {
    const v = env[name];
    return v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  };
  const renderer: ServerRenderer | null =
    apiUrl && !only && opts.ssr !== false
      ? createServerRenderer({
          root,
          // What the browser reaches as /api, asked directly.
          apiBaseUrl: `${apiUrl.origin}${apiUrl.pathname.replace(/\/+$/, '')}/api`,
          timeoutMs: numberFromEnv('SSR_TIMEOUT_MS'),
          cacheSeconds: numberFromEnv('SSR_CACHE_SECONDS'),
          log: opts.log,
        })
      : null;
  let realRoot: string | null = null;

  let registryCache: { mtimeMs: number; size: number; text: string; reg: RemoteRegistry; csp: string } | null = null;

  async function readRegistryFile(): Promise<{ text: string; reg: RemoteRegistry; csp: string }> {
    const file = path.join(root, REGISTRY_FILE);
    let st;
    try {
      st = await fs.stat(file);
    } catch {
      const reg: RemoteRegistry = { shell: null, remotes: {} };
      return { text: `${JSON.stringify(reg)}\n`, reg, csp: contentSecurityPolicy([]) };
    }
    if (registryCache && registryCache.mtimeMs === st.mtimeMs && registryCache.size === st.size) return registryCache;
    const text = await fs.readFile(file, 'utf8');
    let reg: RemoteRegistry;
    try {
      const raw = JSON.parse(text) as Partial<RemoteRegistry>;
      reg = { shell: raw.shell ?? null, remotes: raw.remotes ?? {} };
    } catch {
      reg = { shell: null, remotes: {} };
    }
    registryCache = { mtimeMs: st.mtimeMs, size: st.size, text, reg, csp: contentSecurityPolicy(registryOrigins(reg)) };
    return registryCache;
  }

  async function readFileCached(file: string): Promise<{ body: Buffer; key: string; mtime: Date } | null> {
    let st;
    try {
      st = await fs.stat(file);
    } catch {
      return null;
    }
    if (!st.isFile()) return null;
    // The real path must stay inside the deploy root (no symlink out of it).
    realRoot ??= await fs.realpath(root);
    const real = await fs.realpath(file);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null;
    const key = `${real}:${st.mtimeMs}:${st.size}`;
    const hit = cache.get(`raw:${key}`);
    if (hit) return { body: hit, key, mtime: st.mtime };
    const body = await fs.readFile(real);
    cache.set(`raw:${key}`, body);
    return { body, key, mtime: st.mtime };
  }

  function etagOf(key: string): string {
    // Weak: the compressed bytes of one file may differ (fast first, best later), the content does not.
    return `W/"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
  }

  async function serveFile(file: string, cacheControl: string, extraHeaders: Record<string, string>): Promise<Served | null> {
    const got = await readFileCached(file);
    if (!got) return null;
    const ext = path.extname(file).toLowerCase();
    return {
      status: 200,
      headers: {
        'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
        'Cache-Control': cacheControl,
        ETag: etagOf(got.key),
        'Last-Modified': got.mtime.toUTCString(),
        ...extraHeaders,
      },
      body: got.body,
      compressible: COMPRESSIBLE.has(ext),
      cacheKey: got.key,
    };
  }

  const CORS: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Accept, Accept-Encoding',
    'Access-Control-Max-Age': '86400',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };

  /** `/shell/<v>/…` or `/remotes/<name>/<v>/…` → a file below that version folder. */
  function assetFile(segs: string[]): string | null {
    let section: Section | undefined;
    let rest: string[];
    if (segs[0] === 'shell' && !only) {
      section = findSection('shell');
      rest = segs.slice(1);
    } else if (segs[0] === 'remotes' && segs[1]) {
      section = findSection(segs[1]);
      if (!section || section.kind !== 'remote' || section.name !== segs[1]) return null;
      if (only && only.name !== section.name) return null;
      rest = segs.slice(2);
    } else {
      return null;
    }
    const [version, ...file] = rest;
    if (!section || !version || !file.length || !VERSION_RE.test(version)) return null;
    if (file.some((f) => f.startsWith('.'))) return null;
    // Server builds run in the host; they are not served.
    if (file[0] === 'server') return null;
    const base = section.kind === 'shell' ? path.join(root, 'shell', version) : path.join(root, 'remotes', section.name, version);
    const full = path.resolve(base, ...file);
    if (!full.startsWith(base + path.sep)) return null;
    return full;
  }

  function runtimeConfig(req: http.IncomingMessage): unknown {
    const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim() || 'http';
    const hostHeader = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? '127.0.0.1';
    return {
      apiBaseUrl: '/api',
      apiKey: env.API_KEY || 'dev-storefront-key',
      storeToken: env.STORE_TOKEN || 'dev-store-token',
      registryUrl: '/remotes.json',
      storeUrl: `${proto}://${hostHeader}`,
      environment: env.NODE_ENV === 'production' ? 'production' : 'development',
    };
  }

  /**
   * Writes the runtime config and the registry into the page as a JSON block (`#storefront-boot`, read
   * by shell/src/startup/config.ts), saving the shell two round trips before it can load the first
   * section. A data block is not script: the Content-Security-Policy is unchanged.
   */
  function withBootData(page: Served, data: unknown, html = page.body.toString('utf8')): Served {
    if (page.status !== 200) return page;
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    const at = html.indexOf('</head>');
    if (at < 0) return page;
    const tag = `<script type="application/json" id="${BOOT_DATA_ID}">${json}</script>`;
    const body = Buffer.from(html.slice(0, at) + tag + html.slice(at));
    const headers = { ...page.headers };
    delete headers.ETag;
    delete headers['Last-Modified'];
    return { ...page, body, cacheKey: null, headers };
  }

  function notFoundIsAsset(segs: string[]): boolean {
    if (segs[0] === 'shell' || segs[0] === 'remotes' || segs[0] === 'api') return true;
    const last = segs[segs.length - 1] ?? '';
    return ASSET_EXT.has(path.extname(last).toLowerCase());
  }

  async function route(req: http.IncomingMessage, pathname: string): Promise<Served> {
    const segs = safeSegments(pathname);
    const text = (status: number, msg: string, headers: Record<string, string> = {}): Served => ({
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE, ...headers },
      body: Buffer.from(`${msg}\n`),
      compressible: false,
      cacheKey: null,
    });

    const asset = assetFile(segs);
    if (asset) {
      const served = await serveFile(asset, IMMUTABLE, CORS);
      return served ?? text(404, 'Not found', CORS);
    }
    if (only) return text(404, 'Not found', CORS);

    if (pathname === '/storefront.config.json') {
      return {
        status: 200,
        headers: { 'Content-Type': CONTENT_TYPES['.json'] ?? 'application/json', 'Cache-Control': NO_STORE },
        body: jsonBody(runtimeConfig(req)),
        compressible: false,
        cacheKey: null,
      };
    }
    if (pathname === '/remotes.json') {
      const { text: regText } = await readRegistryFile();
      return {
        status: 200,
        headers: { 'Content-Type': CONTENT_TYPES['.json'] ?? 'application/json', 'Cache-Control': NO_STORE, ...CORS },
        body: Buffer.from(regText),
        compressible: true,
        cacheKey: null,
      };
    }
    if (notFoundIsAsset(segs)) return text(404, 'Not found');

    // An SPA route: the live shell's page, never cached (it names the live shell version).
    const { reg } = await readRegistryFile();
    const shellVersion = reg.shell?.version;
    if (shellVersion && VERSION_RE.test(shellVersion)) {
      const page = await serveFile(path.join(root, 'shell', shellVersion, 'index.html'), NO_STORE, {});
      if (page) {
        const boot = { config: runtimeConfig(req), registry: reg };
        const rendered = renderer ? await renderer.render(reg, `${pathname}${queryOf(req.url ?? '')}`, boot.config) : null;
        const html = rendered ? injectServerPage(page.body.toString('utf8'), rendered) : null;
        if (rendered && html !== null) {
          return {
            ...withBootData(page, { ...boot, ssr: rendered.boot }, html),
            status: rendered.status,
            scriptHashes: rendered.loader ? [rendered.loader.hash] : [],
          };
        }
        return withBootData(page, boot);
      }
    }
    return {
      status: 503,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': NO_STORE, 'Retry-After': '5' },
      body: Buffer.from(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Storefront</title>' +
          '<h1>No shell version is live</h1><p>Run <code>pnpm ops deploy-all</code> (or publish and activate the shell).</p></html>\n',
      ),
      compressible: false,
      cacheKey: null,
    };
  }

  const encode = (body: Buffer, enc: 'br' | 'gzip', best: boolean): Promise<Buffer> =>
    enc === 'br'
      ? brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzip(body, { level: best ? 9 : 6 });

  /** Files whose best compression is done or queued. */
  const upgraded = new Set<string>();
  let upgrades: Promise<void> = Promise.resolve();

  /**
   * A cache miss is answered with fast compression (brotli 5 / gzip 6: a few ms for 200 KB), and the
   * best compression (brotli 11 takes ~1 s for 200 KB) is made in the background, one file at a
   * time, replacing the cached bytes for every later request.
   */
  async function compress(served: Served, enc: Encoding): Promise<Buffer | null> {
    if (enc === 'identity' || !served.compressible || served.body.length < MIN_COMPRESS) return null;
    if (!served.cacheKey) return encode(served.body, enc, false);
    const key = `${enc}:${served.cacheKey}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const fast = await encode(served.body, enc, false);
    cache.set(key, fast);
    if (!upgraded.has(key)) {
      upgraded.add(key);
      const body = served.body;
      upgrades = upgrades
        .then(() => encode(body, enc, true))
        .then((best) => {
          if (best.length < fast.length) cache.set(key, best);
        })
        .catch(() => {
          upgraded.delete(key);
        });
    }
    return fast;
  }

  async function securityHeaders(): Promise<Record<string, string>> {
    const { csp } = await readRegistryFile();
    return {
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    };
  }

  function proxy(req: http.IncomingMessage, res: http.ServerResponse, security: Record<string, string>): void {
    const fail = (message: string) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = jsonBody({ success: false, message });
      res.writeHead(502, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(body.length),
        'Cache-Control': NO_STORE,
        ...security,
      });
      res.end(body);
    };
    if (!apiUrl) {
      req.resume();
      fail('The API is not configured on this host (start it with --api <url>).');
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())) headers[k] = v;
    }
    const clientIp = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${clientIp}` : clientIp;
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers.host = apiUrl.host;
    const basePath = apiUrl.pathname.replace(/\/+$/, '');
    const transport = apiUrl.protocol === 'https:' ? https : http;
    const upstream = transport.request(
      {
        protocol: apiUrl.protocol,
        hostname: apiUrl.hostname,
        port: apiUrl.port || undefined,
        method: req.method,
        path: `${basePath}${req.url?.startsWith('/') ? req.url : rawPath(req.url ?? '/')}`,
        headers,
      },
      (up) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(up.headers)) {
          if (v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())) out[k] = v;
        }
        for (const [k, v] of Object.entries(security)) if (!(k.toLowerCase() in out)) out[k] = v;
        res.writeHead(up.statusCode ?? 502, up.statusMessage, out);
        up.pipe(res);
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      fail(`The API is unavailable (${err.code ?? err.message}). Please try again shortly.`);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now();
    const method = req.method ?? 'GET';
    // Routing uses the raw path (never a URL parser, which would fold `..` and `%2e%2e` silently);
    // safeSegments() then refuses traversal, encoded separators and NUL with 400.
    const pathname = rawPath(req.url ?? '/');
    const security = only ? { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' } : await securityHeaders();
    if (!only && (pathname === '/api' || pathname.startsWith('/api/'))) {
      try {
        safeSegments(pathname);
      } catch {
        req.resume();
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...security });
        res.end('Bad request\n');
        return;
      }
      proxy(req, res, security);
      res.on('finish', () => opts.log?.(`${method} ${req.url} → ${res.statusCode} ${Date.now() - started}ms (api)`));
      return;
    }
    let served: Served;
    if (method === 'OPTIONS') {
      served = { status: 204, headers: { ...CORS, 'Cache-Control': NO_STORE }, body: Buffer.alloc(0), compressible: false, cacheKey: null };
    } else if (method !== 'GET' && method !== 'HEAD') {
      served = {
        status: 405,
        headers: { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
        body: Buffer.from('Method not allowed\n'),
        compressible: false,
        cacheKey: null,
      };
    } else {
      try {
        served = await route(req, pathname);
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500;
        if (status === 500) opts.log?.(`error serving ${req.url}: ${(err as Error).stack ?? String(err)}`);
        served = {
          status,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
          body: Buffer.from(status === 400 ? 'Bad request\n' : 'Internal error\n'),
          compressible: false,
          cacheKey: null,
        };
      }
    }

    const headers: Record<string, string> = { ...served.headers, ...security };
    if (served.scriptHashes?.length) {
      headers['Content-Security-Policy'] = contentSecurityPolicy(registryOrigins((await readRegistryFile()).reg), served.scriptHashes);
    }
    const csp = headers['Content-Security-Policy'];
    if (pathname === '/payment' && csp) headers['Content-Security-Policy'] = withPaymentOrigins(csp, paymentOrigins);
    const etag = served.headers.ETag;
    const inm = req.headers['if-none-match'];
    const matches = !!inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag?.replace(/^W\//, ''));
    if (served.status === 200 && etag && matches) {
      delete headers['Content-Type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body = served.body;
    if (served.compressible) {
      headers.Vary = 'Accept-Encoding';
      const enc = pickEncoding(req.headers['accept-encoding']);
      const packed = await compress(served, enc);
      if (packed) {
        body = packed;
        headers['Content-Encoding'] = enc;
      }
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(served.status, headers);
    res.end(method === 'HEAD' ? undefined : body);
    opts.log?.(`${method} ${req.url} → ${served.status} ${Date.now() - started}ms`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log?.(`error: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error\n');
    });
  });

  return {
    server,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const addr = server.address();
          const actual = typeof addr === 'object' && addr ? addr.port : port;
          const shownHost = host.includes(':') ? `[${host}]` : host;
          resolve(`http://${shownHost}:${actual}`);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
    },
  };
}
