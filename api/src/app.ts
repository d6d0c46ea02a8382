import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import { metricsPlugin } from './plugins/metrics';
import type { Kysely } from 'kysely';
import { configProblems, type Config } from './config';
import { limitsPlugin, type RateLimitStoreClass } from './plugins/limits';
import { createMessenger, type Messenger } from './messages';
import type { Database } from './db/schema';
import { createRepositories, type Repositories } from './db/repositories';
import type { CustomerRow } from './db/repositories/customers';
import { systemClock, type Clock } from './lib/clock';
import { CatalogCache } from './lib/cache';
import { AppError, isUniqueViolation, unauthorized } from './lib/errors';
import { safeEqual } from './lib/crypto';
import { FormDataError, parseFormData } from './lib/formData';
import { fieldErrors, type AjvLikeError } from './validation';
import { catalogRoutes } from './routes/catalog';
import { imageRoutes } from './routes/images';
import { accountRoutes } from './routes/account';
import { otpRoutes } from './routes/otp';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { miscRoutes } from './routes/misc';
import { devRoutes } from './routes/dev';
import { paymentRoutes } from './routes/payments';
import { createProvider, PaymentService, PaymentSweeper, type PaymentLog } from './domain/payments';
import { seoRoutes } from './routes/seo';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    repos: Repositories;
    clock: Clock;
    /** The one way codes and links reach their owner (SMS, e-mail; the outbox in development). */
    messenger: Messenger;
    /** Runs `work` in one database transaction with repositories bound to it. */
    tx<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
    /** Prepaid checkouts: hold, settlement, cancel and refund (domain/payments). */
    payments: PaymentService;
    /** Expires unpaid checkouts and retries refunds; tests run `pass()` by hand. */
    paymentSweeper: PaymentSweeper;
  }
  interface FastifyRequest {
    customer: CustomerRow | null;
    sessionId: number | null;
    /** Set once the handler runs: an error without a status before then is a malformed request. */
    inHandler: boolean;
  }
  interface FastifyContextConfig {
    /**
     * 'customer': the route needs `Authorization: Bearer`; 'optional': a valid bearer, when sent, sets
     * `request.customer` (track-order shows the owner more); 'public': no API key either (images, docs).
     */
    auth?: 'customer' | 'optional' | 'public';
  }
}

export interface AppOptions {
  config: Config;
  db: Kysely<Database>;
  clock?: Clock;
  /** Where rate-limit counters live; the database when omitted. */
  limitStore?: RateLimitStoreClass;
  /** URLs per sitemap file before sitemap.xml becomes an index (default 50,000; tests lower it). */
  sitemapMaxUrls?: number;
}

/** The signed-in customer of a `auth: 'customer'` route (the onRequest hook guarantees one). */
export function customerOf(request: FastifyRequest): CustomerRow {
  if (!request.customer) throw unauthorized();
  return request.customer;
}

const JSON_BODY_LIMIT = 256 * 1024;

