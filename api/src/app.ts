import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Kysely } from 'kysely';
import { configProblems, type Config } from './config';
import type { Database } from './db/schema';
import { systemClock, type Clock } from './lib/clock';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { errorsPlugin, frameworkError } from './plugins/errors';
import { limitsPlugin, type RateLimitStoreClass } from './plugins/limits';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { parsersPlugin } from './plugins/parsers';
import { servicesPlugin } from './plugins/services';
import { notificationsPlugin } from './plugins/notifications';
import { guardStaffRoutes, staffAuthPlugin } from './plugins/staffAuth';
import { catalogRoutes } from './routes/catalog';
import { imageRoutes } from './routes/images';
import { accountRoutes } from './routes/account';
import { otpRoutes } from './routes/otp';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { addressRoutes } from './routes/addresses';
import { miscRoutes } from './routes/misc';
import { devRoutes } from './routes/dev';
import { paymentRoutes } from './routes/payments';
import { seoRoutes } from './routes/seo';
import { deliveryRoutes } from './routes/delivery';
import { staffAuthRoutes } from './routes/staff/auth';
import { staffMemberRoutes } from './routes/staff/members';
import { staffOrderRoutes } from './routes/staff/orders';
import { staffCatalogueRoutes } from './routes/staff/catalogue';
import { staffSettingsRoutes } from './routes/staff/settings';
import { staffSearchRoutes } from './routes/staff/search';

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  clock?: Clock;
  /** Where rate-limit counters live; the database when omitted. */
  limitStore?: RateLimitStoreClass;
  /** URLs per sitemap file before sitemap.xml becomes an index (default 50,000; tests lower it). */
  sitemapMaxUrls?: number;
}

const JSON_BODY_LIMIT = 256 * 1024;
/**
 * The router's limit on one path parameter, before any schema: above the longest a schema allows (a
 * product slug, 300) even percent-encoded, so the schema decides with a field error; beyond it, 414.
 */
const MAX_PARAM_LENGTH = 1000;

/** Fastify's server: body and parameter limits, timeouts, trusted proxies, request ids, Ajv's options. */
function createServer(config: Config): FastifyInstance {
  return Fastify({
    logger: config.logger ? { level: 'info' } : false,
    // One line per request (logRequests) instead of Fastify's two, in the edge host's shape and with its id.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    // Node enforces requestTimeout (and headersTimeout) only when it checks its connections: every
    // second here, not its default 30 s, so a trickled body is cut near the limit.
    serverFactory: (handler) => {
      const server = http.createServer(
        { requestTimeout: config.requestTimeoutMs, headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
        handler,
      );
      server.maxConnections = config.maxConnections;
      server.keepAliveTimeout = 72_000; // Fastify's own default, which a server factory does not get
      return server;
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkError,
    // X-Forwarded-For is believed only from TRUSTED_PROXIES (by default the edge host on this machine):
    // anybody else's header is ignored, so it cannot multiply the per-address limits.
    trustProxy: config.trustedProxies,
    // The edge host's request id (x-request-id), so one request reads the same in both logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    ajv: {
      customOptions: { allErrors: true, verbose: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
      plugins: [
        // `x-messages` is an annotation read by validation.ts; Ajv only has to accept it.
        <A extends { addKeyword: (keyword: string) => unknown }>(ajv: A): A => {
          ajv.addKeyword('x-messages');
          return ajv;
        },
      ],
    },
  });
}

/** One log line per answered request. */
function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: request.routeOptions.url ?? null,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  });
}

/** The plugins, in order: hooks run in registration order. */
async function registerPlugins(app: FastifyInstance, opts: AppOptions, clock: Clock): Promise<void> {
  const { config, db } = opts;
  await app.register(metricsPlugin);
  await app.register(openapiPlugin);
  await app.register(limitsPlugin, { limits: config.limits, db, clock, ...(opts.limitStore ? { store: opts.limitStore } : {}) });
  await app.register(parsersPlugin);
  await app.register(databasePlugin, { config, db, clock });
  await app.register(servicesPlugin);
  await app.register(notificationsPlugin);
  await app.register(authPlugin);
  await app.register(staffAuthPlugin);
  await app.register(errorsPlugin);
}

/** Every route under /api; the staff API (issue 38) under /api/staff with its own sessions and roles. */
async function registerRoutes(app: FastifyInstance, opts: AppOptions): Promise<void> {
  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(imageRoutes);
      await api.register(catalogRoutes);
      await api.register(accountRoutes);
      await api.register(otpRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(addressRoutes);
      await api.register(paymentRoutes);
      await api.register(miscRoutes);
      await api.register(deliveryRoutes);
      await api.register(seoRoutes, { maxUrlsPerSitemap: opts.sitemapMaxUrls });
      await api.register(
        async (staff) => {
          guardStaffRoutes(staff);
          await staff.register(staffAuthRoutes);
          await staff.register(staffMemberRoutes);
          await staff.register(staffOrderRoutes);
          await staff.register(staffCatalogueRoutes);
          await staff.register(staffSettingsRoutes);
          await staff.register(staffSearchRoutes);
        },
        { prefix: '/staff' },
      );
      // Development only: the outbox of codes and links (issue 13); the route does not exist in production.
      if (opts.config.dev) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );
}

/**
 * Builds the app: plugins, then the routes, which validate, call the domain and shape the answer
 * (STYLE.md "api"). The caller owns the database (migrated and seeded) and closes it.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // Fail closed whoever builds the app (server, tests, tools): production never runs on unsafe settings.
  const problems = configProblems(opts.config);
  if (problems.length) throw new Error(`unsafe production configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const app = createServer(opts.config);
  if (opts.config.logger) logRequests(app);
  await registerPlugins(app, opts, opts.clock ?? systemClock);
  await registerRoutes(app, opts);
  await app.ready();
  return app;
}
