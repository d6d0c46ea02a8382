/**
 * `/api/*` to the API processes through @fastify/reply-from on undici, balanced by `LeastBusyPool`
 * (../balancer.ts); bodies are read whole first (the API takes at most 256 KB, the host 1 MB) so a request
 * refused by one process can be sent to another. The API is told who the client is by the host alone
 * (X-Forwarded-For is the address the host determined; Forwarded and hop-by-hop headers dropped;
 * x-request-id carries the host's id). A GET or HEAD with a body is refused (400): the shape of a
 * smuggled request. /sitemap.xml and /sitemap-<n>.xml go to the API's /api/seo/….
 */
import type { IncomingHttpHeaders } from 'node:http';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HostContext } from '../context';
import { NO_STORE, rawPath } from '../paths';
import { LeastBusyPool } from '../balancer';

const BODY_LIMIT = 1024 * 1024;
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
/** Errors that mean the request never reached the process: trying another one is safe. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

function codeOf(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code && (NOT_CONNECTED.has(e.code) || !e.cause)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export async function proxyPlugin(app: FastifyInstance, { ctx }: { ctx: HostContext }): Promise<void> {
  const { upstreams, apiBasePath, storeUrl } = ctx.config;

  const unavailable = (reply: FastifyReply, message: string) =>
    reply
      .code(502)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', NO_STORE)
      .send({ success: false, message });

  if (!upstreams.length) {
    app.all('/api', async (_req, reply) => unavailable(reply, 'The API is not configured on this host (start it with --api <url>).'));
    app.all('/api/*', async (_req, reply) => unavailable(reply, 'The API is not configured on this host (start it with --api <url>).'));
    app.get('/sitemap.xml', async (_req, reply) => unavailable(reply, 'The API is not configured on this host.'));
    return;
  }

  const connections = { connections: 128, pipelining: 1, headersTimeout: 60_000, bodyTimeout: 60_000 };
  const balancer = upstreams.length > 1 ? new LeastBusyPool(upstreams, connections) : null;
  // The balancer's connections end with the host (reply-from leaves a dispatcher it was given open).
  if (balancer) app.addHook('onClose', () => balancer.close());
  await app.register(replyFrom, {
    // With several processes reply-from is handed the balancer; `base` (the first) only builds the URL.
    base: upstreams[0],
    undici: balancer ?? connections,
    disableRequestLogging: true,
  });
  // Bodies go to the API as they came, unparsed, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    const h = request.headers;
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0'))
    ) {
      reply.code(400).header('content-type', 'text/plain; charset=utf-8').header('connection', 'close');
      return reply.send('A GET or HEAD request carries no body\n');
    }
  });

  const siteHost = storeUrl ? new URL(storeUrl).host : null;
  const rewriteRequestHeaders = (
    request: Pick<FastifyRequest, 'ip' | 'protocol' | 'host' | 'id'>,
    headers: IncomingHttpHeaders,
  ): IncomingHttpHeaders => {
    const out: IncomingHttpHeaders = { ...headers };
    for (const h of HOP_BY_HOP) delete out[h];
    delete out.forwarded;
    delete out['x-real-ip'];
    out['x-forwarded-for'] = request.ip;
    out['x-forwarded-proto'] = request.protocol;
    out['x-forwarded-host'] = siteHost ?? request.host;
    out['x-request-id'] = request.id;
    return out;
  };

  const forward = (request: FastifyRequest, reply: FastifyReply, source: string) => {
    const body = Buffer.isBuffer(request.body) && request.body.length ? request.body : null;
    return reply.from(source, {
      // The bytes as they came, with their type (reply-from would re-encode a JSON body otherwise).
      ...(body ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      rewriteRequestHeaders,
      // Another process for a connection refused, while there is one left to try.
      retryDelay: ({ err, attempt }) => (err && attempt < upstreams.length && NOT_CONNECTED.has(codeOf(err) ?? '') ? 1 : null),
      onError: (_rep, { error }) => {
        const code = codeOf(error) ?? (error as { code?: string }).code ?? error.message;
        request.log.warn({ err: error }, 'API request failed');
        void unavailable(reply, `The API is unavailable (${code}). Please try again shortly.`);
      },
    });
  };

  const api = (request: FastifyRequest, reply: FastifyReply) => forward(request, reply, `${apiBasePath}${rawPath(request.url)}`);
  app.all('/api', api);
  app.all('/api/*', api);
  app.get('/sitemap.xml', (request, reply) => forward(request, reply, `${apiBasePath}/api/seo/sitemap.xml`));
  app.get<{ Params: { n: string } }>('/sitemap-:n(^\\d{1,6}).xml', (request, reply) =>
    forward(request, reply, `${apiBasePath}/api/seo/sitemap-${request.params.n}.xml`),
  );
}
