/**
 * Versioned files through @fastify/static: `/shell/<version>/…` and `/remotes/<name>/<version>/…`,
 * immutable for a year (a version never changes), CORS open (a shell on another origin may load them),
 * precompressed `.br`/`.gz` siblings served as they are, ETag / If-None-Match, no directory listing.
 * And `/favicon.ico`: the live shell's, for a day.
 *
 * The bytes of recently served files are also kept in memory (up to 64 MB, files up to 1 MB), keyed by
 * path and the encoding sent: a published version never changes, and answering from memory instead of
 * four file-system round trips per request (stat, open, read, close) is what keeps this host as fast as
 * the hand-written one it replaced (ops/bench/host.mjs). Misses and range requests go to @fastify/static.
 *
 * Never served: anything outside the version folder or reached through a symlink out of the deploy
 * root, dot files, server builds (`server/`, they run in the host), build metadata (build.json,
 * mf-stats.json, ssr-assets.json) and — unless the operator asks (--source-maps) — source maps.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HostContext } from '../context';
import { findSection, type Section } from '../../state';
import { isVersionName } from '@storefront/contract/seam';
import { CONTENT_TYPES, CORS, HttpError, IMMUTABLE, NO_STORE, rawPath, safeSegments } from '../paths';

/** /favicon.ico: the live shell's, which changes with it. */
const FAVICON_CACHE = 'public, max-age=86400';

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
  if (!section || !version || !file.length || !isVersionName(version)) return null;
  if (file.some((f) => f.startsWith('.'))) return null;
  if (file[0] === 'server') return null;
  const name = file[file.length - 1] ?? '';
  if (file.length === 1 && METADATA.has(name)) return null;
  if (!sourceMaps && name.endsWith('.map')) return null;
  const folder = section.kind === 'shell' ? ['shell', version] : ['remotes', section.name, version];
  return { section, version, rel: [...folder, ...file].join('/') };
}

interface HotFile {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
  etag: string;
  lastModified: string;
}

const HOT_LIMIT = 64 * 1024 * 1024;
const HOT_MAX_FILE = 1024 * 1024;
const EXT_OF = { br: '.br', gzip: '.gz' } as const;

/** Bounded memory of versioned files (least recently used out first). */
class HotFiles {
  private readonly map = new Map<string, HotFile>();
  private bytes = 0;
  get(key: string): HotFile | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: HotFile): void {
    if (this.map.has(key)) return;
    this.map.set(key, value);
    this.bytes += value.body.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= HOT_LIMIT) break;
      this.map.delete(k);
      this.bytes -= v.body.length;
    }
  }
}

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
    let realRoot: string | null = null;
    /** Paths checked to stay inside the deploy root (a published version's files never move). */
    const inside = new Set<string>();
    const hot = new HotFiles();

    /** Keeps what a miss just served, for the next request. */
    async function remember(key: string, rel: string, encoding: 'br' | 'gzip' | null): Promise<void> {
      let file = path.join(root, rel + (encoding ? EXT_OF[encoding] : ''));
      let st = await fs.stat(file).catch(() => null);
      if (!st && encoding) {
        // No precompressed sibling: keep the file itself (compressed on the way out).
        file = path.join(root, rel);
        st = await fs.stat(file).catch(() => null);
        encoding = null;
      }
      if (!st?.isFile() || st.size > HOT_MAX_FILE) return;
      const body = await fs.readFile(file);
      hot.set(key, {
        body,
        encoding,
        // The form @fastify/send gives (size and mtime), so a revalidation matches either way.
        etag: `W/"${st.size.toString(16)}-${st.mtime.getTime().toString(16)}"`,
        lastModified: st.mtime.toUTCString(),
      });
    }

    const notFound = (reply: FastifyReply) =>
      reply
        .code(404)
        .headers(CORS)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', NO_STORE)
        .send('Not found\n');

    /** The real path stays inside the deploy root (no symlink out of it); false for a missing file too. */
    async function isInside(rel: string): Promise<boolean> {
      if (inside.has(rel)) return true;
      realRoot ??= await fs.realpath(root);
      const real = await fs.realpath(path.join(root, rel)).catch(() => null);
      if (!real || !real.startsWith(realRoot + path.sep)) return false;
      inside.add(rel);
      return true;
    }

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
        void remember(key, asset.rel, encoding).catch(() => undefined);
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
        const rel = `shell/${live}/favicon.ico`;
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
