/**
 * Prometheus metrics at GET /metrics (prom-client, a registry per host): requests by route and status,
 * latency, server-render time, fallbacks by cause, render-cache hits, bytes served per remote version,
 * and the process's own (CPU, memory, event loop, GC).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { HostMetrics } from '../metrics';

export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics }: { metrics: HostMetrics }) => {
    // Labels stay few: the route pattern (`/remotes/*`, `/*`), never the raw URL.
    app.addHook('onRequest', async (request) => {
      (request.raw as { bytesAtStart?: number }).bytesAtStart = request.raw.socket?.bytesWritten ?? 0;
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, reply.elapsedTime / 1000);
      if (request.asset) {
        const start = (request.raw as { bytesAtStart?: number }).bytesAtStart ?? 0;
        const written = (request.raw.socket?.bytesWritten ?? start) - start;
        if (written > 0) metrics.bytesServed.inc(request.asset, written);
      }
    });
    app.get('/metrics', async (_request, reply) => {
      reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
      return metrics.registry.metrics();
    });
  },
  { name: 'host-metrics' },
);
