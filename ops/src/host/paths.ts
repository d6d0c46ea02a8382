/** Request paths and the file names the host knows: what routing relies on before any file is touched. */
import path from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** Extensions that mark a path as a file request: missing → 404, never the SPA page. */
const ASSET_EXT = new Set([...Object.keys(CONTENT_TYPES), '.php', '.env', '.yaml', '.yml', '.gz', '.br', '.zip']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';
/** A page showing the shopper's own data once their session applies (issue 19): no cache keeps it, shared or not. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Versioned files, the registry and what `--only` serves: open to a shell on another origin. */
export const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, Accept-Encoding',
  'access-control-max-age': '86400',
  'cross-origin-resource-policy': 'cross-origin',
};
/** The id of the start-up data block in the shell's page: the contract's (shell/src/startup/config.ts reads it). */
export { BOOT_DATA_ID } from '@storefront/contract/deploy';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Splits a request path into safe segments or throws 400: no `..`/`.`, no encoded slash or
 * backslash, no NUL, no empty segment (`//`), nothing that decodes badly.
 */
export function safeSegments(pathname: string): string[] {
  if (!pathname.startsWith('/')) throw new HttpError(400, 'bad path');
  const raw = pathname.slice(1).split('/');
  // A trailing slash leaves one empty segment: allowed (it never names a file).
  const segs = raw.length > 1 && raw[raw.length - 1] === '' ? raw.slice(0, -1) : raw;
  if (segs.length === 1 && segs[0] === '') return [];
  return segs.map((seg) => {
    if (seg === '' || /%2f|%5c|%00/i.test(seg)) throw new HttpError(400, 'bad path');
    let decoded: string;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      throw new HttpError(400, 'bad path');
    }
    if (decoded === '.' || decoded === '..' || /[\\/\0]/.test(decoded) || path.isAbsolute(decoded)) {
      throw new HttpError(400, 'bad path');
    }
    return decoded;
  });
}

/** The path of a request target, without query or fragment; an absolute-form target loses its origin. */
export function rawPath(url: string): string {
  let u = url;
  const abs = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(u);
  if (abs) u = u.slice(abs[0].length) || '/';
  const cut = u.search(/[?#]/);
  return cut < 0 ? u : u.slice(0, cut);
}

/** The query string of a request target (with its `?`), or ''. */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const hash = url.indexOf('#', q);
  return hash < 0 ? url.slice(q) : url.slice(q, hash);
}

/** Paths that name a file (or a files area): a miss is 404, never the shell's page. */
export function isFilePath(segs: string[]): boolean {
  if (segs[0] === 'shell' || segs[0] === 'remotes' || segs[0] === 'api') return true;
  const last = segs[segs.length - 1] ?? '';
  return ASSET_EXT.has(path.extname(last).toLowerCase());
}
