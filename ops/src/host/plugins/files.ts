/**
 * Versioned files through @fastify/static: `/shell/<version>/…` and `/remotes/<name>/<version>/…`,
 * immutable for a year (a version never changes), CORS open (a shell on another origin may load them),
 * precompressed `.br`/`.gz` siblings served as they are, ETag / If-None-Match, no directory listing;
 * recently served files from memory (../versionedFiles.ts says which files never go out, and why the
 * memory). And `/favicon.ico`: the live shell's, for a day.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HostContext } from '../context';
import { isVersionName, SHELL_NAME, versionFolder } from '@storefront/contract/seam';
import { assetFile, HotFiles, insideRoot } from '../versionedFiles';
import { CONTENT_TYPES, CORS, HttpError, IMMUTABLE, NO_STORE, rawPath, safeSegments } from '../paths';

/** /favicon.ico: the live shell's, which changes with it. */
const FAVICON_CACHE = 'public, max-age=86400';

/** What @fastify/static would pick: br, then gzip (`*` counts as gzip), honouring q-values. */
function encodingFor(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const picked = negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip']);
  return picked === 'br' || picked === 'gzip' ? picked : null;
}

export const filesPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: HostContext }) => {
    const { root, only, sourceMaps } = ctx.config;
    await app.register(fastifyStatic, {
      root,
      serve: false,
      preCompressed: true,
      index: false,
      dotfiles: 'deny',
      etag: true,
      lastModified: true,
      acceptRanges: true,
    });
    const isInside = insideRoot(root);
    const hot = new HotFiles(root);

    const notFound = (reply: FastifyReply) =>
      reply
        .code(404)
        .headers(CORS)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', NO_STORE)
        .send('Not found\n');

    async function serve(request: FastifyRequest, reply: FastifyReply) {
      let segs: string[];
      try {
        segs = safeSegments(rawPath(request.url));
      } catch (err) {
        throw err instanceof HttpError ? err : new HttpError(400, 'bad path');
      }
      const asset = assetFile(segs, only, sourceMaps);
      if (!asset || !(await isInside(asset.rel))) return notFound(reply);
      request.asset = { section: asset.section.name, version: asset.version };
      reply.headers(CORS);
      // RFC 9239's text/javascript and the rest of our table, whichever file (precompressed or not) goes out.
      request.contentType = CONTENT_TYPES[path.extname(asset.rel).toLowerCase()] ?? 'application/octet-stream';
      if (request.headers.range) return reply.sendFile(asset.rel, root, { cacheControl: false });
      const encoding = encodingFor(request.headers['accept-encoding']);
      const key = `${asset.rel}|${encoding ?? ''}`;
      const kept = hot.get(key);
      if (!kept) {
        void hot.remember(key, asset.rel, encoding).catch(() => undefined);
        return reply.sendFile(asset.rel, root, { cacheControl: false });
      }
      reply.header('etag', kept.etag).header('last-modified', kept.lastModified).header('vary', 'Accept-Encoding');
      const inm = request.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === kept.etag)) return reply.code(304).send();
      if (kept.encoding) reply.header('content-encoding', kept.encoding);
      return reply.send(kept.body);
    }

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.contentType && reply.statusCode < 300) {
        reply.header('content-type', request.contentType);
        reply.header('cache-control', request.routeOptions.config.cacheControl ?? IMMUTABLE);
        // Every answer for this URL depends on Accept-Encoding, the identity one too (shared caches).
        if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding');
      }
      return payload;
    });

    // Helmet's set is for documents (a policy on a script file means nothing); a file gets nosniff, which
    // keeps a browser from running anything but a script served as one.
    const fileRoute = { helmet: false as const };
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.file === true)
        reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
    });
    if (!only) app.get('/shell/*', { ...fileRoute, config: { file: true } }, serve);
    app.get('/remotes/*', { ...fileRoute, config: { file: true } }, serve);

    // Browsers ask for /favicon.ico wherever a document names no icon (a JSON or text answer opened in a
    // tab, an error page; crawlers and bookmarks too): the live shell's own (copied from shell/public by
    // its build). Not versioned, so a day of caching and ETag revalidation, not immutable.
    if (!only)
      app.get('/favicon.ico', { ...fileRoute, config: { file: true, cacheControl: FAVICON_CACHE } }, async (request, reply) => {
        const live = (await ctx.registry.read()).reg.shell?.version;
        const rel = `${versionFolder(SHELL_NAME, live ?? '').slice(1)}favicon.ico`;
        if (!live || !isVersionName(live) || !(await isInside(rel))) return notFound(reply);
        request.contentType = CONTENT_TYPES['.ico'] ?? 'image/x-icon';
        return reply.sendFile(rel, root, { cacheControl: false });
      });
  },
  { name: 'host-files' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A versioned-file route. */
    file?: boolean;
    /** Its Cache-Control, when not a versioned file's (immutable). */
    cacheControl?: string;
  }
  interface FastifyRequest {
    /** The Content-Type of the versioned file being served (set by the files plugin). */
    contentType: string | null;
  }
}
