/**
 * What the host answers when nothing else does: 405 for a method it does not take (before a body is
 * read), the error handler (on /api in the API's shape, elsewhere plain text), and 404 / CORS preflight.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { HostContext } from '../context';
import { CORS, HttpError, NO_STORE } from '../paths';

const TEXT = 'text/plain; charset=utf-8';

/** What the host refuses on /api (a body too large, a type it cannot read) reads as the API's answers do. */
function apiMessage(status: number): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type';
  return status < 500 ? 'Invalid request' : 'Something went wrong';
}

export const errorsPlugin = fp(
  async (app: FastifyInstance, { ctx, telemetry }: { ctx: HostContext; telemetry: boolean }) => {
    const { only } = ctx.config;
    // Anything but GET/HEAD/OPTIONS outside /api (and POST /telemetry): 405 before a body is read.
    app.addHook('onRequest', async (request, reply) => {
      const m = request.method;
      if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return;
      const p = request.url.split('?', 1)[0] ?? '';
      if (!only && (p === '/api' || p.startsWith('/api/'))) return;
      if (!only && telemetry && p === '/telemetry' && m === 'POST') return;
      reply
        .code(405)
        .header('allow', 'GET, HEAD, OPTIONS')
        .header('content-type', TEXT)
        .header('cache-control', NO_STORE)
        .header('connection', 'close');
      return reply.send('Method not allowed\n');
    });

    app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
      const status = err instanceof HttpError ? err.status : (err.statusCode ?? 500);
      if (status >= 500) request.log.error({ err }, 'error');
      if (/^\/api(?:[/?]|$)/.test(request.url)) {
        return reply
          .code(status)
          .header('cache-control', NO_STORE)
          .send({ success: false, message: apiMessage(status) });
      }
      reply.code(status).header('content-type', TEXT).header('cache-control', NO_STORE);
      return reply.send(status === 400 ? 'Bad request\n' : status < 500 ? `${err.message}\n` : 'Internal error\n');
    });

    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'OPTIONS') return reply.code(204).headers(CORS).header('cache-control', NO_STORE).send();
      return reply
        .code(404)
        .header('content-type', TEXT)
        .header('cache-control', NO_STORE)
        .headers(only ? CORS : {})
        .send('Not found\n');
    });
  },
  { name: 'host-errors' },
);
