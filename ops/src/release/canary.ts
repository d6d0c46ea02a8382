/**
 * The canary's release commands: start one (`activate <remote> <version> --canary <percent>`) and make it
 * the live version (`promote`). Each is one change of the state store and leaves a line in its history.
 */
import {
  OpsError,
  checkVersionName,
  exists,
  manifestUrl,
  resolveSection,
  sectionState,
  storeOf,
  versionDir,
  type CanaryRef,
  type LiveRef,
  type OpsContext,
  type Section,
  type Thresholds,
} from '../state';
import { describeThresholds } from '../canary/thresholds';
import { compatibilityProblems, hostsLacking, MAX_ROLLBACK_STEPS, missingAssets, normaliseBaseUrl, notEverywhere } from './activate';

export interface CanaryOptions {
  percent: number;
  baseUrl?: string;
  force?: boolean;
  /** Let the host end it when these are crossed (null/undefined: never by itself). */
  autoRollback?: Thresholds | null;
}

export interface CanaryResult {
  section: Section;
  canary: CanaryRef;
  live: string;
  /** The same canary was running: only its share or thresholds changed. */
  updated: boolean;
  problems: string[];
  notes: string[];
}

/** A share of shoppers: more than 0, less than 100, at most two decimals. */
export function parsePercent(raw: string | undefined): number {
  const n = Number(raw);
  if (raw === undefined || raw.trim() === '' || !Number.isFinite(n) || n <= 0 || n >= 100 || Math.round(n * 100) !== n * 100) {
    throw new OpsError(`--canary takes a share of shoppers in per cent, more than 0 and less than 100 (got "${raw ?? ''}")`, 2);
  }
  return n;
}

export async function startCanary(
  ctx: OpsContext,
  sectionName: string,
  versionArg: string | undefined,
  opts: CanaryOptions,
): Promise<CanaryResult> {
  const section = resolveSection(sectionName);
  if (section.kind !== 'remote')
    throw new OpsError('a canary is for one remote (catalog, cart_checkout, account): the shell serves every page', 2);
  if (!versionArg) throw new OpsError(`name the version: pnpm ops activate ${section.name} <version> --canary <percent>`, 2);
  const version = checkVersionName(versionArg);
  const percent = opts.percent;
  const dir = versionDir(ctx.root, section, version);
  if (!(await exists(dir)))
    throw new OpsError(`${section.name} ${version} is not published in ${ctx.root}: publish it first (pnpm ops publish ${section.name})`);
  const entry = manifestUrl(section, version, opts.baseUrl ? normaliseBaseUrl(opts.baseUrl) : null);
  const missing = await missingAssets(dir);
  if (missing.length && !opts.force) {
    throw new OpsError(
      `refusing to start a canary of ${section.name} ${version}: ${missing.length} file(s) its mf-manifest.json names are missing\n  ${missing.slice(0, 10).join('\n  ')}`,
    );
  }
  const store = storeOf(ctx);
  if (!opts.baseUrl) {
    const lacking = await hostsLacking(store, section, version);
    if (lacking.length) throw new OpsError(notEverywhere('start a canary of', section, version, lacking));
  }
  return store.change(async (tx) => {
    const { state } = tx;
    const s = sectionState(state, section);
    if (!s.live) throw new OpsError(`${section.name} has no live version: activate one first (a canary is measured against it)`);
    if (s.live.version === version) throw new OpsError(`${section.name} ${version} is already the live version`);
    const file = tx.canaries;
    const running = file.canaries[section.name];
    if (running && running.version !== version) {
      throw new OpsError(
        `a canary of ${section.name} ${running.version} is running (${running.percent} %): promote it or roll it back first`,
      );
    }
    const { problems, notes } = await compatibilityProblems(ctx.root, state, section, version);
    if (problems.length && !opts.force) {
      throw new OpsError(
        `refusing to start a canary of ${section.name} ${version}: shared singletons are incompatible\n  ${problems.join('\n  ')}`,
      );
    }
    const canary: CanaryRef = {
      version,
      entry,
      percent,
      // Raising a running canary's share keeps its start (its telemetry window and history).
      startedAt: running?.startedAt ?? new Date().toISOString(),
      autoRollback: opts.autoRollback ?? null,
    };
    file.canaries[section.name] = canary;
    const all = [...problems, ...missing.map((f) => `missing file ${f}`)];
    tx.history({
      action: 'canary',
      section: section.name,
      version,
      previous: s.live.version,
      percent,
      ...(entry.startsWith('http') ? { entry } : {}),
      ...(all.length ? { forced: true, problems: all } : {}),
      ...(canary.autoRollback ? { reason: `auto-rollback ${describeThresholds(canary.autoRollback)}` } : {}),
    });
    return { section, canary, live: s.live.version, updated: !!running, problems: all, notes };
  });
}

export interface PromoteResult {
  section: Section;
  version: string;
  previous: string;
  problems: string[];
}

/** The canary becomes the live version for every shopper; the old live version is the rollback step. */
export async function promote(ctx: OpsContext, sectionName: string, opts: { force?: boolean } = {}): Promise<PromoteResult> {
  const section = resolveSection(sectionName);
  return storeOf(ctx).change(async (tx) => {
    const file = tx.canaries;
    const canary = file.canaries[section.name];
    if (!canary) throw new OpsError(`${section.name} has no canary running (see pnpm ops status)`);
    const { state } = tx;
    const s = sectionState(state, section);
    if (!s.live) throw new OpsError(`${section.name} has no live version`);
    // The shell may have changed since the canary started: check again, as activate would.
    const { problems } = await compatibilityProblems(ctx.root, state, section, canary.version);
    if (problems.length && !opts.force) {
      throw new OpsError(
        `refusing to promote ${section.name} ${canary.version}: shared singletons are incompatible\n  ${problems.join('\n  ')}\nRoll the canary back, or pass --force.`,
      );
    }
    const previous = s.live.version;
    const ref: LiveRef = {
      version: canary.version,
      entry: canary.entry,
      activatedAt: new Date().toISOString(),
      ...(problems.length ? { forced: true } : {}),
    };
    s.previous.push(s.live);
    if (s.previous.length > MAX_ROLLBACK_STEPS) s.previous.splice(0, s.previous.length - MAX_ROLLBACK_STEPS);
    s.live = ref;
    if (!s.versions[canary.version]) s.versions[canary.version] = { version: canary.version, publishedAt: ref.activatedAt };
    // One change: the registry names the new version and the canary goes together (the files store writes
    // the registry first), so no shopper steps back.
    delete file.canaries[section.name];
    tx.history({
      action: 'promote',
      section: section.name,
      version: canary.version,
      previous,
      percent: canary.percent,
      ...(problems.length ? { forced: true, problems } : {}),
    });
    return { section, version: canary.version, previous, problems };
  });
}
