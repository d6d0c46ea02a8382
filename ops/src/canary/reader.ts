/**
 * The host's view of running canaries: canary.json re-read only when it changes, and the registry a
 * given shopper gets (the live one, or with their canaries in it). Each variant is made once per
 * registry/canary change and shared, so what is cached per registry snapshot (the finished plain
 * page, the CSP's origins) stays cached per variant.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { registryOrigins, type RegistryReader, type RegistrySnapshot } from '../host/registry';
import { canariesFor, registryWithCanaries } from './assign';
import { CANARY_FILE, readCanaries, type CanaryFile } from './state';

export interface CanaryReader {
  read(): Promise<CanaryFile>;
}

export function canaryReader(root: string): CanaryReader {
  const file = path.join(root, CANARY_FILE);
  let cached: { file: CanaryFile; mtimeMs: number; size: number } | null = null;
  const none: CanaryFile = { schema: 1, canaries: {} };
  return {
    async read() {
      let st;
      try {
        st = await fs.stat(file);
      } catch {
        cached = null;
        return none;
      }
      if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size) return cached.file;
      const read = await readCanaries(root);
      cached = { file: read, mtimeMs: st.mtimeMs, size: st.size };
      return read;
    },
  };
}

/** A registry reader whose `read(shopperId)` gives that shopper's registry (no id: the live one). */
export function withCanaries(base: RegistryReader, canaries: CanaryReader): RegistryReader {
  let variants = new Map<string, RegistrySnapshot>();
  let madeFor: { snap: RegistrySnapshot; file: CanaryFile } | null = null;
  return {
    async read(shopperId?: string | null) {
      const snap = await base.read();
      if (!shopperId) return snap;
      const file = await canaries.read();
      if (!Object.keys(file.canaries).length) return snap;
      const chosen = canariesFor(shopperId, file.canaries, snap.reg);
      if (!chosen.length) return snap;
      if (!madeFor || madeFor.snap !== snap || madeFor.file !== file) {
        madeFor = { snap, file };
        variants = new Map();
      }
      const key = chosen.join(',');
      let variant = variants.get(key);
      if (!variant) {
        const reg = registryWithCanaries(snap.reg, file.canaries, chosen);
        variant = { text: `${JSON.stringify(reg, null, 2)}\n`, reg, origins: registryOrigins(reg), readable: snap.readable };
        variants.set(key, variant);
      }
      return variant;
    },
  };
}
