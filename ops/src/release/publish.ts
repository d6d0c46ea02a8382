/** `ops publish`: copies a section's production build into the deploy root as an immutable version. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropStalePrecompressed } from './precompressed';
import {
  OpsError,
  checkVersionName,
  resolveSection,
  type Section,
  exists,
  sectionDir,
  sectionState,
  versionDir,
  type VersionInfo,
  storeOf,
  type OpsContext,
} from '../state';
import { findBuilds, readBuild, type BuildInfo } from './context';
import { BUILD_FILES } from '@storefront/contract/seam';

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
  const needed = section.kind === 'shell' ? BUILD_FILES.page : BUILD_FILES.manifest;
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
    await storeOf(ctx).change(async (tx) => {
      if (await exists(dest)) throw refuse();
      await fs.rename(incoming, dest);
      const { state } = tx;
      const info: VersionInfo = {
        version,
        publishedAt: new Date().toISOString(),
        ...(build.builtAt ? { builtAt: build.builtAt } : {}),
        ...(build.buildId ? { buildId: build.buildId } : {}),
        ...(build.packageVersion ? { packageVersion: build.packageVersion } : {}),
        from,
      };
      sectionState(state, section).versions[version] = info;
      tx.history({ action: 'publish', section: section.name, version });
    });
  } finally {
    await fs.rm(incoming, { recursive: true, force: true });
  }
  return { section, version, dir: dest, from, dropped };
}
