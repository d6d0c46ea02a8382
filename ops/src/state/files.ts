/**
 * The state store in the deploy root's files: the embedded default, for one machine (or several host
 * processes on it). Layout (docs/operators.md § The deploy root):
 *
 *   remotes.json, ops-state.json      the registry and the operator state, written atomically
 *   canary.json                       running canaries
 *   history.jsonl                     append-only
 *   telemetry/<hour>/<writer>.jsonl   telemetry lines, one file per host process
 *   telemetry/limits/<window>/<key>/<writer>   rate-limit hits, a byte each, one file per process
 *   telemetry/.reporter-key           the reporter key (0600)
 *   .ops.lock                         held while a change is written
 *   .ops-change.json                  a change being applied: written whole first, applied again by the
 *                                     next change if its process was killed half-way (no change is half made)
 *
 * Every change runs under `.ops.lock` (created with O_EXCL). One writer per telemetry and limit file:
 * appends need no lock, readers sum every writer's file. Hosts on other machines would need this folder
 * on a shared volume, where exclusive creation, append atomicity and attribute caching are not
 * promised: that is what the PostgreSQL store is for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { HISTORY_FILE, REGISTRY_FILE } from './layout';
import { readHistory, type HistoryRecord } from './history';
import { readJsonFile, writeFileAtomic } from './jsonFiles';
import { withLock } from './lock';
import { readState, saveState, type OpsState } from './opsState';
import { runChange } from './change';
import type { CanaryFile, HostSeen, LiveState, StateStore, StoreHealth, TelemetryLine } from './types';

export const CANARY_FILE = 'canary.json';
/** A change being written (see change()): whole, or absent. */
export const JOURNAL_FILE = '.ops-change.json';

interface Journal {
  state: OpsState | null;
  canaries: CanaryFile | null;
  lines: HistoryRecord[];
  /** history.jsonl's size before the change's lines. */
  historySize: number;
}
export const TELEMETRY_DIR = 'telemetry';
export const LIMITS_DIR = 'limits';
export const REPORTER_KEY_FILE = '.reporter-key';
const ONE_HIT = Buffer.from('.');

