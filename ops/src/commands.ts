/**
 * The operator commands: publish, activate, rollback, status, history, deploy-all. Each works on a
 * deploy root (see store.ts for its layout) and returns what it did; cli.ts prints it.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readCanaries } from './canary/state';
import { checkSingletons, readShared, type Party } from './compat';
import { dropStalePrecompressed } from './precompressed';
import { OpsError, SECTIONS, checkVersionName, resolveSection, VERSION_RE, type Section } from './sections';
import {
  appendHistory,
  exists,
  lastKnownGood,
  manifestUrl,
  readHistory,
  readJsonFile,
  readState,
  saveState,
  sectionDir,
  sectionState,
  versionDir,
  withLock,
  type HistoryRecord,
  type LiveRef,
  type OpsState,
  type VersionInfo,
} from './store';

export interface OpsContext {
  /** The deploy root. */
  root: string;
  /** The workspace root (where `<folder>/dist/` builds are found). */
  repo: string;
}

/** `build.json`, written by shared/build/rspackConfig.ts beside every production build. */
export interface BuildInfo {
  name: string;
  package?: string;
  version: string;
  packageVersion?: string;
  buildId?: string;
  kind?: 'shell' | 'remote';
  builtAt?: string;
}

export interface FoundBuild {
  dir: string;
  build: BuildInfo;
}

async function readBuild(dir: string): Promise<BuildInfo | null> {
  const b = await readJsonFile<Partial<BuildInfo>>(path.join(dir, 'build.json'));
  if (!b || typeof b.version !== 'string' || typeof b.name !== 'string') return null;
  return b as BuildInfo;
}

/** Every production build in `<repo>/<folder>/dist/*` (not `dist/dev`), newest first. */
export async function findBuilds(repo: string, section: Section): Promise<FoundBuild[]> {
  const dist = path.join(repo, section.folder, 'dist');
  let names: string[];
  try {
    names = await fs.readdir(dist);
  } catch {
    return [];
  }
  const found: (FoundBuild & { t: number })[] = [];
  for (const n of names) {
    if (n === 'dev' || n.startsWith('.')) continue;
    const dir = path.join(dist, n);
    const build = await readBuild(dir);
    if (!build || build.name !== section.name) continue;
    const t = build.builtAt ? Date.parse(build.builtAt) : (await fs.stat(path.join(dir, 'build.json'))).mtimeMs;
    found.push({ dir, build, t: Number.isNaN(t) ? 0 : t });
  }
  found.sort((a, b) => b.t - a.t || b.build.version.localeCompare(a.build.version));
  return found.map(({ dir, build }) => ({ dir, build }));
}

// ---------------------------------------------------------------------------------------------- publish

export interface PublishResult {
  section: Section;
  version: string;
  dir: string;
  from: string;
  /** Precompressed files left out because they no longer matched their file. */
  dropped: string[];
}

export async function publish(ctx: OpsContext, sectionName: string, opts: { from?: string } = {}): Promise<PublishResult> {
  const section = resolveSection(sectionName);
  let from: string;
  let build: BuildInfo | null;
  if (opts.from) {
    from = path.resolve(opts.from);
    build = await readBuild(from);
    if (!build) throw new OpsError(`${from} has no build.json: is it a production build folder (<pkg>/dist/<version>/)?`);
  } else {
    const newest = (await findBuilds(ctx.repo, section))[0];
    if (!newest) {
      throw new OpsError(
        `no production build of ${section.name} in ${path.join(ctx.repo, section.folder, 'dist')}: run BUILD_ID=… NODE_ENV=production pnpm --filter ${section.pkg} build`,
      );
    }
    from = newest.dir;
    build = newest.build;
  }
  if (build.name !== section.name) {
    throw new OpsError(`${from} is a build of ${build.name}, not ${section.name}`);
  }
  const version = checkVersionName(build.version);
  const needed = section.kind === 'shell' ? 'index.html' : 'mf-manifest.json';
  if (!(await exists(path.join(from, needed)))) throw new OpsError(`${from} has no ${needed}: not a complete ${section.kind} build`);

  const dest = versionDir(ctx.root, section, version);
  const refuse = (when?: string) =>
    new OpsError(
      `${section.name} ${version} is already published${when ? ` (${when})` : ''}; published versions are immutable: build again with a new BUILD_ID`,
    );
  if (await exists(dest)) throw refuse();

  // Copy next to the destination first (same file system), then move it in with one rename.
  const parent = sectionDir(ctx.root, section);
  await fs.mkdir(parent, { recursive: true });
  const incoming = path.join(parent, `.incoming-${version}-${randomBytes(4).toString('hex')}`);
  await fs.cp(from, incoming, { recursive: true, errorOnExist: true, force: false });
  let dropped: string[] = [];
  try {
    dropped = await dropStalePrecompressed(incoming);
    await withLock(ctx.root, async () => {
      if (await exists(dest)) throw refuse();
      await fs.rename(incoming, dest);
      const state = await readState(ctx.root);
      const info: VersionInfo = {
        version,
        publishedAt: new Date().toISOString(),
        ...(build.builtAt ? { builtAt: build.builtAt } : {}),
        ...(build.buildId ? { buildId: build.buildId } : {}),
        ...(build.packageVersion ? { packageVersion: build.packageVersion } : {}),
        from,
      };
      sectionState(state, section).versions[version] = info;
      await saveState(ctx.root, state);
      await appendHistory(ctx.root, { action: 'publish', section: section.name, version });
    });
  } finally {
    await fs.rm(incoming, { recursive: true, force: true });
  }
  return { section, version, dir: dest, from, dropped };
}

