/**
 * Canary releases (issue 17): one remote's new version live for a share of shoppers while everyone
 * else keeps the live version. The running canaries are kept by the state store (ops/src/state):
 * `<root>/canary.json` beside ops-state.json, or a column of the PostgreSQL store's state row — out of
 * the registry, which stays the one every shopper would get (what a CDN serving it directly would hand
 * out); the host applies the canary per shopper (assign.ts).
 */
import { storeAt, type CanaryFile, type StateStore } from '../state';

export type { CanaryFile, CanaryRef, Thresholds } from '../state';
export { CANARY_FILE, DEFAULT_THRESHOLDS } from '../state';

/** The running canaries (an unreadable canary.json: none, every shopper gets the live version). */
export function readCanaries(at: string | StateStore): Promise<CanaryFile> {
  return storeAt(at).readCanaries();
}
