/**
 * Module Federation at run time: the shell knows no remote URL at build time. It registers the
 * remotes named by the registry, loads exposed pages on demand (`loaded-first` share strategy, set in
 * the build), falls back to each remote's last-known-good version when the live one fails, and checks
 * that singletons really are single.
 */
import {
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { PageModule } from '@storefront/shared';
import type { SectionLoader } from '../app/sections';
import type { RegistryEntry, RemoteRegistry } from './config';
import { retryOncePlugin } from './retry';
import { markLoadFailure, setVersion, signal } from '../telemetry/signals';

/** A page or overlay a remote exposes: its default export is a React component; a page may export `load`. */
export type SectionModule = PageModule;

/** What the diagnostics view shows per remote. */
export interface LoadedRemoteInfo {
  name: string;
  version: string;
  entry: string;
  fellBack: boolean;
  modules: string[];
}

const loaded = new Map<string, LoadedRemoteInfo>();
const pending = new Map<string, Promise<SectionModule>>();
/** Modules that have arrived, for a synchronous render (hydration, and going back to a page seen before). */
const arrived = new Map<string, SectionModule>();
let registry: RemoteRegistry = { shell: null, remotes: {} };
/** Remotes currently registered with their last-known-good entry instead of the live one. */
const onFallback = new Set<string>();

/** Logs every remote failure with its remote and lifecycle; the caller decides about fallbacks. */
const errorReporter: ModuleFederationRuntimePlugin = {
  name: 'storefront-error-reporter',
  errorLoadRemote(args) {
    console.warn(`[storefront] remote load failed (${args.lifecycle}): ${args.id}`, args.error);
    return undefined;
  },
};

/** Registers the registry's remotes with the Module Federation runtime (called once, before React). */
export function startFederation(reg: RemoteRegistry): void {
  registry = reg;
  setVersion('shell', reg.shell?.version);
  for (const [name, entry] of Object.entries(reg.remotes)) setVersion(name, entry?.version);
  registerPlugins([
    // Recovers aborted/flaky manifest and entry requests; a remote that is really down still fails.
    retryOncePlugin,
    errorReporter,
  ]);
  const remotes = Object.entries(reg.remotes)
    .filter((e): e is [string, RegistryEntry] => !!e[1])
    .map(([name, entry]) => ({ name, entry: entry.entry }));
  registerRemotes(remotes, { force: true });
}

function entryFor(name: string): RegistryEntry | undefined {
  return registry.remotes[name];
}

async function loadOnce(id: string): Promise<SectionModule> {
  const mod = await loadRemote<SectionModule>(id);
  if (!mod || (typeof mod.default !== 'function' && typeof mod.default !== 'object')) {
    throw new Error(`${id} did not provide a component`);
  }
  return mod;
}

function record(name: string, module: string, version: string, entry: string, fellBack: boolean): void {
  const info = loaded.get(name) ?? { name, version, entry, fellBack, modules: [] };
  const changed = !loaded.has(name) || info.version !== version || info.entry !== entry;
  Object.assign(info, { version, entry, fellBack });
  if (!info.modules.includes(module)) info.modules.push(module);
  loaded.set(name, info);
  if (changed && debugMf()) printDiagnostics();
}

/** `?debug=mf` in the page's URL: the diagnostics tables are printed as each remote loads. */
export function debugMf(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('debug') === 'mf';
}

/** Prints the loaded remotes and the shared singletons in use as two console tables. */
export function printDiagnostics(): void {
  const d = federationDiagnostics();
  console.table(d.remotes.map((r) => ({ remote: r.name, version: r.version, entry: r.entry, fellBack: r.fellBack })));
  console.table(d.shared);
}

async function loadWithFallback(remote: string, module: string): Promise<SectionModule> {
  const id = `${remote}/${module}`;
  const entry = entryFor(remote);
  if (!entry) throw new Error(`remote ${remote} is not in the registry`);
  if (!onFallback.has(remote)) {
    try {
      const mod = await loadOnce(id);
      record(remote, module, entry.version, entry.entry, false);
      checkSingletons(remote);
      return mod;
    } catch (err) {
      signalLoadFailure(remote, entry.version, err);
      if (!entry.lastKnownGood) throw err;
      signal('fallback', remote, 'lkg', entry.version);
      setVersion(remote, entry.lastKnownGood.version);
      console.error(
        `[storefront] ${remote}@${entry.version} failed to load; falling back to last-known-good ${entry.lastKnownGood.version}`,
        err,
      );
      onFallback.add(remote);
      registerRemotes([{ name: remote, entry: entry.lastKnownGood.entry }], { force: true });
    }
  }
  const lkg = entry.lastKnownGood;
  if (!lkg) throw new Error(`remote ${remote} failed and has no last-known-good version`);
  let mod: SectionModule;
  try {
    mod = await loadOnce(id);
  } catch (err) {
    signalLoadFailure(remote, lkg.version, err);
    throw err;
  }
  record(remote, module, lkg.version, lkg.entry, true);
  checkSingletons(remote);
  return mod;
}

/** Telemetry: a manifest or chunk that did not load, marked so the section's boundary does not count it again. */
function signalLoadFailure(remote: string, version: string, err: unknown): void {
  markLoadFailure(err);
  signal(
    'load',
    remote,
    /manifest|RUNTIME-00[13]/i.test(String((err as Error | undefined)?.message ?? err)) ? 'manifest' : 'chunk',
    version,
  );
}

/**
 * Loads an exposed module once (concurrent callers share the promise). A failure is not cached, so
 * the section's Retry button tries again, starting over from the live version.
 */
export function loadSection(remote: string, module: string): Promise<SectionModule> {
  const id = `${remote}/${module}`;
  const existing = pending.get(id);
  if (existing) return existing;
  const p = loadWithFallback(remote, module).then(
    (mod) => {
      arrived.set(id, mod);
      return mod;
    },
    (err: unknown) => {
      pending.delete(id);
      throw err;
    },
  );
  pending.set(id, p);
  return p;
}

/** The module if it has already arrived (no waiting, no Suspense), else undefined. */
export function arrivedSection(remote: string, module: string): SectionModule | undefined {
  return arrived.get(`${remote}/${module}`);
}

/** The browser's section loader: Module Federation at run time. */
export const browserSections: SectionLoader = { load: loadSection, peek: arrivedSection, reset: (remote) => resetRemote(remote) };

/** Forgets a failed remote so the next load starts from its live entry again (Retry button). */
export function resetRemote(remote: string): void {
  const entry = entryFor(remote);
  onFallback.delete(remote);
  setVersion(remote, entry?.version);
  for (const key of [...pending.keys()]) if (key.startsWith(`${remote}/`)) pending.delete(key);
  for (const key of [...arrived.keys()]) if (key.startsWith(`${remote}/`)) arrived.delete(key);
  if (entry) registerRemotes([{ name: remote, entry: entry.entry }], { force: true });
}

interface ShareRecord {
  from?: string;
  loaded?: boolean;
  useIn?: string[];
}

/** The singletons whose duplicates break the site: two Reacts, two MobX, two session stores. */
const MUST_BE_SINGLE = ['react', 'react-dom', 'mobx', 'mobx-react-lite', '@storefront/shared', '@storefront/shared/router'];

/** Versions of each singleton actually loaded, by the section that provided them. */
export function sharedInUse(): { package: string; version: string; from: string; loaded: boolean }[] {
  const scope = (getInstance()?.shareScopeMap as Record<string, Record<string, Record<string, ShareRecord>>> | undefined)?.default ?? {};
  const rows: { package: string; version: string; from: string; loaded: boolean }[] = [];
  for (const [pkg, versions] of Object.entries(scope)) {
    for (const [version, rec] of Object.entries(versions)) {
      rows.push({ package: pkg, version, from: rec.from ?? '?', loaded: !!rec.loaded });
    }
  }
  return rows;
}

/** Says loudly when a second copy of React, MobX or @storefront/shared got loaded, and who brought it. */
export function checkSingletons(after: string): string[] {
  const problems: string[] = [];
  const rows = sharedInUse().filter((r) => r.loaded && MUST_BE_SINGLE.includes(r.package));
  for (const pkg of MUST_BE_SINGLE) {
    const copies = rows.filter((r) => r.package === pkg);
    if (copies.length > 1) {
      const msg = `[storefront] SINGLETON BROKEN after loading ${after}: ${copies.length} copies of ${pkg} (${copies
        .map((c) => `${c.version} from ${c.from}`)
        .join(', ')})`;
      console.error(msg);
      problems.push(msg);
    }
  }
  return problems;
}

/** Diagnostics for operators (`?debug=mf`): loaded remotes and shared versions in use. */
export function federationDiagnostics(): { remotes: LoadedRemoteInfo[]; shared: ReturnType<typeof sharedInUse>; registry: RemoteRegistry } {
  return { remotes: [...loaded.values()], shared: sharedInUse(), registry };
}