// ---------------------------------------------------------------------------------------------- activate

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
  return path.join(versionDir(root, section, version), 'mf-manifest.json');
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

  return withLock(ctx.root, async () => {
    const state = await readState(ctx.root);
    const s = sectionState(state, section);
    const previous = s.live?.version ?? null;
    const canary = (await readCanaries(ctx.root)).canaries[section.name];
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
    await saveState(ctx.root, state);
    await appendHistory(ctx.root, {
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
    manifest = JSON.parse(await fs.readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as typeof manifest;
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

// ---------------------------------------------------------------------------------------------- rollback

export interface RollbackResult {
  section: Section;
  from: string;
  to: string;
  entry: string;
  lastKnownGood: string | null;
  problems: string[];
}

export async function rollback(ctx: OpsContext, sectionName: string): Promise<RollbackResult> {
  const section = resolveSection(sectionName);
  return withLock(ctx.root, async () => {
    const state = await readState(ctx.root);
    const s = sectionState(state, section);
    if (!s.live) throw new OpsError(`${section.name} has no live version: nothing to roll back`);
    const current = s.live;
    let target: LiveRef | undefined;
    while ((target = s.previous.pop())) {
      if (target.version !== current.version) break;
    }
    if (!target) {
      throw new OpsError(
        `${section.name} ${current.version} has no previously live version to roll back to (see pnpm ops history ${section.name})`,
      );
    }
    s.live = { ...target, activatedAt: new Date().toISOString() };
    // Rolling back is the emergency exit: never refuse it, but say when it no longer fits the shell.
    const { problems } = await compatibilityProblems(ctx.root, state, section, target.version);
    await saveState(ctx.root, state);
    await appendHistory(ctx.root, {
      action: 'rollback',
      section: section.name,
      version: target.version,
      previous: current.version,
      ...(target.entry ? { entry: target.entry } : {}),
      ...(problems.length ? { problems } : {}),
    });
    const lkg = lastKnownGood(s);
    return { section, from: current.version, to: target.version, entry: target.entry, lastKnownGood: lkg?.version ?? null, problems };
  });
}

// ---------------------------------------------------------------------------------------------- status

export interface VersionRow {
  version: string;
  builtAt: string | null;
  publishedAt: string | null;
  tags: string[];
}

export interface SectionStatus {
  section: Section;
  live: LiveRef | null;
  lastKnownGood: LiveRef | null;
  /** Rollback stack depth. */
  rollbackSteps: number;
  /** The live version has a server build: the host renders its pages (docs/operators.md § Server rendering). */
  serverRendered: boolean;
  versions: VersionRow[];
}

export async function listVersions(root: string, section: Section, state: OpsState): Promise<VersionRow[]> {
  const s = sectionState(state, section);
  const lkg = lastKnownGood(s);
  let names: string[] = [];
  try {
    names = (await fs.readdir(sectionDir(root, section), { withFileTypes: true }))
      .filter((d) => d.isDirectory() && VERSION_RE.test(d.name))
      .map((d) => d.name);
  } catch {
    names = [];
  }
  const rows: VersionRow[] = [];
  for (const v of names) {
    const info = s.versions[v];
    let builtAt = info?.builtAt ?? null;
    let publishedAt = info?.publishedAt ?? null;
    if (!builtAt) builtAt = (await readBuild(versionDir(root, section, v)))?.builtAt ?? null;
    if (!publishedAt) publishedAt = (await fs.stat(versionDir(root, section, v))).mtime.toISOString();
    const tags: string[] = [];
    if (s.live?.version === v) tags.push(s.live.forced ? 'live (forced)' : 'live');
    if (lkg?.version === v) tags.push('last-known-good');
    else if (s.previous.some((p) => p.version === v)) tags.push('rollback stack');
    rows.push({ version: v, builtAt, publishedAt, tags });
  }
  rows.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.version.localeCompare(a.version));
  return rows;
}

export async function status(ctx: OpsContext): Promise<SectionStatus[]> {
  const state = await readState(ctx.root);
  const out: SectionStatus[] = [];
  for (const section of SECTIONS) {
    const s = sectionState(state, section);
    const serverBuild = s.live ? path.join(versionDir(ctx.root, section, s.live.version), 'server', 'server.js') : null;
    out.push({
      section,
      live: s.live,
      lastKnownGood: lastKnownGood(s),
      rollbackSteps: s.previous.length,
      serverRendered: serverBuild
        ? await fs.stat(serverBuild).then(
            (st) => st.isFile(),
            () => false,
          )
        : false,
      versions: await listVersions(ctx.root, section, state),
    });
  }
  return out;
}

export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
}

/** Plain-text table with padded columns. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function origin(entry: string): string {
  if (!entry) return 'this site';
  try {
    return new URL(entry).origin;
  } catch {
    return 'this site';
  }
}

export function formatStatus(rows: SectionStatus[], root: string): string {
  const parts: string[] = [`deploy root: ${root}`, ''];
  parts.push(
    table(
      ['SECTION', 'LIVE', 'SINCE', 'PREVIOUS (LAST-KNOWN-GOOD)', 'ROLLBACKS', 'SERVED FROM', 'SERVER BUILD', 'PUBLISHED'],
      rows.map((r) => [
        r.section.name,
        r.live ? `${r.live.version}${r.live.forced ? ' (forced)' : ''}` : '-',
        fmtDate(r.live?.activatedAt),
        r.lastKnownGood?.version ?? '-',
        String(r.rollbackSteps),
        r.live ? origin(r.live.entry) : '-',
        r.live ? (r.serverRendered ? 'yes' : 'no') : '-',
        String(r.versions.length),
      ]),
    ),
  );
  for (const r of rows) {
    parts.push('', `${r.section.name} — published versions`);
    if (!r.versions.length) {
      parts.push('  (none)');
      continue;
    }
    const t = table(
      ['VERSION', 'BUILT', 'PUBLISHED', 'STATE'],
      r.versions.map((v) => [v.version, fmtDate(v.builtAt), fmtDate(v.publishedAt), v.tags.join(', ') || '-']),
    );
    parts.push(t.replace(/^/gm, '  '));
  }
  return parts.join('\n');
}

// ---------------------------------------------------------------------------------------------- history

export async function history(ctx: OpsContext, sectionName?: string): Promise<HistoryRecord[]> {
  const all = await readHistory(ctx.root);
  if (!sectionName) return all;
  const section = resolveSection(sectionName);
  return all.filter((h) => h.section === section.name);
}

export function formatHistory(records: HistoryRecord[]): string {
  if (!records.length) return '(no history)';
  return table(
    ['WHEN', 'SECTION', 'ACTION', 'VERSION', 'FROM', 'BY', 'NOTE'],
    records.map((h) => [
      fmtDate(h.at),
      h.section,
      h.action,
      h.version,
      h.previous ?? '-',
      h.by,
      [
        h.forced ? `FORCED past: ${(h.problems ?? []).join('; ')}` : '',
        !h.forced && h.problems?.length ? `warning: ${h.problems.join('; ')}` : '',
        h.entry && /^https?:/.test(h.entry) ? `entry ${h.entry}` : '',
        h.percent !== undefined ? `${h.percent} % of shoppers` : '',
        h.reason ?? '',
      ]
        .filter(Boolean)
        .join(' ') || '-',
    ]),
  );
}

// ---------------------------------------------------------------------------------------------- deploy-all

export interface DeployAllResult {
  lines: string[];
  failures: string[];
}

/**
 * What `npm start` runs after building: publish each section's newest build unless it already is,
 * and make it live unless it already is. The shell goes first, checked against the remotes that are
 * about to go live with it. Running it twice changes nothing.
 */
export async function deployAll(ctx: OpsContext): Promise<DeployAllResult> {
  const lines: string[] = [];
  const failures: string[] = [];
  const targets: Partial<Record<string, string>> = {};
  for (const section of SECTIONS) {
    const newest = (await findBuilds(ctx.repo, section))[0];
    if (!newest) {
      lines.push(`${section.name}: no production build in ${section.folder}/dist, skipped`);
      continue;
    }
    const version = newest.build.version;
    targets[section.name] = version;
    if (await exists(versionDir(ctx.root, section, version))) continue;
    try {
      await publish(ctx, section.name, { from: newest.dir });
      lines.push(`${section.name}: published ${version}`);
    } catch (err) {
      if (await exists(versionDir(ctx.root, section, version))) continue; // published concurrently
      failures.push(`${section.name}: ${(err as Error).message}`);
      delete targets[section.name];
    }
  }
  const order = [...SECTIONS].sort((a, b) => (a.kind === 'shell' ? -1 : b.kind === 'shell' ? 1 : 0));
  const state = await readState(ctx.root);
  for (const section of order) {
    const version = targets[section.name];
    if (!version) continue;
    // Already live (perhaps from another origin, set by an operator): leave it as it is.
    if (state.sections[section.name]?.live?.version === version) {
      lines.push(`${section.name}: ${version} already live`);
      continue;
    }
    try {
      const res = await activate(ctx, section.name, version, section.kind === 'shell' ? { against: targets } : {});
      lines.push(
        res.changed
          ? `${section.name}: ${version} is live${res.previous ? ` (was ${res.previous})` : ''}`
          : `${section.name}: ${version} already live`,
      );
    } catch (err) {
      failures.push(`${section.name}: ${(err as Error).message}`);
    }
  }
  return { lines, failures };
}
