/** `ops rollback`: the previous live version back, never refused (the emergency exit). */
import { OpsError, resolveSection, type Section, lastKnownGood, sectionState, type LiveRef, storeOf, type OpsContext } from '../state';
import { compatibilityProblems, hostsLacking } from './activate';

export interface RollbackResult {
  section: Section;
  from: string;
  to: string;
  entry: string;
  lastKnownGood: string | null;
  problems: string[];
  /** Hosts on the shared store that do not hold the version rolled back to (never refused: said). */
  lacking: string[];
}

export async function rollback(ctx: OpsContext, sectionName: string): Promise<RollbackResult> {
  const section = resolveSection(sectionName);
  const store = storeOf(ctx);
  const result = await store.change(async (tx) => {
    const { state } = tx;
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
    tx.history({
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
  // Said, not refused: the emergency exit stays open (a version served from a base URL needs no host).
  const lacking = /^https?:/.test(result.entry) ? [] : await hostsLacking(store, section, result.to).catch(() => []);
  return { ...result, lacking };
}
