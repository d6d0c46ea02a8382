/**
 * The host's configuration, read once from its options and the environment, validated, and refused
 * loudly when unsafe in production. The one place in the host that looks at NODE_ENV. Every setting
 * (STORE_URL, API_URL, TRUSTED_PROXIES, PAYMENT_CSP_ORIGINS, SERVE_SOURCE_MAPS, SSR_*, …) is in the
 * table of docs/operators.md § Settings; storeUrl and product links come from STORE_URL, never from
 * request headers.
 */
import path from 'node:path';
import { findSection, type Section, type StateStore } from '../state';

export interface HostOptions {
  /** Deploy root to serve. */
  root: string;
  /** The state store (default: OPS_DATABASE_URL's PostgreSQL, else the deploy root's files); the host closes it. */
  store?: StateStore;
  /** Where `/api/*` goes: one origin (with an optional base path) or several, as a list or comma-separated. */
  api?: string | string[] | null;
  /** Serve only this remote's files (a second origin for tests): `--only catalog`. */
  only?: string | null;
  /** Environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Plain text lines about server rendering (also in the JSON log when `logger` is on). */
  log?: (line: string) => void;
  /** JSON request log (pino): true, a level name, or false (default). */
  logger?: boolean | string;
  /** Render public pages on the server (needs an API). Default on. */
  ssr?: boolean;
  /** Serve source maps even in production (for operators). */
  sourceMaps?: boolean;
}

export interface HostConfig {
  root: string;
  production: boolean;
  only: Section | null;
  /** API origins (no path); empty: /api answers 502. */
  upstreams: string[];
  /** The base path every API origin shares ('' or '/base'); the API lives at `<base>/api`. */
  apiBasePath: string;
  /** STORE_URL's origin, or null (development: the listen address once known). */
  storeUrl: string | null;
  trustedProxies: string[];
  paymentCspOrigins: string[];
  ssr: boolean;
  ssrTimeoutMs: number | undefined;
  ssrCacheSeconds: number | undefined;
  /** SSR_MAX_RENDERS: server renders running at once per host process (default 8). */
  ssrMaxInFlight: number | undefined;
  sourceMaps: boolean;
  apiKey: string;
  storeToken: string;
  shutdownMs: number;
  logLevel: string | false;
  /**
   * OPS_TOKEN: the bearer /metrics and /readyz ask for (a scraper's, a balancer's). Unset: they are open in
   * development and answer 404 in production; /healthz is always public.
   */
  opsToken: string | null;
  /** REQUEST_TIMEOUT_MS: time for a client to send a whole request (headers and body); then 408. */
  requestTimeoutMs: number;
  /** MAX_CONNECTIONS: open client connections to this process; beyond it new ones are closed at once. */
  maxConnections: number;
}

export const DEFAULT_PAYMENT_CSP_ORIGINS = 'https://checkout.razorpay.com,https://api.razorpay.com';

/** The development key and token `npm start` runs with (the API's defaults too). */
const DEV_API_KEY = 'dev-storefront-key';
const DEV_STORE_TOKEN = 'dev-store-token';

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function numberFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const v = env[name];
  return v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
}

/** An http(s) origin with nothing else (no credentials, path, query or fragment), or throws. */
function parseOrigin(name: string, value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`${name}: "${value}" is not a URL`);
  }
  if (
    (u.protocol !== 'http:' && u.protocol !== 'https:') ||
    u.username ||
    u.password ||
    u.search ||
    u.hash ||
    (u.pathname !== '/' && u.pathname !== '')
  ) {
    throw new Error(`${name}: "${value}" must be an http(s) origin such as https://shop.example.in`);
  }
  return u.origin;
}

