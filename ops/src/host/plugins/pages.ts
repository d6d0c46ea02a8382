/**
 * Pages: the runtime config, the registry, and for any other GET the live shell's page (SPA routes),
 * rendered on the server when the route is public (ops/src/host/render/), never cached.
 *
 *   /storefront.config.json   runtime config (storeUrl from STORE_URL, never from request headers)
 *   /remotes.json             the registry, read from disk when it changes
 *   anything else             the live shell's index.html with the boot data (and the server render)
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '@storefront/contract/deploy';
import { isPrivatePath } from '@storefront/contract/routes';
import { SESSION_COOKIE } from '@storefront/contract/session-cookie';
import type { HostContext } from '../context';
import { isVersionName, type BootPayload } from '@storefront/contract/seam';
import { FinishedPage, shellPages, withBootData } from '../shellPage';
import { injectServerPage, type ServerPage } from '../render';
import type { RegistrySnapshot } from '../../state';
import { CONTENT_TYPES, CORS, NO_STORE, PRIVATE_NO_STORE, isFilePath, queryOf, rawPath, safeSegments } from '../paths';
import { allowInlineScripts } from '../csp';

const NO_SHELL =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Storefront</title>' +
  '<h1>No shell version is live</h1><p>Run <code>pnpm ops deploy-all</code> (or publish and activate the shell).</p></html>\n';

/**
 * A page showing the shopper's own data once their session applies: no cache keeps it, shared or not,
 * and no search engine indexes it (the header covers pages rendered in the browser too, which carry no
 * `<meta name="robots">`).
 */
function markPrivate(reply: FastifyReply): void {
  reply.header('cache-control', PRIVATE_NO_STORE).header('x-robots-tag', 'noindex');
}

export async function pagesPlugin(app: FastifyInstance, { ctx }: { ctx: HostContext }): Promise<void> {
  const { config } = ctx;
  const shellPage = shellPages(config.root);

  const runtimeConfig = (): RuntimeConfig => ({
    apiBaseUrl: '/api',
    apiKey: config.apiKey,
    storeToken: config.storeToken,
    registryUrl: '/remotes.json',
    storeUrl: ctx.siteUrl(),
    environment: config.production ? 'production' : 'development',
  });

  app.get('/storefront.config.json', async (_request, reply) => {
    reply.header('content-type', CONTENT_TYPES['.json']).header('cache-control', NO_STORE);
    return `${JSON.stringify(runtimeConfig())}\n`;
  });

  app.get('/remotes.json', async (request, reply) => {
    const { text } = request.registry ?? (await ctx.registry.read(request.shopperId));
    reply.headers(CORS).header('content-type', CONTENT_TYPES['.json']).header('cache-control', NO_STORE);
    return text;
  });

  const rendered = new WeakMap<ServerPage, FinishedPage>();
  const plain = new WeakMap<RegistrySnapshot, FinishedPage>();

  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: FinishedPage) {
    reply.header('vary', 'Accept-Encoding');
    const header = request.headers['accept-encoding'];
    const encoding = page.html.length >= 512 && header ? negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']) : null;
    if (encoding !== 'br' && encoding !== 'gzip') return reply.send(page.html);
    const body = await page.encoded(encoding);
    return reply.header('content-encoding', encoding).send(body);
  }

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = rawPath(request.url);
    const segs = safeSegments(pathname);
    reply.header('cache-control', NO_STORE);
    if (isFilePath(segs)) {
      return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
    }
    const snap = request.registry ?? (await ctx.registry.read(request.shopperId));
    const { reg } = snap;
    const version = reg.shell?.version;
    const page = version && isVersionName(version) ? await shellPage(version) : null;
    if (!page) {
      return reply.code(503).header('content-type', 'text/html; charset=utf-8').header('retry-after', '5').send(NO_SHELL);
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    // The shopper's own pages (the route table's private ones), whether rendered here or in the browser.
    if (isPrivatePath(pathname)) markPrivate(reply);
    const boot: BootPayload = { config: runtimeConfig(), registry: reg };
    // The shopper's session cookie (issue 33): the renderer uses it for their own pages only.
    const session = request.cookies[SESSION_COOKIE] ?? null;
    const server = ctx.renderer ? await ctx.renderer.render(reg, `${pathname}${queryOf(request.url)}`, boot.config, session) : null;
    if (server) {
      let done = rendered.get(server);
      if (!done) {
        const html = injectServerPage(page, server);
        if (html !== null) {
          done = new FinishedPage(withBootData(html, { ...boot, ssr: server.boot }));
          rendered.set(server, done);
        }
      }
      if (done) {
        if (server.loader) allowInlineScripts(reply, [server.loader.hash]);
        if (server.personal) markPrivate(reply);
        return sendPage(request, reply.code(server.status), done);
      }
      ctx.metrics.ssrFallbacks.inc({ cause: 'no_outlet' });
    }
    let done = plain.get(snap);
    if (!done) {
      done = new FinishedPage(withBootData(page, boot));
      plain.set(snap, done);
    }
    return sendPage(request, reply, done);
  });
}
