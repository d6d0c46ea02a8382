/**
 * Canary assignment (issue 17). A shopper is an anonymous random id in the `sf_shopper` cookie, set by
 * the host on the first page or registry request while a canary runs; the registry every later
 * request reads (`ctx.registry.read(request.shopperId)`: the CSP, /remotes.json, the page's boot data
 * and its server render) is that shopper's, so the same shopper gets the same version everywhere and
 * keeps it. Answers that depend on it say `Vary: Cookie` (and are `no-store` already).
 *
 * The id identifies nobody: it is random, never logged, never sent to the API, and not in telemetry.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HostContext } from '../context';
import type { CanaryReader } from '../../canary/reader';

export const SHOPPER_COOKIE = 'sf_shopper';
const ID_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** Long enough to span a visit and the shopper's next ones while a canary runs. */
const MAX_AGE_S = 30 * 24 * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    /** The anonymous shopper id (cookie), or null. */
    shopperId: string | null;
  }
}

/** Requests whose answer depends on the shopper's registry: pages and /remotes.json (not files, /api, probes). */
function isDocumentRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const p = request.url;
  return !/^\/(?:shell|remotes|api|telemetry|metrics|healthz|readyz)(?:[/?]|$)/.test(p);
}

export const canaryPlugin = fp(
  async (app: FastifyInstance, { ctx, canaries }: { ctx: HostContext; canaries: CanaryReader }) => {
    app.decorateRequest('shopperId', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!isDocumentRequest(request)) return;
      const given = request.cookies[SHOPPER_COOKIE];
      if (given && ID_RE.test(given)) {
        request.shopperId = given;
        return;
      }
      // No cookie is set while no canary runs: a shopper is only ever told apart when it matters.
      if (!Object.keys((await canaries.read()).canaries).length) return;
      const id = randomBytes(16).toString('base64url');
      request.shopperId = id;
      reply.setCookie(SHOPPER_COOKIE, id, {
        path: '/',
        maxAge: MAX_AGE_S,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https' || (ctx.config.storeUrl?.startsWith('https:') ?? false),
      });
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isDocumentRequest(request)) return payload;
      const vary = reply.getHeader('vary');
      const list = (Array.isArray(vary) ? vary.join(', ') : String(vary ?? ''))
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!list.some((v) => v.toLowerCase() === 'cookie' || v === '*')) reply.header('vary', [...list, 'Cookie'].join(', '));
      return payload;
    });
  },
  { name: 'host-canary' },
);
