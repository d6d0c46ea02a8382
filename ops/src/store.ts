/**
 * The deploy root, laid out as a CDN bucket would hold it:
 *
 *   <root>/remotes.json                       registry the shell reads (exactly its format)
 *   <root>/shell/<version>/…                  shell builds (index.html, hashed assets)
 *   <root>/remotes/<mfName>/<version>/…       remote builds (mf-manifest.json, remoteEntry.js, chunks)
 *   <root>/ops-state.json                     operator state: live, rollback stack, published versions
 *   <root>/history.jsonl                      append-only log of every change
 *   <root>/.ops.lock                          held while a command changes state
 *
 * Every state change happens under the lock; state and registry are written to a temporary file
 * and renamed into place, so a reader (the host, a browser) never sees a half-written file.
 */
import { promises as fs, constants as fsConstants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { SECTIONS, type Section } from './sections';

export const REGISTRY_FILE = 'remotes.json';
export const STATE_FILE = 'ops-state.json';
export const HISTORY_FILE = 'history.jsonl';
export const LOCK_FILE = '.ops.lock';

export interface VersionInfo {
  version: string;
  publishedAt: string;
  builtAt?: string;
  buildId?: string;
  packageVersion?: string;
  /** The build folder it was copied from. */
  from?: string;
}

/** A version that is or was live, with the manifest URL it was registered with. */
export interface LiveRef {
  version: string;
  /** Manifest URL for remotes (relative to the site, or absolute on another origin); '' for the shell. */
  entry: string;
  activatedAt: string;
  forced?: boolean;
}

export interface SectionState {
  live: LiveRef | null;
  /** Previously live versions, oldest first: `rollback` pops the last one. */
  previous: LiveRef[];
  versions: Record<string, VersionInfo>;
}

export interface OpsState {
  schema: 1;
  updatedAt: string | null;
  sections: Record<string, SectionState>;
}

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

export function emptySection(): SectionState {
  return { live: null, previous: [], versions: {} };
}

export function emptyState(): OpsState {
  return {
    schema: 1,
    updatedAt: null,
    sections: Object.fromEntries(SECTIONS.map((s) => [s.name, emptySection()])),
  };
}

/** Folder holding every version of a section, as served: `/shell/…` and `/remotes/<name>/…`. */
export function sectionDir(root: string, section: Section): string {
  return section.kind === 'shell' ? path.join(root, 'shell') : path.join(root, 'remotes', section.name);
}

export function versionDir(root: string, section: Section, version: string): string {
  return path.join(sectionDir(root, section), version);
}

/** URL path of a version folder on the site: `/shell/<v>/` or `/remotes/<name>/<v>/`. */
export function versionUrlPath(section: Section, version: string): string {
  return section.kind === 'shell' ? `/shell/${version}/` : `/remotes/${section.name}/${version}/`;
}

/** The manifest URL the registry names: site-relative, or on `baseUrl`'s origin. */
export function manifestUrl(section: Section, version: string, baseUrl?: string | null): string {
  const p = `${versionUrlPath(section, version)}mf-manifest.json`;
  return baseUrl ? `${baseUrl.replace(/\/+$/, '')}${p}` : p;
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.F_OK);
    return true;
  } catch {
    return false;
  }
}

export async function readJsonFile<T>(file: string): Promise<T | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return JSON.parse(text) as T;
}

/** Writes a file so that readers see either the old or the new content, never a mix. */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const handle = await fs.open(tmp, 'w', 0o644);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
}

export async function readState(root: string): Promise<OpsState> {
  return stateFrom(await readJsonFile<Partial<OpsState>>(path.join(root, STATE_FILE)));
}

/** A stored state made whole (a section or field missing in an older layout is empty). */
export function stateFrom(raw: Partial<OpsState> | null | undefined): OpsState {
  const state = emptyState();
  if (!raw?.sections) return state;
  state.updatedAt = raw.updatedAt ?? null;
  for (const [name, s] of Object.entries(raw.sections)) {
    state.sections[name] = { live: s.live ?? null, previous: s.previous ?? [], versions: s.versions ?? {} };
  }
  return state;
}

