/**
 * A change of the files store, all or nothing: under `.ops.lock`, the change is written whole to
 * `.ops-change.json` first and then applied, so a process killed half-way leaves the journal, which the
 * next change applies again before anything else.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readCanaryFile } from '../canaryFile';
import { runChange } from '../change';
import type { HistoryRecord } from '../history';
import { readJsonFile, writeFileAtomic } from '../jsonFiles';
import { CANARY_FILE, HISTORY_FILE, JOURNAL_FILE } from '../layout';
import { withLock } from '../lock';
import { readState, saveState, type OpsState } from '../opsState';
import type { CanaryFile, StateStore } from '../types';

interface Journal {
  state: OpsState | null;
  canaries: CanaryFile | null;
  lines: HistoryRecord[];
  /** history.jsonl's size before the change's lines. */
  historySize: number;
}

export function fileChanges(root: string, listeners: (() => void)[]): StateStore['change'] {
  /** Writes a journaled change: the registry first, then the canaries (a promoted canary is live for everyone before it goes), then history. */
  async function apply(j: Journal): Promise<void> {
    if (j.state) await saveState(root, j.state);
    if (j.canaries) await writeFileAtomic(path.join(root, CANARY_FILE), `${JSON.stringify(j.canaries, null, 2)}\n`);
    if (j.lines.length) {
      const file = path.join(root, HISTORY_FILE);
      // Applied again after a crash: first drop what the interrupted apply appended of these lines.
      await fs.truncate(file, j.historySize).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      await fs.appendFile(file, j.lines.map((l) => `${JSON.stringify(l)}\n`).join(''), 'utf8');
    }
    await fs.rm(path.join(root, JOURNAL_FILE), { force: true });
  }

  /** A change a killed process left half-applied is applied whole (call under the lock). */
  async function recover(): Promise<void> {
    const j = await readJsonFile<Journal>(path.join(root, JOURNAL_FILE));
    if (j) await apply(j);
  }

  return (fn) =>
    withLock(root, async () => {
      await recover();
      const state = await readState(root);
      const canaries = await readCanaryFile(root);
      const run = await runChange(state, canaries, fn);
      if (!run.stateChanged && !run.canariesChanged && !run.lines.length) return run.result;
      // Written whole first, then applied: a process killed while applying leaves the journal, which
      // the next change applies again before anything else, so no change is ever half made.
      const journal: Journal = {
        state: run.stateChanged ? state : null,
        canaries: run.canariesChanged ? canaries : null,
        lines: run.lines,
        historySize: await fs.stat(path.join(root, HISTORY_FILE)).then(
          (st) => st.size,
          () => 0,
        ),
      };
      await writeFileAtomic(path.join(root, JOURNAL_FILE), JSON.stringify(journal));
      await apply(journal);
      if (run.lines.length) for (const l of listeners) l();
      return run.result;
    });
}
