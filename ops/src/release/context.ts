/** What every release command works on, and the production builds it finds in the workspace. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readJsonFile, type Section } from '../state';
import { BUILD_FILES } from '@storefront/contract/seam';

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

export async function readBuild(dir: string): Promise<BuildInfo | null> {
  const b = await readJsonFile<Partial<BuildInfo>>(path.join(dir, BUILD_FILES.buildInfo));
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
    const t = build.builtAt ? Date.parse(build.builtAt) : (await fs.stat(path.join(dir, BUILD_FILES.buildInfo))).mtimeMs;
    found.push({ dir, build, t: Number.isNaN(t) ? 0 : t });
  }
  found.sort((a, b) => b.t - a.t || b.build.version.localeCompare(a.build.version));
  return found.map(({ dir, build }) => ({ dir, build }));
}
