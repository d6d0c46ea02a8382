/**
 * The state store in the deploy root's files: the embedded default, for one machine (or several host
 * processes on it). Layout: docs/operators.md § The deploy root. Each concern in fileStore/: the host's
 * live view, changes (under the lock, journaled), telemetry and the reporter key, rate-limit counts.
 * Hosts on other machines would need this folder on a shared volume, where exclusive creation, append
 * atomicity and attribute caching are not promised: that is what the PostgreSQL store is for.
 */
import { readCanaryFile } from './canaryFile';
import { fileChanges } from './fileStore/changes';
import { fileLimits } from './fileStore/limits';
import { fileLiveView } from './fileStore/live';
import { fileTelemetry, writerName } from './fileStore/telemetry';
import { readHistory } from './history';
import { readState } from './opsState';
import type { HostSeen, StateStore, StoreHealth } from './types';

/** A store, or a deploy root's files (what the functions of before took: a root). */
export function storeAt(at: string | StateStore): StateStore {
  return typeof at === 'string' ? fileStore(at) : at;
}

export function fileStore(root: string): StateStore {
  const mine = writerName();
  const listeners: (() => void)[] = [];
  return {
    kind: 'files',
    where: root,
    readState: () => readState(root),
    readCanaries: () => readCanaryFile(root),
    readHistory: () => readHistory(root),
    change: fileChanges(root, listeners),
    live: fileLiveView(root),
    health(): StoreHealth {
      return { kind: 'files', up: true, syncedAt: new Date().toISOString() };
    },
    onChange(listener) {
      listeners.push(listener);
    },
    ...fileTelemetry(root, mine),
    countHit: fileLimits(root, mine),
    async reportHost() {},
    hosts: async (): Promise<HostSeen[]> => [],
    async forgetHost() {},
    async close() {},
  };
}
