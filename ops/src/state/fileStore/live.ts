/**
 * The host's view of the files store: remotes.json and canary.json, each re-read only when its size or
 * mtime changes, one read shared by the requests that arrive meanwhile.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { parseRegistry } from '@storefront/contract/seam';
import { readCanaryFile } from '../canaryFile';
import { CANARY_FILE, REGISTRY_FILE } from '../layout';
import type { CanaryFile, LiveState } from '../types';

export function fileLiveView(root: string): () => Promise<LiveState> {
  let regCache: { mtimeMs: number; size: number; registry: RemoteRegistry; readable: boolean } | null = null;
  let canCache: { mtimeMs: number; size: number; file: CanaryFile } | null = null;
  let liveCache: LiveState | null = null;
  let reading: Promise<LiveState> | null = null;
  const noCanaries: CanaryFile = { schema: 1, canaries: {} };

  async function liveRegistry(): Promise<{ registry: RemoteRegistry; readable: boolean }> {
    const file = path.join(root, REGISTRY_FILE);
    let st;
    try {
      st = await fs.stat(file);
    } catch {
      regCache = null;
      return { registry: parseRegistry(null), readable: false };
    }
    if (regCache && regCache.mtimeMs === st.mtimeMs && regCache.size === st.size) return regCache;
    const text = await fs.readFile(file, 'utf8');
    let registry: RemoteRegistry = parseRegistry(null);
    let readable = true;
    try {
      registry = parseRegistry(JSON.parse(text));
    } catch {
      readable = false;
    }
    regCache = { mtimeMs: st.mtimeMs, size: st.size, registry, readable };
    return regCache;
  }

  async function liveCanaries(): Promise<CanaryFile> {
    let st;
    try {
      st = await fs.stat(path.join(root, CANARY_FILE));
    } catch {
      canCache = null;
      return noCanaries;
    }
    if (canCache && canCache.mtimeMs === st.mtimeMs && canCache.size === st.size) return canCache.file;
    const file = await readCanaryFile(root);
    canCache = { mtimeMs: st.mtimeMs, size: st.size, file };
    return file;
  }

  return () => {
    // Reads that arrive while one is in flight share it: a busy host stats the two files once for many
    // requests instead of twice each (the registry is read by several plugins per page).
    reading ??= Promise.all([liveRegistry(), liveCanaries()])
      .then(([{ registry, readable }, canaries]) => {
        // The same object while nothing changed: readers cache what they derive from it by identity.
        if (!liveCache || liveCache.registry !== registry || liveCache.canaries !== canaries || liveCache.readable !== readable)
          liveCache = { registry, canaries, readable };
        return liveCache;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}
