// The builds' source maps of the files the site serves (dist/<version>/<file>.map, never served): what
// tells the bench's tools which module a script's bytes and time came from.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/results.mjs';

/** A federation name (the URL's) → its package folder. */
const SECTION_DIRS = { shell: 'shell', catalog: 'catalog', cart_checkout: 'cart-checkout', account: 'account' };

/**
 * The source map a served script or stylesheet was built with, or null: /shell/<version>/<file> and
 * /remotes/<name>/<version>/<file> are the host's paths.
 * @param {string | undefined} url
 */
export function sourceMapFileOf(url) {
  const m = /\/(shell|remotes\/([a-z_]+))\/([^/]+)\/([^/?]+\.(?:js|css))(?:\?|$)/.exec(url ?? '');
  if (!m) return null;
  const dir = SECTION_DIRS[m[2] ?? 'shell'];
  return dir ? path.join(ROOT, dir, 'dist', m[3], `${m[4]}.map`) : null;
}

/** The build's source map of a served file, parsed, or null when there is none. */
export function builtMap(url) {
  const file = sourceMapFileOf(url);
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
