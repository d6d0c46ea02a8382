/** The remote registry as the host reads it: from disk, re-read only when the file changes. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { REGISTRY_FILE } from '../store';

export interface RegistrySnapshot {
  /** The file's text, served as /remotes.json. */
  text: string;
  reg: RemoteRegistry;
  /** Every origin other than the site itself that the registry loads remote code from. */
  origins: string[];
  /** False when the file is missing or unreadable (readiness reports it). */
  readable: boolean;
}

function originOf(entry: string): string | null {
  if (!/^https?:\/\//i.test(entry)) return null;
  try {
    return new URL(entry).origin;
  } catch {
    return null;
  }
}

/** Every origin other than the site itself that the registry loads remote code from. */
export function registryOrigins(reg: RemoteRegistry): string[] {
  const out = new Set<string>();
  for (const e of Object.values(reg.remotes)) {
    if (!e) continue;
    const o = originOf(e.entry);
    if (o) out.add(o);
    const l = e.lastKnownGood ? originOf(e.lastKnownGood.entry) : null;
    if (l) out.add(l);
  }
  return [...out].sort();
}

export interface RegistryReader {
  /** The registry; given a shopper's id, the one that shopper gets (their canaries: ops/src/canary/reader.ts). */
  read(shopperId?: string | null): Promise<RegistrySnapshot>;
}

export function registryReader(root: string): RegistryReader {
  const file = path.join(root, REGISTRY_FILE);
  let cached: (RegistrySnapshot & { mtimeMs: number; size: number }) | null = null;
  const empty = (): RegistrySnapshot => {
    const reg: RemoteRegistry = { shell: null, remotes: {} };
    return { text: `${JSON.stringify(reg)}\n`, reg, origins: [], readable: false };
  };
  return {
    async read() {
      let st;
      try {
        st = await fs.stat(file);
      } catch {
        return empty();
      }
      if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size) return cached;
      const text = await fs.readFile(file, 'utf8');
      let reg: RemoteRegistry;
      let readable = true;
      try {
        const raw = JSON.parse(text) as Partial<RemoteRegistry>;
        reg = { shell: raw.shell ?? null, remotes: raw.remotes ?? {} };
      } catch {
        reg = { shell: null, remotes: {} };
        readable = false;
      }
      cached = { text, reg, origins: registryOrigins(reg), readable, mtimeMs: st.mtimeMs, size: st.size };
      return cached;
    },
  };
}
