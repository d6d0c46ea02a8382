/**
 * The site's origin: the host answers only for STORE_URL's host in production (421 for any other, so a
 * forged Host or X-Forwarded-Host never reaches a page, a link or a cache), whatever X-Forwarded-* a
 * client sends unless it comes through a TRUSTED_PROXIES peer (Fastify's trustProxy decides
 * request.ip, request.host and request.protocol). Every answer carries its request id.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { HostContext } from '../context';
import { NO_STORE } from '../paths';

/** Probes a load balancer sends by address, not by the site's name. */
export const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export const originPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: HostContext }) => {
    const { config } = ctx;
    const siteHost = config.storeUrl ? new URL(config.storeUrl).host.toLowerCase() : null;
    const defaultPort = config.storeUrl?.startsWith('https:') ? ':443' : ':80';
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (!config.production || !siteHost || config.only) return;
      const path = request.url.split('?', 1)[0] ?? '';
      if (PROBE_PATHS.has(path)) return;
      const asked = (request.host || '').toLowerCase();
      if (asked === siteHost || asked === `${siteHost}${defaultPort}`) return;
      reply.code(421).header('content-type', 'text/plain; charset=utf-8').header('cache-control', NO_STORE);
      return reply.send(`This host serves ${siteHost} only\n`);
    });
  },
  { name: 'host-origin' },
);
