/** The shell's page as the host sends it: read once per version, with the boot data written in, compressed once. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BOOT_DATA_ID } from '@storefront/contract/deploy';
import { BUILD_FILES, SHELL_NAME, type BootPayload } from '@storefront/contract/seam';
import { versionPath } from '../state';

/** The live shell's index.html per version, read once (versions are immutable; a missing page is asked again). */
export function shellPages(root: string): (version: string) => Promise<string | null> {
  const pages = new Map<string, Promise<string | null>>();
  return (version) => {
    let p = pages.get(version);
    if (!p) {
      p = fs.readFile(path.join(versionPath(root, SHELL_NAME, version), BUILD_FILES.page), 'utf8').catch(() => null);
      pages.set(version, p);
      void p.then((page) => {
        if (page === null) pages.delete(version);
      });
    }
    return p;
  };
}

/**
 * Writes the runtime config and the registry into the page as a JSON block (`#storefront-boot`, read
 * by shell/src/startup/config.ts), saving the shell two round trips before it can load the first
 * section. A data block is not script: the Content-Security-Policy is unchanged.
 */
export function withBootData(html: string, data: BootPayload): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  return `${html.slice(0, at)}<script type="application/json" id="${BOOT_DATA_ID}">${json}</script>${html.slice(at)}`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A finished page and its compressed forms, made once per render (or per registry change for a page
 * rendered in the browser) and shared by every request the render cache answers: compressing 50 KB of
 * HTML again for each of them was most of a cached page's cost. One-shot async zlib (the thread pool),
 * fast settings; @fastify/compress leaves an answer that is already encoded alone.
 */
export class FinishedPage {
  private readonly packed = new Map<string, Promise<Buffer>>();
  constructor(readonly html: string) {}
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let p = this.packed.get(encoding);
    if (!p) {
      const raw = Buffer.from(this.html);
      p =
        encoding === 'br'
          ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : gzip(raw, { level: 6 });
      this.packed.set(encoding, p);
    }
    return p;
  }
}