/**
 * Builds the app: plugins → repositories → routes, one error handler (STYLE.md "api"). The caller owns
 * the database (migrated and seeded) and closes it.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  // Fail closed whoever builds the app (server, tests, tools): production never runs on unsafe settings.
  const problems = configProblems(config);
  if (problems.length) throw new Error(`unsafe production configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    bodyLimit: JSON_BODY_LIMIT,
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

  // ---------- plugins ----------
  await app.register(metricsPlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront reference API',
        version: '0.1.0',
        description:
          'Every call of the storefront spec §7 on SQLite. Answers are `{ success, message?, data? }`; failures `{ success: false, message, errors? }`. Money is rupees with two decimals as strings. See docs/api-contract.md.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  await app.register(limitsPlugin, { limits: config.limits, db, clock, ...(opts.limitStore ? { store: opts.limitStore } : {}) });

  // An empty JSON body (axios sends none for POST /store-info, a proxy may still label it JSON) reads as {}.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
    const body = typeof text === 'string' ? text : text.toString('utf8');
    if (body.trim() === '') {
      done(null, {});
      return;
    }
    defaultJson(req, body, done);
  });
  // The product list filters come as multipart/form-data (spec §7): small text forms, read in one go.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, text, done) => {
    try {
      done(null, parseFormData(typeof text === 'string' ? text : text.toString('utf8'), req.headers['content-type'] ?? ''));
    } catch (err) {
      done(err instanceof Error ? err : new FormDataError('Malformed multipart body'));
    }
  });
  // URL-encoded forms are a common client default; accept them as flat objects.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof text === 'string' ? text : text.toString('utf8'))));
  });

  // ---------- repositories ----------
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  const messenger = createMessenger(config, clock, (msg) => app.log.warn(msg));
  app.decorate('messenger', messenger);
  app.addHook('onClose', async () => messenger.close());
  // Catalogue reads are most of the traffic (issue 3: product list p99 ≤ 25 ms at 500 req/s): served from
  // memory until a write touches them, here or in another API process (the change log, lib/cache.ts).
  const catalogCache = new CatalogCache({ maxEntries: config.catalogCache.entries, ttlMs: config.catalogCache.ttlMs, pollMs: config.catalogCache.pollMs });
  const repos = createRepositories(db, clock, catalogCache);
  catalogCache.readFrom((afterId, limit) => repos.catalog.changesSince(afterId, limit));
  app.decorate('repos', repos);
  app.decorate('tx', <T>(work: (repos: Repositories) => Promise<T>) =>
    db.transaction().execute((trx) => work(createRepositories(trx, clock, catalogCache))),
  );
  // Payment events are logged even when request logging is off: a refused amount must reach someone.
  const quiet = (): void => undefined;
  const paymentLog: PaymentLog = config.logger
    ? { info: (d, m) => app.log.info(d, m), warn: (d, m) => app.log.warn(d, m), error: (d, m) => app.log.error(d, m) }
    : { info: quiet, warn: (d, m) => console.warn(`[payments] ${m}`, d), error: (d, m) => console.error(`[payments] ${m}`, d) };
  const payments = new PaymentService({
    repos: app.repos, tx: app.tx, clock, provider: createProvider(config.payments), config: config.payments, log: paymentLog,
  });
  app.decorate('payments', payments);
  app.decorate('paymentSweeper', new PaymentSweeper(payments, paymentLog, config.payments.sweepSeconds * 1000));
  app.addHook('onReady', async () => app.paymentSweeper.start());
  app.addHook('onClose', async () => app.paymentSweeper.stop());
  app.decorateRequest('customer', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('inHandler', false);

  // ---------- auth ----------
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === 'public') return;
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !safeEqual(key, config.apiKey)) throw new AppError(401, 'Invalid or missing API key');
    if (auth !== 'customer' && auth !== 'optional') return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const session = match?.[1] && match[1].length <= 200 ? await app.repos.customers.bySessionToken(match[1]) : undefined;
    if (!session) {
      if (auth === 'optional') return;
      throw unauthorized();
    }
    request.customer = session.customer;
    request.sessionId = session.sessionId;
  });
  app.addHook('preHandler', async (request) => {
    request.inHandler = true;
  });

  // ---------- one error handler ----------
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.messages, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      const errors = fieldErrors(error.validation as AjvLikeError[]);
      const blank = errors[''];
      delete errors[''];
      const first = Object.values(errors)[0] ?? (blank ? `Invalid request ${error.validationContext ?? 'body'}` : 'Invalid request');
      return reply.status(400).send({ success: false, message: first, errors });
    }
    // Two requests racing for one unique value (e-mail, mobile): the loser gets a conflict, not a 500.
    if (isUniqueViolation(error)) return reply.status(409).send({ success: false, message: 'This record already exists' });
    const status = typeof error.statusCode === 'number' ? error.statusCode : 0;
    if (status >= 400 && status < 500) {
      const message =
        status === 413 ? 'Request body is too large' : status === 415 ? 'Unsupported content type' : status === 404 ? 'Not found' : 'Invalid request body';
      return reply.status(status === 406 ? 400 : status).send({ success: false, message });
    }
    // Before the handler, a failure without a status is a request the parsers could not read (a broken
    // multipart body, say): the client's fault, not ours.
    if (!request.inHandler && status === 0) {
      return reply.status(400).send({ success: false, message: 'Invalid request body' });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (!config.logger) console.error(error);
    return reply.status(500).send({ success: false, message: 'Something went wrong' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, message: 'Not found' }));

  // ---------- routes ----------
  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(imageRoutes);
      await api.register(catalogRoutes);
      await api.register(accountRoutes);
      await api.register(otpRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(miscRoutes);
      await api.register(seoRoutes, { maxUrlsPerSitemap: opts.sitemapMaxUrls });
      // Development only: the outbox of codes and links (issue 13); the route does not exist in production.
      if (config.dev) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  await app.ready();
  return app;
}
