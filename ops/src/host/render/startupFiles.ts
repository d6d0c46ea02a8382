/**
 * What a personal page's scripts will ask for as they start, named at once so the page loader can preload
 * it in one wave instead of four (main.js → the remote's manifest → its entry and the shell's shared
 * libraries → the page): the shell's shared libraries and `bootstrap` chunk, the remote's manifest, entry
 * and the page's own chunks, read from the two builds' `mf-manifest.json` and `ssr-assets.json`.
 */
import path from 'node:path';
import type { RemoteRegistry, RenderedRoute } from '@storefront/contract/deploy';
import { BUILD_FILES, SHELL_NAME, versionFolder } from '@storefront/contract/seam';
import { versionPath } from '../../state';
import { readBuildJson } from './buildJson';

/** The shell's chunk groups every start-up loads besides its shared libraries (not axios: loaded on first need). */
const SHELL_START_GROUPS = ['bootstrap'];

/** Shared libraries only the chunks holding a form load: not preloaded. */
const LOADED_ON_DEMAND = new Set(['@storefront/shared/validation']);

/** The parts of a build's `mf-manifest.json` read here; anything may be missing. */
interface MfManifest {
  metaData?: { remoteEntry?: { name?: unknown } };
  shared?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

async function shellFiles(root: string, shellVersion: string): Promise<string[]> {
  const dir = versionPath(root, SHELL_NAME, shellVersion);
  const url = versionFolder(SHELL_NAME, shellVersion);
  const files: string[] = [];
  const manifest = await readBuildJson<MfManifest>(path.join(dir, BUILD_FILES.manifest));
  for (const shared of manifest?.shared ?? []) {
    if (!shared.name || LOADED_ON_DEMAND.has(shared.name)) continue;
    for (const f of shared.assets?.js?.sync ?? []) files.push(url + f);
  }
  const assets = await readBuildJson<{ js?: Record<string, unknown> }>(path.join(dir, BUILD_FILES.ssrAssets));
  for (const group of SHELL_START_GROUPS) {
    const list = assets?.js?.[group];
    if (Array.isArray(list)) for (const f of list) if (typeof f === 'string') files.push(url + f);
  }
  return files;
}

/** The start-up files of a personal page the render showed: [] for a shell page or a remote not live. */
export async function startupFiles(root: string, reg: RemoteRegistry, shellVersion: string, route: RenderedRoute): Promise<string[]> {
  if ('shell' in route) return [];
  const entry = reg.remotes[route.remote];
  if (!entry) return [];
  const url = entry.entry.slice(0, entry.entry.lastIndexOf('/') + 1);
  const manifest = await readBuildJson<MfManifest>(path.join(versionPath(root, route.remote, entry.version), BUILD_FILES.manifest));
  const files = await shellFiles(root, shellVersion);
  const remoteEntry = manifest?.metaData?.remoteEntry?.name;
  if (typeof remoteEntry === 'string') files.push(url + remoteEntry);
  for (const f of manifest?.exposes?.find((e) => e.name === route.module)?.assets?.js?.sync ?? []) files.push(url + f);
  // The manifest as the federation runtime fetches it, then scripts only: nothing else is preloaded.
  return [entry.entry, ...new Set(files.filter((f) => /^[\w./:-]+\.js$/.test(f)))];
}
