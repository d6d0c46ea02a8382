/** `ops activate`: makes a published version live, after checking its files and shared singletons. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  checkSingletons,
  readShared,
  type Party,
  OpsError,
  SECTIONS,
  checkVersionName,
  resolveSection,
  type Section,
  exists,
  manifestUrl,
  sectionState,
  versionDir,
  type LiveRef,
  type OpsState,
  type StateStore,
  storeOf,
  type OpsContext,
} from '../state';
import { BUILD_FILES } from '@storefront/contract/seam';

/** How many previously live versions `rollback` can walk back through. */
export const MAX_ROLLBACK_STEPS = 50;

export interface ActivateOptions {
  force?: boolean;
  /** Origin (and optional path prefix) the remote's files are served from; default: the site itself. */
  baseUrl?: string;
  /**
   * Shell activation only: the remote versions to check the new shell against instead of the live
   * ones (deploy-all activates the shell before the remotes built with it).
   */
  against?: Partial<Record<string, string>>;
}

export interface ActivateResult {
  section: Section;
  version: string;
  previous: string | null;
  entry: string;
  changed: boolean;
  /** The live version stayed, only its origin changed (--base-url): no rollback step was added. */
  moved?: { from: string };
  forced: boolean;
  problems: string[];
  notes: string[];
}

export function normaliseBaseUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new OpsError(`--base-url must be an absolute http(s) URL, e.g. http://127.0.0.1:8181 (got "${raw}")`, 2);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OpsError(`--base-url must be http or https (got ${u.protocol})`, 2);
  if (u.search || u.hash) throw new OpsError('--base-url must not carry a query or fragment', 2);
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

function manifestFile(root: string, section: Section, version: string): string {
  return path.join(versionDir(root, section, version), BUILD_FILES.manifest);
}

/** Compatibility problems of making `version` of `section` live, given the state. */
export async function compatibilityProblems(
  root: string,
  state: OpsState,
  section: Section,
  version: string,
  against?: Partial<Record<string, string>>,
): Promise<{ problems: string[]; notes: string[] }> {
  const notes: string[] = [];
  const problems: string[] = [];
  if (section.kind === 'remote') {
    const shell = SECTIONS.find((s) => s.kind === 'shell');
    const shellLive = shell ? state.sections[shell.name]?.live : null;
    if (!shell || !shellLive) {
      notes.push('no live shell yet: shared versions not checked');
      return { problems, notes };
    }
    const provided = await readShared(manifestFile(root, shell, shellLive.version));
    const required = await readShared(manifestFile(root, section, version));
    if (!provided) {
      notes.push(`the live shell ${shellLive.version} has no mf-manifest.json: shared versions not checked`);
      return { problems, notes };
    }
    const consumer: Party = { label: `${section.name} ${version}`, shared: required ?? [] };
    problems.push(...checkSingletons(consumer, { label: `the live shell ${shellLive.version}`, shared: provided }));
    return { problems, notes };
  }
  // A new shell must provide what every live remote (or the planned ones) requires.
  const provided = await readShared(manifestFile(root, section, version));
  if (!provided) {
    notes.push(`shell ${version} has no mf-manifest.json: shared versions not checked`);
    return { problems, notes };
  }
  for (const remote of SECTIONS.filter((s) => s.kind === 'remote')) {
    const v = against?.[remote.name] ?? state.sections[remote.name]?.live?.version;
    if (!v) continue;
    const required = await readShared(manifestFile(root, remote, v));
    if (!required) continue;
    const label = against?.[remote.name] ? `${remote.name} ${v}` : `the live ${remote.name} ${v}`;
    problems.push(...checkSingletons({ label, shared: required }, { label: `shell ${version}`, shared: provided }));
  }
  return { problems, notes };
}

