/**
 * The deploy root, laid out as a CDN bucket would hold it (docs/operators.md § The deploy root):
 * remotes.json (the registry the shell reads), shell/<v>/ and remotes/<name>/<v>/ (the builds, as
 * contract's versionFolder names them), ops-state.json, history.jsonl and .ops.lock (the files store).
 */
import path from 'node:path';
import { BUILD_FILES, versionFolder } from '@storefront/contract/seam';
import type { Section } from './sections';

export const REGISTRY_FILE = 'remotes.json';
export const STATE_FILE = 'ops-state.json';
export const HISTORY_FILE = 'history.jsonl';
export const LOCK_FILE = '.ops.lock';
export const CANARY_FILE = 'canary.json';
/** A change being written (fileStore/changes.ts): whole, or absent. */
export const JOURNAL_FILE = '.ops-change.json';
export const TELEMETRY_DIR = 'telemetry';
/** Below TELEMETRY_DIR: the rate limit's counts. */
export const LIMITS_DIR = 'limits';
/** Below TELEMETRY_DIR. */
export const REPORTER_KEY_FILE = '.reporter-key';

/** Folder holding every version of a section, as served: `/shell/…` and `/remotes/<name>/…`. */
export function sectionDir(root: string, section: Section): string {
  return path.dirname(versionDir(root, section, '-'));
}

export function versionDir(root: string, section: Section, version: string): string {
  return versionPath(root, section.name, version);
}

/** A version's folder in the deploy root, by the section's registry name (`shell`, `catalog`, …). */
export function versionPath(root: string, name: string, version: string): string {
  return path.join(root, ...versionFolder(name, version).split('/').filter(Boolean));
}

/** URL path of a version folder on the site: `/shell/<v>/` or `/remotes/<name>/<v>/`. */
export function versionUrlPath(section: Section, version: string): string {
  return versionFolder(section.name, version);
}

/** The manifest URL the registry names: site-relative, or on `baseUrl`'s origin. */
export function manifestUrl(section: Section, version: string, baseUrl?: string | null): string {
  const p = `${versionUrlPath(section, version)}${BUILD_FILES.manifest}`;
  return baseUrl ? `${baseUrl.replace(/\/+$/, '')}${p}` : p;
}
