/** A change as both stores run it: copies to edit, the history lines recorded, and what was edited. */
import { historyRecord, type HistoryRecord } from './history';
import type { OpsState } from './opsState';
import type { CanaryFile, StateChange } from './types';

export interface Run<T> {
  result: T;
  lines: HistoryRecord[];
  stateChanged: boolean;
  canariesChanged: boolean;
}

export async function runChange<T>(state: OpsState, canaries: CanaryFile, fn: (tx: StateChange) => Promise<T>): Promise<Run<T>> {
  const before = { state: JSON.stringify(state), canaries: JSON.stringify(canaries) };
  const lines: HistoryRecord[] = [];
  const tx: StateChange = {
    state,
    canaries,
    history(rec) {
      const full = historyRecord(rec);
      lines.push(full);
      return full;
    },
  };
  const result = await fn(tx);
  return {
    result,
    lines,
    stateChanged: JSON.stringify(state) !== before.state,
    canariesChanged: JSON.stringify(canaries) !== before.canaries,
  };
}
