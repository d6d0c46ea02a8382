/**
 * Browser telemetry and the canary's automatic rollback (issue 17).
 *
 *   POST /telemetry   a batch from the shell's client (sendBeacon): at most 16 KB and 50 events,
 *                     validated against ops/src/telemetry/schema.ts, rate-limited per client address
 *                     (@fastify/rate-limit, counted in the state store: one limit for every host
 *                     process on it, ../rateLimitStore.ts). Bad input is dropped silently (204,
 *                     counted in host_telemetry_dropped_total), since a beacon never reads its answer.
 *
 * Events count only for a remote and version published in this host's deploy root, so a client cannot
 * fill the metrics with made-up labels. Each batch is added to the host's Prometheus metrics and to
 * the telemetry store (ops/src/telemetry/store.ts: this process's file, or PostgreSQL rows), flushed
 * every few seconds.
 *
 * Every CANARY_CHECK_SECONDS each host process reads the store (every process's lines) and ends a
 * canary started with --auto-rollback whose error or chunk-failure rate is above its thresholds:
 * a conditional change of the state store (the deploy root's lock, or one PostgreSQL transaction on
 * the state row), so of several processes on any number of machines only one records it in history.
 *
 * Trust model. Anybody can post a batch: the Sec-Fetch-Site check stops another site's pages in a
 * browser, not a script. The rate limit holds per client address across every host process on the
 * state store (N processes do not allow N×), but a batch carries up to 50 events, and many addresses
 * each get the limit. Telemetry is therefore never trusted per event where it decides something or
 * where an operator reads it. Each batch is attributed to its reporter — the client address as
 * trustProxy determined it (the one the rate limit keys on; a forwarded header counts only from
 * TRUSTED_PROXIES) — stored as a keyed hash (telemetry/reporters.ts: the files stay free of
 * addresses). The canary decision, and the figures `ops status` and `ops report` show first, are made
 * from every process's files and count per reporter-minute at most 30 page views, 10 errors and 10
 * chunk failures; the decision needs failures from --min-reporters (3) distinct addresses too.
 *   - A forger with one address cannot end a healthy canary (one reporter, below --min-reporters),
 *     nor hide a broken one (their views count 30 a minute however many they post), nor move what
 *     the operator reads beyond those caps, through any number of host processes.
 *   - A forger with many addresses (a botnet, or spoofed forwarding through a wrongly trusted proxy)
 *     still can: each address moves the rates by at most its caps. The totals of what was posted
 *     (the Prometheus metrics, the "posted" figures of `ops status` / `ops report`, fallbacks and Web
 *     Vitals) stay open to padding, and are labelled so; the host does not act on them.
 *   - Real shoppers behind one carrier-grade NAT address count as one reporter with those caps; a
 *     canary seen mostly through a few such addresses needs longer to reach --min-page-views.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { clientNetwork } from '@storefront/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import client from 'prom-client';
import type { HostContext } from '../context';
import { NO_STORE } from '../paths';
import { deployRootStore } from '../rateLimitStore';
import { SECTIONS } from '../../state';
import { isVersionName } from '@storefront/contract/seam';
import { endCanary } from '../../canary/end';
import { describeThresholds } from '../../canary/thresholds';
import { breach } from '../../canary/breach';
import type { CanaryReader } from '../../canary/reader';
import { countFailingRoute, observeVital, type Vital } from '../../telemetry/aggregate';
import { reporterId, type ReporterCounts } from '../../telemetry/reporters';
import { BATCH_SCHEMA, MAX_BODY, coherent, type TelemetryBatch } from '../../telemetry/schema';
import { minuteOf, readReporterTotals, TelemetryWriter, versionKey } from '../../telemetry/store';

export interface TelemetryConfig {
  enabled: boolean;
  /** Batches per client address per minute, across every host process on the state store. */
  rateLimit: number;
  flushMs: number;
  checkMs: number;
}

/**
 * TELEMETRY=off, TELEMETRY_RATE_LIMIT (600), TELEMETRY_FLUSH_SECONDS (5), CANARY_CHECK_SECONDS (15).
 * The limit is per client address, counted in one-minute windows shared by every host process on
 * the state store (the canary decision does not rely on it: see the trust model above), and generous
 * on purpose: Indian mobile networks put many shoppers behind one carrier-grade NAT address, and a
 * shopper sends a batch or two per page. It stops a flood; the 16 KB cap, the schema and the
 * published-versions check keep each batch cheap.
 */
export function readTelemetryConfig(env: NodeJS.ProcessEnv): TelemetryConfig {
  const positive = (name: string, dflt: number) => {
    const raw = env[name]?.trim();
    if (!raw) return dflt;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
    return n;
  };
  return {
    enabled: env.TELEMETRY !== 'off',
    rateLimit: Math.floor(positive('TELEMETRY_RATE_LIMIT', 600)),
    flushMs: positive('TELEMETRY_FLUSH_SECONDS', 5) * 1000,
    checkMs: positive('CANARY_CHECK_SECONDS', 15) * 1000,
  };
}

