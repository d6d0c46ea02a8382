/**
 * Which shoppers get a canary: an anonymous id (the host's `sf_shopper` cookie) hashed with the remote
 * and the canary's version into one of 10 000 buckets; buckets below percent × 100 get the canary.
 * The same id always lands in the same bucket, so a shopper never flips between versions mid-visit,
 * and raising the share of a running canary only adds shoppers to it. The version is in the hash so
 * the next canary picks a different set of shoppers instead of the same unlucky ones.
 */
import { createHash } from 'node:crypto';
import type { RegistryEntry, RemoteRegistry } from '@storefront/contract/deploy';
import type { CanaryRef } from './state';

export const BUCKETS = 10_000;

export function bucketOf(shopperId: string, remote: string, version: string): number {
  const digest = createHash('sha256').update(`${remote}\0${version}\0${shopperId}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

export function inCanary(shopperId: string, remote: string, canary: Pick<CanaryRef, 'version' | 'percent'>): boolean {
  return bucketOf(shopperId, remote, canary.version) < Math.round(canary.percent * (BUCKETS / 100));
}

/** The remotes whose canary this shopper gets (sorted: also the key of their registry variant). */
export function canariesFor(shopperId: string | null, canaries: Record<string, CanaryRef>, reg: RemoteRegistry): string[] {
  if (!shopperId) return [];
  return Object.keys(canaries)
    .filter((name) => {
      const c = canaries[name];
      const live = reg.remotes[name];
      return !!c && !!live && live.version !== c.version && inCanary(shopperId, name, c);
    })
    .sort();
}

/**
 * The registry a shopper in `chosen` canaries gets: each such remote's entry is the canary, with the
 * live version as its last-known-good (a canary that fails to load falls back to what everyone else runs).
 */
export function registryWithCanaries(reg: RemoteRegistry, canaries: Record<string, CanaryRef>, chosen: string[]): RemoteRegistry {
  if (!chosen.length) return reg;
  const remotes: Record<string, RegistryEntry> = { ...reg.remotes };
  for (const name of chosen) {
    const c = canaries[name];
    const live = reg.remotes[name];
    if (!c || !live) continue;
    remotes[name] = { version: c.version, entry: c.entry, lastKnownGood: { version: live.version, entry: live.entry } };
  }
  return { ...reg, remotes };
}
