/** The stylesheets a server-rendered page links in `<head>`: the shell's, and the page's own remote's (ssr-assets.json). */
import path from 'node:path';
import type { RemoteRegistry, RenderedRoute } from '@storefront/contract/deploy';
import { BUILD_FILES, SHELL_NAME, versionFolder } from '@storefront/contract/seam';
import { versionPath } from '../../state';
import { readBuildJson } from './buildJson';
import { escapeAttr } from './outlet';

async function cssLinks(folderUrl: string, folder: string, groups: string[]): Promise<string> {
  const assets = await readBuildJson<{ css?: Record<string, unknown> }>(path.join(folder, BUILD_FILES.ssrAssets));
  const links: string[] = [];
  for (const g of groups) {
    const files = assets?.css?.[g];
    if (!Array.isArray(files)) continue;
    for (const f of files) if (typeof f === 'string') links.push(`<link rel="stylesheet" href="${escapeAttr(folderUrl + f)}">`);
  }
  return links.join('');
}

/**
 * A remote's folder as the browser's federation runtime will name it: its manifest's folder (same origin
 * or another). The runtime links the stylesheets of the module it loads unless a link with the same URL
 * (scheme aside) is there already; linked from the server as `/remotes/…` they were not recognised,
 * linked a second time once the scripts ran, and parsed again with a restyle of the whole page (issue 19).
 * So on the site's origin, absolute.
 */
function remoteFolderUrl(entry: string, origin: string | null): string {
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  return origin && base.startsWith('/') && !base.startsWith('//') ? `${origin}${base}` : base;
}

/** The shell's own stylesheets, then those of the page the render showed. */
export async function pageStylesheets(
  root: string,
  reg: RemoteRegistry,
  shellVersion: string,
  route: RenderedRoute,
  origin: string | null,
): Promise<string> {
  const shellUrl = versionFolder(SHELL_NAME, shellVersion);
  const shellDir = versionPath(root, SHELL_NAME, shellVersion);
  let css = await cssLinks(shellUrl, shellDir, ['main', 'bootstrap']);
  if ('shell' in route) return css + (await cssLinks(shellUrl, shellDir, [route.shell]));
  const entry = reg.remotes[route.remote];
  if (entry) css += await cssLinks(remoteFolderUrl(entry.entry, origin), versionPath(root, route.remote, entry.version), [route.module]);
  return css;
}