const REMOTES = new Set(SECTIONS.map((s) => s.name));

export async function telemetryPlugin(
  app: FastifyInstance,
  opts: { ctx: HostContext; canaries: CanaryReader; telemetry: TelemetryConfig },
): Promise<void> {
  const { ctx, canaries, telemetry } = opts;
  const root = ctx.config.root;
  const reg = ctx.metrics.registry;
  const m = {
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
    checks: new client.Counter({
      name: 'host_canary_checks_total',
      help: 'Automatic-rollback checks this host process finished (a stalled count: the check is not running)',
      registers: [reg],
    }),
    rollbacks: new client.Counter({
      name: 'host_canary_auto_rollbacks_total',
      help: 'Canaries this host process ended by itself',
      labelNames: ['remote'],
      registers: [reg],
    }),
  };
  const store = ctx.store;
  const writer = new TelemetryWriter(store);
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

  // Published versions, as the deploy root has them (a version folder never goes away once published).
  const known = new Map<string, { ok: boolean; until: number }>();
  const isPublished = async (remote: string, version: string): Promise<boolean> => {
    if (!REMOTES.has(remote) || !isVersionName(version) || version.includes('..')) return false;
    const key = versionKey(remote, version);
    const hit = known.get(key);
    const now = Date.now();
    if (hit && (hit.ok || hit.until > now)) return hit.ok;
    const dir = remote === 'shell' ? path.join(root, 'shell', version) : path.join(root, 'remotes', remote, version);
    const ok = await fs.stat(dir).then(
      (st) => st.isDirectory(),
      () => false,
    );
    if (known.size > 2000) known.clear();
    known.set(key, { ok, until: now + 60_000 });
    return ok;
  };

  const drop = (reply: FastifyReply, reason: string) => {
    m.dropped.inc({ reason });
    return reply.code(204).header('cache-control', NO_STORE).send();
  };

  // A beacon posts its Blob as JSON; a string would arrive as text/plain: both parse the same.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BODY }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, null);
    }
  });
  // Malformed JSON, a body too large, the wrong type: dropped like any bad batch. The rate limit says 429.
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
      // Views, errors and chunk failures are also counted per reporter, for every version: the canary
      // decision and what `ops status` / `ops report` show by default are capped per reporter-minute.
      const byReporter = new Map<string, { r: string; v: string; counts: ReporterCounts }>();
      const reported = (remote: string, version: string, i: 0 | 1 | 2) => {
        const k = versionKey(remote, version);
        const entry = byReporter.get(k) ?? { r: remote, v: version, counts: [0, 0, 0] };
        entry.counts[i]++;
        byReporter.set(k, entry);
      };
      for (const e of request.body.events) {
        if (!coherent(e)) {
          m.dropped.inc({ reason: 'invalid_event' });
          continue;
        }
        if (!(await isPublished(e.r, e.v))) {
          m.dropped.inc({ reason: 'unknown_version' });
          continue;
        }
        const labels = { remote: e.r, version: e.v };
        const agg = writer.at(now, e.r, e.v);
        switch (e.t) {
          case 'view':
            agg.views++;
            reported(e.r, e.v, 0);
            m.views.inc(labels);
            break;
          case 'error':
            agg.errors++;
            reported(e.r, e.v, 1);
            countFailingRoute(agg, e.route);
            m.errors.inc({ ...labels, kind: e.k ?? '' });
            break;
          case 'load':
            agg.chunkFailures++;
            reported(e.r, e.v, 2);
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

  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      await flush();
      const { canaries: running } = await canaries.read();
      for (const [remote, canary] of Object.entries(running)) {
        const t = canary.autoRollback;
        if (!t) continue;
        const to = minuteOf(Date.now());
        const from = Math.max(minuteOf(Date.parse(canary.startedAt) || 0), to - t.windowMinutes + 1);
        // Capped per reporter-minute and with distinct reporters, across every process's file.
        const why = breach(await readReporterTotals(store, from, to, remote, canary.version), t);
        if (!why) continue;
        const reason = `auto-rollback: ${why} (thresholds: ${describeThresholds(t)})`;
        const ended = await endCanary({ root, repo: root, store }, remote, {
          reason,
          by: `host ${os.hostname()} pid ${process.pid}`,
          expect: { version: canary.version, startedAt: canary.startedAt },
        });
        if (!ended) continue; // another host process ended it first
        m.rollbacks.inc({ remote });
        app.log.warn({ remote, version: canary.version, live: ended.live, reason }, 'canary ended automatically');
        ctx.log(
          `[canary] ${remote} ${canary.version} ended automatically, every shopper is back on ${ended.live ?? 'the live version'}: ${why}`,
        );
      }
      m.checks.inc();
    } catch (err) {
      app.log.error({ err }, 'canary: the automatic check failed');
    } finally {
      checking = false;
    }
  };
  const checkTimer = setInterval(() => void check(), telemetry.checkMs);
  checkTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(flushTimer);
    clearInterval(checkTimer);
    await flush();
  });
}
