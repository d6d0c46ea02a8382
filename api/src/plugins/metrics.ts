/**
 * Operations endpoints of an API process (issue 15), outside /api so the edge host never exposes them:
 *   GET /metrics   Prometheus text (prom-client, a registry per app): requests by route and status,
 *                  latency, and the process's own (CPU, memory, event loop, GC)
 *   GET /healthz   the process is alive
 *   GET /readyz    the process can serve: its database answers (503 `{ ready: false }` while it does not);
 *                  the host's readiness check asks every API process
 * and an `x-request-id` on every answer.
 * Keep the API port on a private network: these need no API key.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { sql } from 'kysely';

/** A database that has not answered `select 1` by then counts as away. */
const READY_TIMEOUT_MS = 2000;

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new client.Counter({
      name: 'api_http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    });
    const duration = new client.Histogram({
      name: 'api_http_request_duration_seconds',
      help: 'Time to answer, by method, route pattern and status',
      labelNames,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    // Every answer names its request id (the edge host's, when it sent one): support can find both log lines.
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
    app.get('/healthz', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([sql`select 1`.execute(app.db), timeout]);
        return { ready: true };
      } catch {
        return reply.status(503).header('retry-after', '2').send({ ready: false });
      } finally {
        clearTimeout(timer);
      }
    });
  },
  { name: 'api-metrics' },
);
