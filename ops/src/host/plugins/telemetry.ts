/**
 * POST /telemetry (issue 17): a batch from the shell's client (sendBeacon), at most 16 KB and 50 events,
 * validated against ops/src/telemetry/schema.ts and rate-limited per client address across every host
 * process on the state store (../rateLimitStore.ts). Bad input is dropped silently (204, counted in
 * host_telemetry_dropped_total): a beacon never reads its answer. Events count only for a version published
 * in the deploy root, into the Prometheus metrics and the telemetry store, per reporter (the client address,
 * hashed) — why, and what a forger can and cannot move: docs/operators.md § the trust model.
 */
import rateLimit from '@fastify/rate-limit';
import { clientNetwork } from '@storefront/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import client from 'prom-client';
import type { HostContext } from '../context';
import { NO_STORE } from '../paths';
import { publishedVersions } from '../publishedVersions';
import { deployRootStore } from '../rateLimitStore';
import type { TelemetryConfig } from '../telemetryConfig';
import { countFailingRoute, observeVital, type Aggregate, type Vital } from '../../telemetry/aggregate';
import { reporterId, type ReporterCounts } from '../../telemetry/reporters';
import { BATCH_SCHEMA, MAX_BODY, coherent, type TelemetryBatch, type TelemetryEvent } from '../../telemetry/schema';
import { versionKey, type TelemetryWriter } from '../../telemetry/store';

type IntakeMetrics = ReturnType<typeof intakeMetrics>;

function intakeMetrics(reg: client.Registry) {
  return {
    views: new client.Counter({
      name: 'storefront_browser_page_views_total',
      help: 'Pages shown in browsers, by the remote owning the page and its version',
      labelNames: ['remote', 'version'],
      registers: [reg],
    }),
    errors: new client.Counter({
      name: 'storefront_browser_errors_total',
      help: 'Errors in browsers (boundary, unhandled, rejection), by remote version',
      labelNames: ['remote', 'version', 'kind'],
      registers: [reg],
    }),
    loads: new client.Counter({
      name: 'storefront_browser_load_failures_total',
      help: 'Chunk and manifest load failures in browsers, by remote version',
      labelNames: ['remote', 'version', 'kind'],
      registers: [reg],
    }),
    fallbacks: new client.Counter({
      name: 'storefront_browser_fallbacks_total',
      help: 'Fallbacks taken in browsers (lkg, unavailable), by remote version',
      labelNames: ['remote', 'version', 'kind'],
      registers: [reg],
    }),
    vitals: new client.Histogram({
      name: 'storefront_browser_web_vital_seconds',
      help: 'Web Vitals in browsers (LCP, INP, TTFB), by remote version',
      labelNames: ['remote', 'version', 'metric'],
      buckets: [0.1, 0.2, 0.5, 0.8, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
      registers: [reg],
    }),
    cls: new client.Histogram({
      name: 'storefront_browser_cls',
      help: 'Cumulative Layout Shift in browsers, by remote version',
      labelNames: ['remote', 'version'],
      buckets: [0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [reg],
    }),
    dropped: new client.Counter({
      name: 'host_telemetry_dropped_total',
      help: 'Telemetry batches or events dropped, by reason',
      labelNames: ['reason'],
      registers: [reg],
    }),
  };
}

/** Which of a reporter's counts an event adds to: views, errors, chunk failures (none for the rest). */
const REPORTED: Partial<Record<TelemetryEvent['t'], 0 | 1 | 2>> = { view: 0, error: 1, load: 2 };

/** Adds one event to this minute's aggregate and to the metrics. */
function countEvent(e: TelemetryEvent, agg: Aggregate, m: IntakeMetrics): void {
  const labels = { remote: e.r, version: e.v };
  switch (e.t) {
    case 'view':
      agg.views++;
      m.views.inc(labels);
      break;
    case 'error':
      agg.errors++;
      countFailingRoute(agg, e.route);
      m.errors.inc({ ...labels, kind: e.k ?? '' });
      break;
    case 'load':
      agg.chunkFailures++;
      countFailingRoute(agg, e.route);
      m.loads.inc({ ...labels, kind: e.k ?? '' });
      break;
    case 'fallback':
      if (e.k === 'lkg') agg.fallbackLkg++;
      else agg.fallbackUnavailable++;
      m.fallbacks.inc({ ...labels, kind: e.k ?? '' });
      break;
    case 'vital': {
      const vital = e.k as Vital;
      const value = e.n ?? 0;
      observeVital(agg, vital, value);
      if (vital === 'CLS') m.cls.observe(labels, value);
      else m.vitals.observe({ ...labels, metric: vital }, value / 1000);
      break;
    }
  }
}

/** Malformed JSON, a body too large, the wrong type: dropped like any bad batch. The rate limit says 429. */
function takeBadBatches(app: FastifyInstance, drop: (reply: FastifyReply, reason: string) => FastifyReply, m: IntakeMetrics): void {
  // A beacon posts its Blob as JSON; a string would arrive as text/plain: both parse the same.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BODY }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, null);
    }
  });
  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).header('cache-control', NO_STORE).send();
    if (status >= 400 && status < 500) return drop(reply, status === 413 ? 'too_large' : 'malformed');
    // The rate-limit count could not be written (the state store is away): said in the log, not to the
    // client, which is asked to come back later (a beacon does not; the batch is lost, the page is not).
    request.log.error({ err }, 'telemetry: could not take a batch');
    m.dropped.inc({ reason: 'store_unavailable' });
    return reply.code(503).header('retry-after', '5').header('cache-control', NO_STORE).send();
  });
}

