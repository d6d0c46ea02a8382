/**
 * The host's view of running canaries (the state store's, re-read only when it changes), and the registry a
 * given shopper gets (the live one, or with their canaries in it). Each variant is made once per
 * registry/canary change and shared, so what is cached per registry snapshot (the finished plain
 * page, the CSP's origins) stays cached per variant.
 */
import { storeAt, type StateStore, registryOrigins, type RegistryReader, type RegistrySnapshot } from '../state';
import { canariesFor, registryWithCanaries } from './assign';
import type { CanaryFile } from './state';

export interface CanaryReader {
  read(): Promise<CanaryFile>;
}

/** The running canaries as the host serves them (the state store's live view). */
export function canaryReader(at: string | StateStore): CanaryReader {
  const store = storeAt(at);
  return {
    async read() {
      return (await store.live()).canaries;
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
