/**
 * The site's origin: the host answers only for STORE_URL's host in production (421 for any other, so a
 * forged Host or X-Forwarded-Host never reaches a page, a link or a cache), whatever X-Forwarded-* a
 * client sends unless it comes through a TRUSTED_PROXIES peer (Fastify's trustProxy decides
 * request.ip, request.host and request.protocol). Every answer carries its request id. /healthz is public;
 * /readyz and /metrics are for operators only (OPS_TOKEN).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { HostContext } from '../context';
import { NO_STORE } from '../paths';

/** Probes a load balancer sends by address, not by the site's name. */
export const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/**
 * Of those, the ones that tell more than "alive" (volumes per route, versions, memory, the API origins):
 * only for the OPS_TOKEN bearer; without a token, open in development and absent (404) in production.
 */
const OPERATIONS_PATHS = new Set(['/readyz', '/metrics']);

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const originPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: HostContext }) => {
    const { config } = ctx;
    const siteHost = config.storeUrl ? new URL(config.storeUrl).host.toLowerCase() : null;
    const defaultPort = config.storeUrl?.startsWith('https:') ? ':443' : ':80';
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      const path = request.url.split('?', 1)[0] ?? '';
      if (OPERATIONS_PATHS.has(path) && (config.opsToken !== null || config.production)) {
        const header = request.headers.authorization;
        const given = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
        if (config.opsToken === null || given === undefined || !sameSecret(given, config.opsToken)) {
          const status = config.opsToken === null ? 404 : 401;
          if (status === 401) reply.header('www-authenticate', 'Bearer');
          return reply
            .code(status)
            .header('content-type', 'text/plain; charset=utf-8')
            .header('cache-control', NO_STORE)
            .send(status === 404 ? 'Not found\n' : 'OPS_TOKEN required\n');
        }
      }
      if (!config.production || !siteHost || config.only) return;
      if (PROBE_PATHS.has(path)) return;
      const asked = (request.host || '').toLowerCase();
      if (asked === siteHost || asked === `${siteHost}${defaultPort}`) return;
      reply.code(421).header('content-type', 'text/plain; charset=utf-8').header('cache-control', NO_STORE);
      return reply.send(`This host serves ${siteHost} only\n`);
    });
  },
  { name: 'host-origin' },
);
