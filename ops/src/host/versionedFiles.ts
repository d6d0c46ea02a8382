/**
 * The versioned files a host serves. Never served: anything outside the version folder or reached through
 * a symlink out of the deploy root, dot files, server builds (they run in the host), build metadata and —
 * unless the operator asks (--source-maps) — source maps. Recently served files are kept in memory (64 MB,
 * files up to 1 MB): a published version never changes, and answering from memory instead of four
 * file-system round trips per request is what keeps the host fast (the host benchmark). Misses and range
 * requests go to @fastify/static.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BUILD_FILES, isVersionName, versionFolder } from '@storefront/contract/seam';
import { findSection, type Section } from '../state';

/** Build output that is for the host and the operators, not for browsers. */
const METADATA = new Set<string>([BUILD_FILES.buildInfo, BUILD_FILES.stats, BUILD_FILES.ssrAssets]);

export interface AssetFile {
  section: Section;
  version: string;
  /** Path below the deploy root, with `/` separators. */
  rel: string;
}

/** `/shell/<v>/…` or `/remotes/<name>/<v>/…` → a file below that version folder, or null. */
export function assetFile(segs: string[], only: Section | null, sourceMaps: boolean): AssetFile | null {
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
  if (file[0] === BUILD_FILES.serverDir) return null;
  const name = file[file.length - 1] ?? '';
  if (file.length === 1 && METADATA.has(name)) return null;
  if (!sourceMaps && name.endsWith('.map')) return null;
  return { section, version, rel: `${versionFolder(section.name, version).slice(1)}${file.join('/')}` };
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
export class HotFiles {
  constructor(private readonly root: string) {}
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

  /** Keeps what a miss just served, for the next request. */
  async remember(key: string, rel: string, encoding: 'br' | 'gzip' | null): Promise<void> {
    let file = path.join(this.root, rel + (encoding ? EXT_OF[encoding] : ''));
    let st = await fs.stat(file).catch(() => null);
    if (!st && encoding) {
      // No precompressed sibling: keep the file itself (compressed on the way out).
      file = path.join(this.root, rel);
      st = await fs.stat(file).catch(() => null);
      encoding = null;
    }
    if (!st?.isFile() || st.size > HOT_MAX_FILE) return;
    const body = await fs.readFile(file);
    this.set(key, {
      body,
      encoding,
      // The form @fastify/send gives (size and mtime), so a revalidation matches either way.
      etag: `W/"${st.size.toString(16)}-${st.mtime.getTime().toString(16)}"`,
      lastModified: st.mtime.toUTCString(),
    });
  }
}

/** Whether a path's real location stays inside the deploy root (no symlink out of it); false for a missing file too. */
export function insideRoot(root: string): (rel: string) => Promise<boolean> {
  let realRoot: string | null = null;
  /** Paths checked already (a published version's files never move). */
  const inside = new Set<string>();
  return async (rel) => {
    if (inside.has(rel)) return true;
    realRoot ??= await fs.realpath(root);
    const real = await fs.realpath(path.join(root, rel)).catch(() => null);
    if (!real || !real.startsWith(realRoot + path.sep)) return false;
    inside.add(rel);
    return true;
  };
}
