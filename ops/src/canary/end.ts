/**
 * Ending a canary (`rollback` while one runs, or the host's auto-rollback): every shopper gets the live
 * version again, one change of the state store with its line in history.
 */
import { resolveSection, sectionState, storeOf, type CanaryRef, type OpsContext } from '../state';

export interface EndCanaryOptions {
  reason: string;
  /** Set by the host: recorded as who ended it. */
  by?: string;
  /** End it only if it is still this canary (the one the host measured), not one started since. */
  expect?: Pick<CanaryRef, 'version' | 'startedAt'>;
}

/** Ends the section's canary: every shopper gets the live version again. Null when none was running. */
export async function endCanary(
  ctx: OpsContext,
  sectionName: string,
  opts: EndCanaryOptions,
): Promise<(CanaryRef & { live: string | null }) | null> {
  const section = resolveSection(sectionName);
  // A conditional change: of several hosts deciding at once, the first ends it and records why; the others
  // find it gone (or another canary started since) once the first's change is done, and do nothing.
  return storeOf(ctx).change(async (tx) => {
    const file = tx.canaries;
    const canary = file.canaries[section.name];
    if (!canary) return null;
    if (opts.expect && (opts.expect.version !== canary.version || opts.expect.startedAt !== canary.startedAt)) return null;
    delete file.canaries[section.name];
    const live = sectionState(tx.state, section).live?.version ?? null;
    tx.history({
      action: 'canary-end',
      section: section.name,
      version: canary.version,
      previous: live,
      percent: canary.percent,
      reason: opts.reason,
      ...(opts.by ? { by: opts.by } : {}),
    });
    return { ...canary, live };
  });
}