export function sectionState(state: OpsState, section: Section): SectionState {
  const existing = state.sections[section.name];
  if (existing) return existing;
  const created = emptySection();
  state.sections[section.name] = created;
  return created;
}

/** The most recent previously live version that differs from the live one: the shell's fallback. */
export function lastKnownGood(s: SectionState): LiveRef | null {
  for (let i = s.previous.length - 1; i >= 0; i--) {
    const ref = s.previous[i];
    if (ref && ref.version !== s.live?.version) return ref;
  }
  return null;
}

export function registryFromState(state: OpsState): RemoteRegistry {
  const shell = state.sections.shell?.live;
  const registry: RemoteRegistry = { shell: shell ? { version: shell.version } : null, remotes: {} };
  for (const section of SECTIONS) {
    if (section.kind !== 'remote') continue;
    const s = state.sections[section.name];
    if (!s?.live) continue;
    const lkg = lastKnownGood(s);
    registry.remotes[section.name] = {
      version: s.live.version,
      entry: s.live.entry,
      lastKnownGood: lkg ? { version: lkg.version, entry: lkg.entry } : null,
    };
  }
  return registry;
}

/** Saves the state, then the registry derived from it (both atomically). */
export async function saveState(root: string, state: OpsState): Promise<RemoteRegistry> {
  state.updatedAt = new Date().toISOString();
  await fs.mkdir(root, { recursive: true });
  await writeFileAtomic(path.join(root, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
  const registry = registryFromState(state);
  await writeFileAtomic(path.join(root, REGISTRY_FILE), `${JSON.stringify(registry, null, 2)}\n`);
  return registry;
}

export async function readRegistry(root: string): Promise<RemoteRegistry> {
  const raw = await readJsonFile<Partial<RemoteRegistry>>(path.join(root, REGISTRY_FILE));
  return { shell: raw?.shell ?? null, remotes: raw?.remotes ?? {} };
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface LockOptions {
  /** Give up after this long (default 15 s). */
  timeoutMs?: number;
  /** A lock older than this whose holder is gone is taken over (default 30 s). */
  staleMs?: number;
}

/**
 * Runs `fn` holding `<root>/.ops.lock` (created with O_EXCL). Waiting commands retry with jittered
 * back-off; a lock left by a process that died is removed.
 */
export async function withLock<T>(root: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const staleMs = opts.staleMs ?? 30_000;
  await fs.mkdir(root, { recursive: true });
  const lockFile = path.join(root, LOCK_FILE);
  const token = `${process.pid} ${randomBytes(6).toString('hex')} ${new Date().toISOString()}`;
  const until = Date.now() + timeoutMs;
  let delay = 10;
  for (;;) {
    try {
      await fs.writeFile(lockFile, token, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // Held by someone: take it over only if its holder is gone and it is old.
    try {
      const seen = await fs.readFile(lockFile, 'utf8');
      const st = await fs.stat(lockFile);
      const pid = Number(seen.split(' ')[0]);
      const dead = seen !== '' && Number.isInteger(pid) && pid > 0 && !pidAlive(pid);
      if (dead || Date.now() - st.mtimeMs > staleMs) {
        // Remove it only if it is still the same stale lock (another waiter may have replaced it).
        if ((await fs.readFile(lockFile, 'utf8')) === seen) await fs.rm(lockFile, { force: true });
        continue;
      }
    } catch {
      // it went away between the calls: retry at once
      continue;
    }
    if (Date.now() > until) {
      throw new Error(`the deploy root is locked by another ops command (${lockFile}); try again`);
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 200);
  }
  try {
    return await fn();
  } finally {
    // Remove only our own lock.
    try {
      if ((await fs.readFile(lockFile, 'utf8')) === token) await fs.rm(lockFile, { force: true });
    } catch {
      // already gone
    }
  }
}
