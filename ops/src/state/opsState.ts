/** The operator state (live version, rollback stack, published versions per section) and the registry made from it. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RemoteRegistry } from '@storefront/contract/deploy';
import { parseRegistry } from '@storefront/contract/seam';
import { readJsonFile, writeFileAtomic } from './jsonFiles';
import { REGISTRY_FILE, STATE_FILE } from './layout';
import { SECTIONS, type Section } from './sections';

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
  return parseRegistry(await readJsonFile<unknown>(path.join(root, REGISTRY_FILE)));
}