export async function telemetryPlugin(
  app: FastifyInstance,
  opts: { ctx: HostContext; writer: TelemetryWriter; telemetry: TelemetryConfig },
): Promise<void> {
  const { ctx, writer, telemetry } = opts;
  const m = intakeMetrics(ctx.metrics.registry);
  const store = ctx.store;
  // The reporter key is the store's (one address is one reporter on every host): asked for when first
  // needed, so a host starting while PostgreSQL is away still starts and serves.
  let key: Promise<Buffer> | null = null;
  const keyOf = () =>
    (key ??= store.reporterKey().catch((err: unknown) => {
      key = null;
      throw err;
    }));
  void keyOf().catch(() => undefined);
  void writer.prune().catch(() => undefined);
  const isPublished = publishedVersions(ctx.config.root);
  const drop = (reply: FastifyReply, reason: string) => {
    m.dropped.inc({ reason });
    return reply.code(204).header('cache-control', NO_STORE).send();
  };
  takeBadBatches(app, drop, m);

  /** Counts a batch's events; gives each version's counts for the reporter (capped per reporter-minute when read). */
  async function take(events: TelemetryEvent[], now: number): Promise<Map<string, { r: string; v: string; counts: ReporterCounts }>> {
    const byReporter = new Map<string, { r: string; v: string; counts: ReporterCounts }>();
    for (const e of events) {
      if (!coherent(e)) {
        m.dropped.inc({ reason: 'invalid_event' });
        continue;
      }
      if (!(await isPublished(e.r, e.v))) {
        m.dropped.inc({ reason: 'unknown_version' });
        continue;
      }
      countEvent(e, writer.at(now, e.r, e.v), m);
      const i = REPORTED[e.t];
      if (i === undefined) continue;
      const k = versionKey(e.r, e.v);
      const entry = byReporter.get(k) ?? { r: e.r, v: e.v, counts: [0, 0, 0] };
      entry.counts[i]++;
      byReporter.set(k, entry);
    }
    return byReporter;
  }

  // Counted in the state store, so the limit holds across every host process on it (rateLimitStore.ts).
  await app.register(rateLimit, { global: false, store: deployRootStore(store, keyOf) });
  app.post<{ Body: TelemetryBatch }>(
    '/telemetry',
    {
      bodyLimit: MAX_BODY,
      schema: { body: BATCH_SCHEMA },
      attachValidation: true,
      config: {
        rateLimit: {
          max: telemetry.rateLimit,
          timeWindow: 60_000,
          // The address as trustProxy determined it: a forwarded header counts only from a trusted proxy.
          keyGenerator: (request) => clientNetwork(request.clientIp || request.ip),
        },
      },
    },
    async (request, reply) => {
      if (request.validationError || !request.body) return drop(reply, 'invalid');
      // Only the site's own pages report (a beacon is same-origin; another site could post text/plain).
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') return drop(reply, 'cross_site');
      const now = Date.now();
      const byReporter = await take(request.body.events, now);
      if (byReporter.size) {
        // The client network (an IPv6 client's /64) of the address as trustProxy determined it, the same
        // one the rate limit keys on; stored hashed.
        const id = reporterId(await keyOf(), clientNetwork(request.clientIp || request.ip));
        for (const { r, v, counts } of byReporter.values()) writer.report(now, r, v, id, counts);
      }
      return reply.code(204).header('cache-control', NO_STORE).send();
    },
  );

  const flush = () => writer.flush().catch((err: unknown) => app.log.error({ err }, 'telemetry: could not write the local store'));
  const flushTimer = setInterval(() => void flush(), telemetry.flushMs);
  flushTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(flushTimer);
    await flush();
  });
}
