/** `ops deploy-all` (what `npm start` runs): publish and activate every section's newest build. */
import { SECTIONS, exists, versionDir, storeOf, type OpsContext } from '../state';
import { activate } from './activate';
import { findBuilds } from './context';
import { publish } from './publish';

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
  const state = await storeOf(ctx).readState();
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
