/**
 * Canary releases (issue 17): one remote's new version live for a share of shoppers while everyone
 * else keeps the live version.
 *
 *   <root>/canary.json    { schema: 1, canaries: { <remote>: CanaryRef } }
 *
 * Kept beside ops-state.json rather than inside it, and out of remotes.json: the registry file stays
 * the one every shopper would get (what a CDN serving it directly would hand out), and the host
 * applies the canary per shopper (assign.ts). Written under the deploy root's lock, atomically.
 */
import path from 'node:path';
import { readJsonFile, writeFileAtomic } from '../store';

export const CANARY_FILE = 'canary.json';

/** When the host ends a canary by itself (`--auto-rollback`). */
export interface Thresholds {
  /** Errors (boundary, unhandled, rejections) per page view above this ends it (0.02 = 2 %). */
  maxErrorRate: number;
  /** Chunk and manifest load failures per page view above this ends it (0.01 = 1 %). */
  maxChunkFailureRate: number;
  /** Neither rate counts before the canary has had this many page views. */
  minPageViews: number;
  /** Rates are taken over this many last minutes. */
  windowMinutes: number;
  /**
   * A rate ends it only with failures from at least this many distinct client addresses in the window
   * (one address cannot end a canary; see the telemetry plugin's trust model). Absent in a canary.json
   * written before it existed: the default then.
   */
  minReporters: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  maxErrorRate: 0.02,
  maxChunkFailureRate: 0.01,
  minPageViews: 50,
  windowMinutes: 15,
  minReporters: 3,
};

export interface CanaryRef {
  version: string;
  /** Manifest URL, as a registry entry names it. */
  entry: string;
  /** Share of shoppers, 0 < percent < 100 (two decimals at most). */
  percent: number;
  startedAt: string;
  /** Thresholds when the host may end it by itself; null: only an operator ends it. */
  autoRollback: Thresholds | null;
}

export interface CanaryFile {
  schema: 1;
  canaries: Record<string, CanaryRef>;
}

export async function readCanaries(root: string): Promise<CanaryFile> {
  let raw: Partial<CanaryFile> | null = null;
  try {
    raw = await readJsonFile<Partial<CanaryFile>>(path.join(root, CANARY_FILE));
  } catch {
    raw = null; // unreadable: no canary (every shopper gets the live version)
  }
  const canaries: Record<string, CanaryRef> = {};
  for (const [name, c] of Object.entries(raw?.canaries ?? {})) {
    if (c && typeof c.version === 'string' && typeof c.entry === 'string' && typeof c.percent === 'number') canaries[name] = c;
  }
  return { schema: 1, canaries };
}

/** Call under withLock(root). */
export async function writeCanaries(root: string, file: CanaryFile): Promise<void> {
  await writeFileAtomic(path.join(root, CANARY_FILE), `${JSON.stringify(file, null, 2)}\n`);
}
