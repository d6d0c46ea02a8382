/**
 * Pages: the runtime config, the registry, and for any other GET the live shell's page (SPA routes),
 * rendered on the server when the route is public (ops/src/ssr.ts), never cached.
 *
 *   /storefront.config.json   runtime config (storeUrl from STORE_URL, never from request headers)
 *   /remotes.json             the registry, read from disk when it changes
 *   anything else             the live shell's index.html with the boot data (and the server render)
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HostContext } from '../context';
import { VERSION_RE } from '../../sections';
import { injectServerPage } from '../../ssr';
import { BOOT_DATA_ID, CONTENT_TYPES, NO_STORE, isFilePath, queryOf, rawPath, safeSegments } from '../paths';
import { allowInlineScripts } from './security';
import { CORS } from './files';

const NO_SHELL =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Storefront</title>' +
  '<h1>No shell version is live</h1><p>Run <code>pnpm ops deploy-all</code> (or publish and activate the shell).</p></html>\n';

/**
 * Writes the runtime config and the registry into the page as a JSON block (`#storefront-boot`, read
 * by shell/src/startup/config.ts), saving the shell two round trips before it can load the first
 * section. A data block is not script: the Content-Security-Policy is unchanged.
 */
function withBootData(html: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  return `${html.slice(0, at)}<script type="application/json" id="${BOOT_DATA_ID}">${json}</script>${html.slice(at)}`;
}

export async function pagesPlugin(app: FastifyInstance, { ctx }: { ctx: HostContext }): Promise<void> {
  const { config } = ctx;
  // A shell version's page never changes (versions are immutable): read once per version.
  const shellPages = new Map<string, Promise<string | null>>();
  const shellPage = (version: string): Promise<string | null> => {
    let p = shellPages.get(version);
    if (!p) {
      p = fs.readFile(path.join(config.root, 'shell', version, 'index.html'), 'utf8').catch(() => null);
      shellPages.set(version, p);
      void p.then((page) => {
        if (page === null) shellPages.delete(version);
      });
    }
    return p;
  };

  const runtimeConfig = () => ({
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

  app.get('/remotes.json', async (_request, reply) => {
    const { text } = await ctx.registry.read();
    reply.headers(CORS).header('content-type', CONTENT_TYPES['.json']).header('cache-control', NO_STORE);
    return text;
  });

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = rawPath(request.url);
    const segs = safeSegments(pathname);
    reply.header('cache-control', NO_STORE);
    if (isFilePath(segs)) {
      return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
    }
    const { reg } = await ctx.registry.read();
    const version = reg.shell?.version;
    const page = version && VERSION_RE.test(version) ? await shellPage(version) : null;
    if (!page) {
      return reply.code(503).header('content-type', 'text/html; charset=utf-8').header('retry-after', '5').send(NO_SHELL);
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    const boot = { config: runtimeConfig(), registry: reg };
    const rendered = ctx.renderer ? await ctx.renderer.render(reg, `${pathname}${queryOf(request.url)}`, boot.config) : null;
    const html = rendered ? injectServerPage(page, rendered) : null;
    if (rendered && html !== null) {
      if (rendered.loader) allowInlineScripts(reply, [rendered.loader.hash]);
      return reply.code(rendered.status).send(withBootData(html, { ...boot, ssr: rendered.boot }));
    }
    if (rendered) ctx.metrics.ssrFallbacks.inc({ cause: 'no_outlet' });
    return withBootData(page, boot);
  });
}
