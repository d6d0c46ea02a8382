/** Whether a remote version is published in this host's deploy root (telemetry counts only those). */
import { promises as fs } from 'node:fs';
import { isVersionName } from '@storefront/contract/seam';
import { SECTIONS, versionPath } from '../state';
import { versionKey } from '../telemetry/store';

const SECTION_NAMES = new Set(SECTIONS.map((s) => s.name));
const MAX_REMEMBERED = 2000;
const RECHECK_MS = 60_000;

/** Remembered per version: a version folder never goes away once published; a missing one is asked again after a minute. */
export function publishedVersions(root: string): (section: string, version: string) => Promise<boolean> {
  const known = new Map<string, { ok: boolean; until: number }>();
  return async (section, version) => {
    if (!SECTION_NAMES.has(section) || !isVersionName(version)) return false;
    const key = versionKey(section, version);
    const hit = known.get(key);
    const now = Date.now();
    if (hit && (hit.ok || hit.until > now)) return hit.ok;
    const ok = await fs.stat(versionPath(root, section, version)).then(
      (st) => st.isDirectory(),
      () => false,
    );
    if (known.size > MAX_REMEMBERED) known.clear();
    known.set(key, { ok, until: now + RECHECK_MS });
    return ok;
  };
}
