/**
 * The edge host (`pnpm ops serve`): a Fastify application made of one plugin per job (plugins/, one file
 * each, registered in order by registerPlugins below; none imports another), on the libraries the Fastify
 * community keeps for each. What each plugin does: docs/operators.md § The code. Logs are pino's JSON
 * lines (one per request: reqId, method, url, route, statusCode, responseTime, ip). close() stops taking
 * connections and lets requests in flight finish, up to SHUTDOWN_TIMEOUT_MS.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import proxyAddr from 'proxy-addr';
import { createServerRenderer } from './render';
import { canaryReader, withCanaries, type CanaryReader } from '../canary/reader';
import { readHostConfig, type HostConfig, type HostOptions } from './config';
import type { HostContext } from './context';
import { openStore, registryReader, type StateStore } from '../state';
import { TelemetryWriter } from '../telemetry/store';
import { compressionPlugin } from './plugins/compression';
import { filesPlugin } from './plugins/files';
import { healthPlugin } from './plugins/health';
import { statePlugin } from './plugins/state';
import { createHostMetrics, type HostMetrics } from './metrics';
import { readTelemetryConfig, type TelemetryConfig } from './telemetryConfig';
import { metricsPlugin } from './plugins/metrics';
import { canaryPlugin } from './plugins/canary';
import { telemetryPlugin } from './plugins/telemetry';
import { canaryWatchPlugin } from './plugins/canaryWatch';
import { errorsPlugin } from './plugins/errors';
import { originPlugin } from './plugins/origin';
import { pagesPlugin } from './plugins/pages';
import { proxyPlugin } from './plugins/proxy';
import { securityPlugin } from './plugins/security';
import { seoPlugin } from './plugins/seo';

export type { HostOptions } from './config';
export { BOOT_DATA_ID, CONTENT_TYPES, HttpError, IMMUTABLE, NO_STORE, queryOf, rawPath, safeSegments } from './paths';
export { registryOrigins } from '../state';

export interface Host {
  app: FastifyInstance;
  server: Server;
  /** Resolves once listening; gives the URL. */
  listen(port: number, host?: string): Promise<string>;
  /** Stops taking connections, finishes requests in flight (up to the shutdown deadline), then closes. */
  close(): Promise<void>;
}

/** A request id from a trusted proxy (a load balancer's), or a new one. */
function requestIds(trusted: string[]): (req: IncomingMessage) => string {
  const trust = trusted.length ? proxyAddr.compile(trusted) : null;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (trust && typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) && trust(req.socket.remoteAddress ?? '', 0)) return given;
    return randomUUID();
  };
}