/** A name of this process's own, unique across the hosts on one root: `<hostname>-<pid>-<random>`. */
export function writerName(): string {
  const host =
    os
      .hostname()
      .replace(/[^\w.-]/g, '_')
      .slice(0, 64) || 'host';
  return `${host}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

const hourName = (minute: number): string => new Date(minute * 60_000).toISOString().slice(0, 13);

/** canary.json, tolerant: unreadable or malformed entries mean no canary (everyone gets the live version). */
export async function readCanaryFile(root: string): Promise<CanaryFile> {
  let raw: Partial<CanaryFile> | null = null;
  try {
    raw = await readJsonFile<Partial<CanaryFile>>(path.join(root, CANARY_FILE));
  } catch {
    raw = null;
  }
  return cleanCanaries(raw);
}

/** Keeps only well-formed canaries (a file or row from an older layout, a hand edit). */
export function cleanCanaries(raw: Partial<CanaryFile> | null | undefined): CanaryFile {
  const canaries: CanaryFile['canaries'] = {};
  for (const [name, c] of Object.entries(raw?.canaries ?? {})) {
    if (c && typeof c.version === 'string' && typeof c.entry === 'string' && typeof c.percent === 'number') canaries[name] = c;
  }
  return { schema: 1, canaries };
}

/** A store, or a deploy root's files (what the functions of before took: a root). */
export function storeAt(at: string | StateStore): StateStore {
  return typeof at === 'string' ? fileStore(at) : at;
}

export function fileStore(root: string): StateStore {
  const mine = writerName();
  const telemetryFile = `${mine}.jsonl`;
  const limitsDir = path.join(root, TELEMETRY_DIR, LIMITS_DIR);
  const made = new Set<string>();
  let nextPrune = 0;
  const listeners: (() => void)[] = [];
  let key: Promise<Buffer> | null = null;

  // The host's view: each file re-read only when its size or mtime changes.
  let regCache: { mtimeMs: number; size: number; registry: RemoteRegistry; readable: boolean } | null = null;
  let canCache: { mtimeMs: number; size: number; file: CanaryFile } | null = null;
  let liveCache: LiveState | null = null;
  let reading: Promise<LiveState> | null = null;
  const noCanaries: CanaryFile = { schema: 1, canaries: {} };

  async function liveRegistry(): Promise<{ registry: RemoteRegistry; readable: boolean }> {
    const file = path.join(root, REGISTRY_FILE);
    let st;
    try {
      st = await fs.stat(file);
    } catch {
      regCache = null;
      return { registry: { shell: null, remotes: {} }, readable: false };
    }
    if (regCache && regCache.mtimeMs === st.mtimeMs && regCache.size === st.size) return regCache;
    const text = await fs.readFile(file, 'utf8');
    let registry: RemoteRegistry = { shell: null, remotes: {} };
    let readable = true;
    try {
      const raw = JSON.parse(text) as Partial<RemoteRegistry>;
      registry = { shell: raw.shell ?? null, remotes: raw.remotes ?? {} };
    } catch {
      readable = false;
    }
    regCache = { mtimeMs: st.mtimeMs, size: st.size, registry, readable };
    return regCache;
  }

  async function liveCanaries(): Promise<CanaryFile> {
    let st;
    try {
      st = await fs.stat(path.join(root, CANARY_FILE));
    } catch {
      canCache = null;
      return noCanaries;
    }
    if (canCache && canCache.mtimeMs === st.mtimeMs && canCache.size === st.size) return canCache.file;
    const file = await readCanaryFile(root);
    canCache = { mtimeMs: st.mtimeMs, size: st.size, file };
    return file;
  }

  async function limitTotal(folder: string): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    const sizes = await Promise.all(
      names.map((n) =>
        fs.stat(path.join(folder, n)).then(
          (st) => st.size,
          () => 0,
        ),
      ),
    );
    return sizes.reduce((a, b) => a + b, 0);
  }

  async function limitAppend(folder: string): Promise<void> {
    const file = path.join(folder, mine);
    if (made.has(folder)) {
      try {
        return await fs.appendFile(file, ONE_HIT);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // pruned by a process whose clock is ahead
      }
    }
    await fs.mkdir(folder, { recursive: true });
    if (made.size > 10_000) made.clear();
    made.add(folder);
    await fs.appendFile(file, ONE_HIT);
  }

  /** Deletes the windows that ended before the previous one. */
  async function pruneLimits(now: number): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(limitsDir);
    } catch {
      return;
    }
    for (const name of names) {
      const m = /^(\d+)-(\d+)$/.exec(name);
      if (!m) continue;
      const end = (Number(m[2]) + 1) * Number(m[1]);
      if (end + Number(m[1]) < now) await fs.rm(path.join(limitsDir, name), { recursive: true, force: true });
    }
  }

  async function makeKey(): Promise<Buffer> {
    const folder = path.join(root, TELEMETRY_DIR);
    const file = path.join(folder, REPORTER_KEY_FILE);
    const read = async () => {
      const hex = (await fs.readFile(file, 'utf8')).trim();
      if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} is not a reporter key (64 hex digits): delete it to make a new one`);
      return Buffer.from(hex, 'hex');
    };
    try {
      return await read();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await fs.mkdir(folder, { recursive: true });
    // Written whole under a private name, then linked in: link() fails if another process got there
    // first, and nobody ever reads a half-written key.
    const tmp = path.join(folder, `${REPORTER_KEY_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
    await fs.writeFile(tmp, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    try {
      await fs.link(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
    return read();
  }

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

  return {
    kind: 'files',
    where: root,
    readState: () => readState(root),
    readCanaries: () => readCanaryFile(root),
    readHistory: () => readHistory(root),

    async change(fn) {
      return withLock(root, async () => {
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
    },

    live() {
      // Reads that arrive while one is in flight share it: a busy host stats the two files once for many
      // requests instead of twice each (the registry is read by several plugins per page).
      reading ??= Promise.all([liveRegistry(), liveCanaries()])
        .then(([{ registry, readable }, canaries]) => {
          // The same object while nothing changed: readers cache what they derive from it by identity.
          if (!liveCache || liveCache.registry !== registry || liveCache.canaries !== canaries || liveCache.readable !== readable)
            liveCache = { registry, canaries, readable };
          return liveCache;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    health(): StoreHealth {
      return { kind: 'files', up: true, syncedAt: new Date().toISOString() };
    },
    onChange(listener) {
      listeners.push(listener);
    },

    async addTelemetry(lines) {
      const byHour = new Map<string, string[]>();
      for (const l of lines) {
        const h = hourName(l.m);
        const list = byHour.get(h) ?? [];
        list.push(JSON.stringify(l));
        byHour.set(h, list);
      }
      for (const [hour, list] of byHour) {
        const dir = path.join(root, TELEMETRY_DIR, hour);
        await fs.mkdir(dir, { recursive: true });
        await fs.appendFile(path.join(dir, telemetryFile), `${list.join('\n')}\n`, 'utf8');
      }
    },
    async readTelemetry(fromMinute, toMinute) {
      const out: TelemetryLine[] = [];
      const hours = new Set<string>();
      for (let m = fromMinute - (fromMinute % 60); m <= toMinute; m += 60) hours.add(hourName(m));
      for (const hour of hours) {
        const dir = path.join(root, TELEMETRY_DIR, hour);
        let files: string[];
        try {
          files = (await fs.readdir(dir)).filter((f) => f.endsWith('.jsonl'));
        } catch {
          continue;
        }
        for (const f of files) {
          let text: string;
          try {
            text = await fs.readFile(path.join(dir, f), 'utf8');
          } catch {
            continue;
          }
          for (const raw of text.split('\n')) {
            if (!raw) continue;
            let line: TelemetryLine;
            try {
              line = JSON.parse(raw) as TelemetryLine;
            } catch {
              continue; // a torn last line
            }
            if (typeof line.m !== 'number' || line.m < fromMinute || line.m > toMinute) continue;
            if (typeof line.r !== 'string' || typeof line.v !== 'string') continue;
            out.push(line);
          }
        }
      }
      return out;
    },
    async pruneTelemetry(beforeMinute) {
      const oldest = hourName(beforeMinute);
      let names: string[];
      try {
        names = await fs.readdir(path.join(root, TELEMETRY_DIR));
      } catch {
        return;
      }
      for (const n of names) {
        if (/^\d{4}-\d\d-\d\dT\d\d$/.test(n) && n < oldest)
          await fs.rm(path.join(root, TELEMETRY_DIR, n), { recursive: true, force: true });
      }
    },
    reporterKey() {
      key ??= makeKey().catch((err: unknown) => {
        key = null;
        throw err;
      });
      return key;
    },

    async countHit(windowMs, windowNumber, hitKey, hit) {
      const now = Date.now();
      // The key is a reporter id already (never an address); hashed again only to bound the name.
      const folder = path.join(limitsDir, `${windowMs}-${windowNumber}`, safeName(hitKey));
      if (hit) {
        await limitAppend(folder);
        if (now >= nextPrune) {
          nextPrune = now + windowMs;
          void pruneLimits(now).catch(() => undefined);
        }
      }
      return limitTotal(folder);
    },

    async reportHost() {},
    hosts: async (): Promise<HostSeen[]> => [],
    async forgetHost() {},
    async close() {},
  };
}

const safeName = (k: string): string => (/^[\w-]{1,64}$/.test(k) ? k : createHash('sha256').update(k).digest('hex').slice(0, 32));
