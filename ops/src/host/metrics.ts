/** The host's Prometheus registry and the metrics several plugins count into (served by plugins/metrics.ts). */
import client from 'prom-client';

export interface HostMetrics {
  registry: client.Registry;
  requests: client.Counter<'method' | 'route' | 'status'>;
  duration: client.Histogram<'method' | 'route' | 'status'>;
  ssrRender: client.Histogram<'outcome'>;
  ssrFallbacks: client.Counter<'cause'>;
  ssrCacheHits: client.Counter;
  bytesServed: client.Counter<'section' | 'version'>;
}

export function createHostMetrics(): HostMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new client.Counter({
      name: 'host_http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'host_http_request_duration_seconds',
      help: 'Time to answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    ssrRender: new client.Histogram({
      name: 'host_ssr_render_duration_seconds',
      help: 'Server render time, by outcome (rendered, fallback)',
      labelNames: ['outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5],
      registers: [registry],
    }),
    ssrFallbacks: new client.Counter({
      name: 'host_ssr_fallbacks_total',
      help: 'Pages served to be rendered in the browser instead, by cause (not_server_rendered, no_server_build, error, timeout, busy, no_outlet)',
      labelNames: ['cause'],
      registers: [registry],
    }),
    ssrCacheHits: new client.Counter({
      name: 'host_ssr_cache_hits_total',
      help: 'Pages answered from the render cache (SSR_CACHE_SECONDS)',
      registers: [registry],
    }),
    bytesServed: new client.Counter({
      name: 'host_bytes_served_total',
      help: 'Bytes written for versioned files, by section and version',
      labelNames: ['section', 'version'],
      registers: [registry],
    }),
  };
}