export function readHostConfig(opts: HostOptions): HostConfig {
  const env = opts.env ?? process.env;
  const production = env.NODE_ENV === 'production';
  const only: Section | null = opts.only ? (findSection(opts.only) ?? null) : null;
  if (opts.only && (!only || only.kind !== 'remote')) {
    throw new Error(`--only takes a remote (catalog, cart_checkout, account), not "${opts.only}"`);
  }

  const rawApi =
    opts.api === undefined || opts.api === null
      ? list(env.API_URL)
      : Array.isArray(opts.api)
        ? opts.api.flatMap((a) => list(a))
        : list(opts.api);
  const apis = only
    ? []
    : rawApi.map((a) => {
        let u: URL;
        try {
          u = new URL(a);
        } catch {
          throw new Error(`API_URL: "${a}" is not a URL`);
        }
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`API_URL: "${a}" must be http(s)`);
        return { origin: u.origin, base: u.pathname.replace(/\/+$/, '') };
      });
  const bases = new Set(apis.map((a) => a.base));
  if (bases.size > 1) throw new Error(`API_URL: every API process must share one base path (got ${[...bases].join(', ')})`);

  const storeUrl = env.STORE_URL?.trim() ? parseOrigin('STORE_URL', env.STORE_URL.trim()) : null;
  if (production && !storeUrl && !only) {
    throw new Error(
      'STORE_URL is required in production (the site origin, e.g. https://shop.example.in): storeUrl and links are never taken from request headers',
    );
  }
  // The key and token the host hands every browser: production refuses the development ones, as the API
  // does (issue 13), so a site that forgot to set them fails at start rather than with every call.
  if (production && !only) {
    const unsafe = [
      !env.API_KEY || env.API_KEY === DEV_API_KEY ? 'API_KEY' : '',
      !env.STORE_TOKEN || env.STORE_TOKEN === DEV_STORE_TOKEN ? 'STORE_TOKEN' : '',
    ].filter(Boolean);
    if (unsafe.length)
      throw new Error(`${unsafe.join(' and ')} must be set to your own values in production (not the development defaults)`);
  }
  const opsToken = env.OPS_TOKEN?.trim() || null;
  if (production && opsToken !== null && opsToken.length < 20)
    throw new Error('OPS_TOKEN must be at least 20 characters (e.g. `openssl rand -hex 16`): it guards /metrics and /readyz');
  const paymentCspOrigins = list(env.PAYMENT_CSP_ORIGINS ?? DEFAULT_PAYMENT_CSP_ORIGINS).map((o) => parseOrigin('PAYMENT_CSP_ORIGINS', o));

  const level = env.LOG_LEVEL?.trim();
  const logLevel =
    opts.logger === undefined || opts.logger === false ? false : typeof opts.logger === 'string' ? opts.logger : level || 'info';

  return {
    root: path.resolve(opts.root),
    production,
    only,
    upstreams: apis.map((a) => a.origin),
    apiBasePath: apis[0]?.base ?? '',
    storeUrl,
    trustedProxies: list(env.TRUSTED_PROXIES),
    paymentCspOrigins,
    ssr: opts.ssr !== false && env.SSR !== 'off',
    ssrTimeoutMs: numberFrom(env, 'SSR_TIMEOUT_MS'),
    ssrCacheSeconds: numberFrom(env, 'SSR_CACHE_SECONDS'),
    ssrMaxInFlight: numberFrom(env, 'SSR_MAX_RENDERS'),
    sourceMaps: opts.sourceMaps ?? (env.SERVE_SOURCE_MAPS ? env.SERVE_SOURCE_MAPS === '1' : !production),
    apiKey: env.API_KEY || DEV_API_KEY,
    storeToken: env.STORE_TOKEN || DEV_STORE_TOKEN,
    shutdownMs: numberFrom(env, 'SHUTDOWN_TIMEOUT_MS') ?? 10_000,
    logLevel: logLevel === 'silent' ? false : logLevel,
    opsToken,
    requestTimeoutMs: Math.max(100, numberFrom(env, 'REQUEST_TIMEOUT_MS') ?? 30_000),
    maxConnections: Math.max(1, Math.floor(numberFrom(env, 'MAX_CONNECTIONS') ?? 10_000)),
  };
}