/** The Fastify application, its pino log and its HTTP server's limits. */
function createApp(config: HostConfig, destination: ReturnType<typeof pino.destination> | null): FastifyInstance {
  return Fastify({
    ...(destination ? { loggerInstance: pino({ level: config.logLevel || 'info' }, destination) as FastifyBaseLogger } : { logger: false }),
    // One line per request, written below with the fields docs/operators.md lists (reqId is pino's label).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    genReqId: requestIds(config.trustedProxies),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // A trickled body or a flood of idle connections must not hold the host: Node enforces the request
    // timeout when it checks its connections (every second here, its default is 30 s).
    serverFactory: (handler) => {
      const server = createServer(
        { requestTimeout: config.requestTimeoutMs, headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
        handler,
      );
      server.maxConnections = config.maxConnections;
      server.keepAliveTimeout = 72_000; // Fastify's own default, which a server factory does not get
      return server;
    },
  });
}

/** The server renderer, when there is an API to render with and SSR is on (not on an `--only` host). */
function createRenderer(config: HostConfig, metrics: HostMetrics, log: (line: string) => void, listenUrl: () => string) {
  if (!config.upstreams.length || config.only || !config.ssr) return null;
  let next = 0;
  return createServerRenderer({
    root: config.root,
    // What the browser reaches as /api, asked directly (one process per render, in turn).
    apiBaseUrl: () => `${config.upstreams[next++ % config.upstreams.length] ?? ''}${config.apiBasePath}/api`,
    timeoutMs: config.ssrTimeoutMs,
    cacheSeconds: config.ssrCacheSeconds,
    maxInFlight: config.ssrMaxInFlight,
    // STORE_URL, else the address this host listens on unless that is every interface (a browser
    // cannot load from 0.0.0.0; the links then stay relative and the runtime links them again).
    siteOrigin: () => config.storeUrl ?? (/^http:\/\/(0\.0\.0\.0|\[::\])(:|$)/.test(listenUrl()) ? null : listenUrl()),
    log,
    events: {
      rendered: (ms) => metrics.ssrRender.observe({ outcome: 'rendered' }, ms / 1000),
      fallback: (cause, ms) => {
        metrics.ssrFallbacks.inc({ cause });
        metrics.ssrRender.observe({ outcome: 'fallback' }, ms / 1000);
      },
      cacheHit: () => metrics.ssrCacheHits.inc(),
    },
  });
}

/** The request decorations, and one log line per answered request (the client address as it was on arrival). */
function logRequests(app: FastifyInstance): void {
  app.decorateRequest('asset', null);
  app.decorateRequest('registry', null);
  app.decorateRequest('clientIp', '');
  app.decorateRequest('contentType', null);
  app.addHook('onRequest', async (request) => {
    request.clientIp = request.ip;
  });
  app.addHook('onResponse', async (request, reply) => {
    const { method, url, clientIp: ip } = request;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    request.log.info({ method, url, route: request.routeOptions.url ?? null, statusCode: reply.statusCode, responseTime, ip }, 'request');
  });
}

/** The plugins, in order (table in this file's header). */
function registerPlugins(app: FastifyInstance, ctx: HostContext, canaries: CanaryReader, telemetry: TelemetryConfig): void {
  const { only } = ctx.config;
  const serveTelemetry = !only && telemetry.enabled;
  void app.register(errorsPlugin, { ctx, telemetry: telemetry.enabled });
  void app.register(originPlugin, { ctx });
  void app.register(metricsPlugin, { metrics: ctx.metrics });
  // Cookies are read by the canary (its shopper id) and the pages (the session a personal page renders with).
  void app.register(cookie);
  // Before security: the CSP is worked out from the shopper's registry.
  if (!only) void app.register(canaryPlugin, { ctx, canaries });
  void app.register(securityPlugin, { ctx });
  void app.register(compressionPlugin);
  void app.register(healthPlugin, { ctx });
  void app.register(statePlugin, { ctx });
  void app.register(filesPlugin, { ctx });
  if (only) return;
  void app.register(proxyPlugin, { ctx });
  if (serveTelemetry) {
    const writer = new TelemetryWriter(ctx.store);
    void app.register(telemetryPlugin, { ctx, writer, telemetry });
    void app.register(canaryWatchPlugin, { ctx, canaries, writer, telemetry });
  }
  void app.register(seoPlugin, { ctx });
  void app.register(pagesPlugin, { ctx });
}

/** Closes the app within the shutdown deadline (connections still busy after it are closed), then the store and the log. */
async function closeHost(
  app: FastifyInstance,
  config: HostConfig,
  store: StateStore,
  destination: ReturnType<typeof pino.destination> | null,
) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      app.log.warn(`requests still in flight after ${config.shutdownMs} ms: closing their connections`);
      app.server.closeAllConnections();
      resolve();
    }, config.shutdownMs);
    timer.unref();
  });
  await Promise.race([app.close(), deadline]);
  clearTimeout(timer);
  await store.close();
  destination?.flushSync();
}

export function createHost(opts: HostOptions): Host {
  const config = readHostConfig(opts);
  const telemetry = readTelemetryConfig(opts.env ?? process.env);
  const store = opts.store ?? openStore(config.root, opts.env ?? process.env, { log: (line) => opts.log?.(line) });
  const canaries = canaryReader(store);
  // Asynchronous writes to stdout: a line per request must not stall a busy host on a slow log reader.
  const destination = config.logLevel ? pino.destination({ dest: 1, sync: false }) : null;
  const app = createApp(config, destination);
  const metrics = createHostMetrics();
  let listenUrl = 'http://127.0.0.1';
  const log = (line: string) => {
    opts.log?.(line);
    app.log.info({ ssr: true }, line);
  };
  const ctx: HostContext = {
    config,
    store,
    registry: withCanaries(registryReader(store), canaries),
    renderer: createRenderer(config, metrics, log, () => listenUrl),
    metrics,
    siteUrl: () => config.storeUrl ?? listenUrl,
    log,
  };
  logRequests(app);
  registerPlugins(app, ctx, canaries, telemetry);

  return {
    app,
    get server() {
      return app.server;
    },
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host });
      const addr = app.server.address();
      const actual = typeof addr === 'object' && addr ? addr.port : port;
      listenUrl = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
      return listenUrl;
    },
    close: () => closeHost(app, config, store, destination),
  };
}
