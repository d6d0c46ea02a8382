/** The history of every change: one JSON line each, who did it and when. */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HISTORY_FILE } from './layout';

export interface HistoryRecord {
  at: string;
  action: 'publish' | 'activate' | 'rollback' | 'canary' | 'promote' | 'canary-end';
  section: string;
  version: string;
  /** The version live before the change (activate, rollback). */
  previous?: string | null;
  entry?: string;
  forced?: boolean;
  /** Compatibility problems overridden with --force, or found at rollback. */
  problems?: string[];
  /** Canary: the share of shoppers it went to. */
  percent?: number;
  /** Why a canary ended (the operator, or the thresholds the host found crossed). */
  reason?: string;
  by: string;
}
function whoAmI(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return `pid ${process.pid}`;
  }
}

/** A history line as recorded: the time now, and who ran it unless said. */
export function historyRecord(rec: Omit<HistoryRecord, 'at' | 'by'> & { at?: string; by?: string }): HistoryRecord {
  return { at: new Date().toISOString(), ...rec, by: rec.by ?? whoAmI() };
}

export async function appendHistory(
  root: string,
  rec: Omit<HistoryRecord, 'at' | 'by'> & { at?: string; by?: string },
): Promise<HistoryRecord> {
  const full = historyRecord(rec);
  // One write with O_APPEND per record: lines never interleave.
  await fs.appendFile(path.join(root, HISTORY_FILE), `${JSON.stringify(full)}\n`, 'utf8');
  return full;
}

export async function readHistory(root: string): Promise<HistoryRecord[]> {
  let text: string;
  try {
    text = await fs.readFile(path.join(root, HISTORY_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: HistoryRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as HistoryRecord);
    } catch {
      // a torn last line after a crash: skip it
    }
  }
  return out;
}