export async function activate(
  ctx: OpsContext,
  sectionName: string,
  versionArg: string | undefined,
  opts: ActivateOptions = {},
): Promise<ActivateResult> {
  const section = resolveSection(sectionName);
  if (!versionArg) throw new OpsError(`name the version to activate: pnpm ops activate ${section.name} <version> (see pnpm ops status)`, 2);
  const version = checkVersionName(versionArg);
  if (section.kind === 'shell' && opts.baseUrl) {
    throw new OpsError('--base-url is for remotes: the shell is always served by the host itself', 2);
  }
  const baseUrl = opts.baseUrl ? normaliseBaseUrl(opts.baseUrl) : null;
  const dir = versionDir(ctx.root, section, version);
  if (!(await exists(dir))) {
    throw new OpsError(`${section.name} ${version} is not published in ${ctx.root}: publish it first (pnpm ops publish ${section.name})`);
  }
  const entry = section.kind === 'shell' ? '' : manifestUrl(section, version, baseUrl);
  const missing = section.kind === 'shell' ? [] : await missingAssets(dir);
  if (missing.length && !opts.force) {
    throw new OpsError(
      `refusing to activate ${section.name} ${version}: ${missing.length} file(s) its mf-manifest.json names are not in ${dir} ` +
        `(a partial upload?)\n  ${missing.slice(0, 10).join('\n  ')}\n` +
        'Publish the complete build as a new version, or pass --force to activate anyway (recorded in history).',
    );
  }

  const store = storeOf(ctx);
  // On the shared store every host serves the version from its own disk unless it has a base URL.
  if (!baseUrl) {
    const lacking = await hostsLacking(store, section, version);
    if (lacking.length) throw new OpsError(notEverywhere('activate', section, version, lacking));
  }
  return store.change(async (tx) => {
    const { state } = tx;
    const s = sectionState(state, section);
    const previous = s.live?.version ?? null;
    const canary = tx.canaries.canaries[section.name];
    if (canary) {
      throw new OpsError(
        `${section.name} ${canary.version} is a canary for ${canary.percent} % of shoppers: end it first (pnpm ops promote ${section.name}, or pnpm ops rollback ${section.name})`,
      );
    }
    if (s.live && s.live.version === version && s.live.entry === entry) {
      return { section, version, previous, entry, changed: false, forced: false, problems: [], notes: ['already live'] };
    }
    const compat = await compatibilityProblems(ctx.root, state, section, version, opts.against);
    const { notes } = compat;
    if (compat.problems.length && !opts.force) {
      throw new OpsError(
        `refusing to activate ${section.name} ${version}: shared singletons are incompatible\n  ${compat.problems.join('\n  ')}\n` +
          'Rebuild against the live shell, or pass --force to activate anyway (recorded in history).',
      );
    }
    const problems = [...compat.problems, ...missing.map((f) => `missing file ${f}`)];
    const forced = problems.length > 0;
    const now = new Date().toISOString();
    const ref: LiveRef = { version, entry, activatedAt: now, ...(forced ? { forced: true } : {}) };
    let moved: { from: string } | undefined;
    if (s.live && s.live.version === version) {
      // Same version moved to another origin: not a new step for rollback.
      moved = { from: s.live.entry };
      s.live = ref;
    } else {
      if (s.live) s.previous.push(s.live);
      // Keep the rollback stack bounded; history.jsonl keeps everything.
      if (s.previous.length > MAX_ROLLBACK_STEPS) s.previous.splice(0, s.previous.length - MAX_ROLLBACK_STEPS);
      s.live = ref;
    }
    if (!s.versions[version]) s.versions[version] = { version, publishedAt: now };
    tx.history({
      action: 'activate',
      section: section.name,
      version,
      previous,
      ...(entry ? { entry } : {}),
      ...(forced ? { forced: true, problems } : {}),
    });
    return { section, version, previous, entry, changed: true, forced, problems, notes, ...(moved ? { moved } : {}) };
  });
}

/** How recently a host process must have reported its versions to count as running (it does every 5 s). */
export const HOST_SEEN_MS = 30_000;

/** Host processes on the shared store that have not reported holding this version in their deploy root. */
export async function hostsLacking(store: StateStore, section: Section, version: string): Promise<string[]> {
  const hosts = await store.hosts(HOST_SEEN_MS);
  return hosts.filter((h) => !h.versions[section.name]?.includes(version)).map((h) => `${h.hostname} pid ${h.pid} (${h.root})`);
}

export function notEverywhere(verb: string, section: Section, version: string, lacking: string[]): string {
  return (
    `refusing to ${verb} ${section.name} ${version}: ${lacking.length} host(s) on the shared store do not hold it in their deploy root\n  ${lacking.join('\n  ')}\n` +
    `Publish it on each host machine (pnpm ops publish ${section.name} there, or a shared read-only volume), or serve it from elsewhere with --base-url.`
  );
}

/**
 * Files a remote version's mf-manifest.json names (remote entry, exposed and shared chunks, CSS) that
 * are not in its folder: a partial upload that would go live broken. No manifest → nothing to check.
 */
export async function missingAssets(dir: string): Promise<string[]> {
  interface Assets {
    js?: { sync?: string[]; async?: string[] };
    css?: { sync?: string[]; async?: string[] };
  }
  let manifest: {
    metaData?: { remoteEntry?: { name?: string; path?: string } };
    exposes?: { assets?: Assets }[];
    shared?: { assets?: Assets }[];
  };
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, BUILD_FILES.manifest), 'utf8')) as typeof manifest;
  } catch {
    return [];
  }
  const names = new Set<string>();
  const add = (a?: Assets) => {
    for (const list of [a?.js?.sync, a?.js?.async, a?.css?.sync, a?.css?.async]) for (const f of list ?? []) names.add(f);
  };
  for (const e of manifest.exposes ?? []) add(e.assets);
  for (const sh of manifest.shared ?? []) add(sh.assets);
  const remoteEntry = manifest.metaData?.remoteEntry;
  if (remoteEntry?.name) names.add(path.posix.join(remoteEntry.path ?? '', remoteEntry.name));
  const missing: string[] = [];
  const base = path.resolve(dir);
  for (const name of names) {
    const full = path.resolve(base, name);
    // A name that escapes the version's folder counts as missing: it could never be served from it.
    if (!full.startsWith(base + path.sep) || !(await exists(full))) missing.push(name);
  }
  return missing.sort();
}
