/** The remote registry as the host reads it: from the state store, made once per change. */
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { storeAt } from './files';
import type { StateStore } from './types';

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

/** The registry from the state store: made into a snapshot once per change (its text is what /remotes.json serves). */
export function registryReader(at: string | StateStore): RegistryReader {
  const store = storeAt(at);
  let cached: { from: RemoteRegistry; readable: boolean; snap: RegistrySnapshot } | null = null;
  return {
    async read() {
      const { registry, readable } = await store.live();
      if (cached && cached.from === registry && cached.readable === readable) return cached.snap;
      const snap: RegistrySnapshot = {
        text: `${JSON.stringify(registry, null, 2)}\n`,
        reg: registry,
        origins: registryOrigins(registry),
        readable,
      };
      cached = { from: registry, readable, snap };
      return snap;
    },
  };
}
