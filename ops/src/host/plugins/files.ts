/**
 * Versioned files through @fastify/static: `/shell/<version>/…` and `/remotes/<name>/<version>/…`,
 * immutable for a year (a version never changes), CORS open (a shell on another origin may load them),
 * precompressed `.br`/`.gz` siblings served as they are, ETag / If-None-Match, no directory listing.
 *
 * Never served: anything outside the version folder or reached through a symlink out of the deploy
 * root, dot files, server builds (`server/`, they run in the host), build metadata (build.json,
 * mf-stats.json, ssr-assets.json) and — unless the operator asks (--source-maps) — source maps.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HostContext } from '../context';
import { findSection, VERSION_RE, type Section } from '../../sections';
import { CONTENT_TYPES, HttpError, IMMUTABLE, NO_STORE, rawPath, safeSegments } from '../paths';

export const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, Accept-Encoding',
  'access-control-max-age': '86400',
  'cross-origin-resource-policy': 'cross-origin',
};

/** Build output that is for the host and the operators, not for browsers. */
const METADATA = new Set(['build.json', 'mf-stats.json', 'ssr-assets.json']);

interface AssetFile {
  section: Section;
  version: string;
  /** Path below the deploy root, with `/` separators. */
  rel: string;
}

/** `/shell/<v>/…` or `/remotes/<name>/<v>/…` → a file below that version folder, or null. */
function assetFile(segs: string[], only: Section | null, sourceMaps: boolean): AssetFile | null {
  let section: Section | undefined;
  let rest: string[];
  if (segs[0] === 'shell' && !only) {
    section = findSection('shell');
    rest = segs.slice(1);
  } else if (segs[0] === 'remotes' && segs[1]) {
    section = findSection(segs[1]);
    if (!section || section.kind !== 'remote' || section.name !== segs[1]) return null;
    if (only && only.name !== section.name) return null;
    rest = segs.slice(2);
  } else {
    return null;
  }
  const [version, ...file] = rest;
  if (!section || !version || !file.length || !VERSION_RE.test(version)) return null;
  if (file.some((f) => f.startsWith('.'))) return null;
  if (file[0] === 'server') return null;
  const name = file[file.length - 1] ?? '';
  if (file.length === 1 && METADATA.has(name)) return null;
  if (!sourceMaps && name.endsWith('.map')) return null;
  const folder = section.kind === 'shell' ? ['shell', version] : ['remotes', section.name, version];
  return { section, version, rel: [...folder, ...file].join('/') };
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
    let realRoot: string | null = null;

    const notFound = (reply: FastifyReply) =>
      reply.code(404).headers(CORS).header('content-type', 'text/plain; charset=utf-8').header('cache-control', NO_STORE).send('Not found\n');

    async function serve(request: FastifyRequest, reply: FastifyReply) {
      let segs: string[];
      try {
        segs = safeSegments(rawPath(request.url));
      } catch (err) {
        throw err instanceof HttpError ? err : new HttpError(400, 'bad path');
      }
      const asset = assetFile(segs, only, sourceMaps);
      if (!asset) return notFound(reply);
      // The real path must stay inside the deploy root (no symlink out of it); a miss is a 404.
      realRoot ??= await fs.realpath(root);
      const real = await fs.realpath(path.join(root, asset.rel)).catch(() => null);
      if (!real || !real.startsWith(realRoot + path.sep)) return notFound(reply);
      request.asset = { section: asset.section.name, version: asset.version };
      reply.headers(CORS);
      // RFC 9239's text/javascript and the rest of our table, whichever file (precompressed or not) goes out.
      const type = CONTENT_TYPES[path.extname(asset.rel).toLowerCase()];
      if (type) request.contentType = type;
      return reply.sendFile(asset.rel, root, { cacheControl: false });
    }

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.contentType && reply.statusCode < 300) {
        reply.header('content-type', request.contentType);
        reply.header('cache-control', IMMUTABLE);
        // Every answer for this URL depends on Accept-Encoding, the identity one too (shared caches).
        if (!reply.hasHeader('vary')) reply.header('vary', 'Accept-Encoding');
      }
      return payload;
    });

    if (!only) app.get('/shell/*', serve);
    app.get('/remotes/*', serve);
  },
  { name: 'host-files' },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The Content-Type of the versioned file being served (set by the files plugin). */
    contentType: string | null;
  }
}
