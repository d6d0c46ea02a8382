/** `ops status`: per section the live version, its last-known-good, rollback depth and published versions. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  SECTIONS,
  type Section,
  lastKnownGood,
  sectionDir,
  sectionState,
  versionDir,
  type LiveRef,
  type OpsState,
  type HostSeen,
  type StateStore,
  fmtDate,
  table,
  storeOf,
  type OpsContext,
} from '../state';
import { isVersionName, BUILD_FILES } from '@storefront/contract/seam';
import { HOST_SEEN_MS } from './activate';
import { readBuild } from './context';

export interface VersionRow {
  version: string;
  builtAt: string | null;
  publishedAt: string | null;
  tags: string[];
}

export interface SectionStatus {
  section: Section;
  live: LiveRef | null;
  lastKnownGood: LiveRef | null;
  /** Rollback stack depth. */
  rollbackSteps: number;
  /** The live version has a server build: the host renders its pages (docs/operators.md § Server rendering). */
  serverRendered: boolean;
  versions: VersionRow[];
}

export async function listVersions(root: string, section: Section, state: OpsState): Promise<VersionRow[]> {
  const s = sectionState(state, section);
  const lkg = lastKnownGood(s);
  let names: string[] = [];
  try {
    names = (await fs.readdir(sectionDir(root, section), { withFileTypes: true }))
      .filter((d) => d.isDirectory() && isVersionName(d.name))
      .map((d) => d.name);
  } catch {
    names = [];
  }
  const rows: VersionRow[] = [];
  for (const v of names) {
    const info = s.versions[v];
    let builtAt = info?.builtAt ?? null;
    let publishedAt = info?.publishedAt ?? null;
    if (!builtAt) builtAt = (await readBuild(versionDir(root, section, v)))?.builtAt ?? null;
    if (!publishedAt) publishedAt = (await fs.stat(versionDir(root, section, v))).mtime.toISOString();
    const tags: string[] = [];
    if (s.live?.version === v) tags.push(s.live.forced ? 'live (forced)' : 'live');
    if (lkg?.version === v) tags.push('last-known-good');
    else if (s.previous.some((p) => p.version === v)) tags.push('rollback stack');
    rows.push({ version: v, builtAt, publishedAt, tags });
  }
  rows.sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.version.localeCompare(a.version));
  return rows;
}

export async function status(ctx: OpsContext): Promise<SectionStatus[]> {
  const state = await storeOf(ctx).readState();
  const out: SectionStatus[] = [];
  for (const section of SECTIONS) {
    const s = sectionState(state, section);
    const serverBuild = s.live
      ? path.join(versionDir(ctx.root, section, s.live.version), BUILD_FILES.serverDir, BUILD_FILES.serverFile)
      : null;
    out.push({
      section,
      live: s.live,
      lastKnownGood: lastKnownGood(s),
      rollbackSteps: s.previous.length,
      serverRendered: serverBuild
        ? await fs.stat(serverBuild).then(
            (st) => st.isFile(),
            () => false,
          )
        : false,
      versions: await listVersions(ctx.root, section, state),
    });
  }
  return out;
}

function origin(entry: string): string {
  if (!entry) return 'this site';
  try {
    return new URL(entry).origin;
  } catch {
    return 'this site';
  }
}

export function formatStatus(rows: SectionStatus[], root: string, store?: StateStore): string {
  const parts: string[] = [`deploy root: ${root}`];
  if (store?.kind === 'postgres') parts.push(`state: ${store.where} (shared by every host)`);
  parts.push('');
  parts.push(
    table(
      ['SECTION', 'LIVE', 'SINCE', 'PREVIOUS (LAST-KNOWN-GOOD)', 'ROLLBACKS', 'SERVED FROM', 'SERVER BUILD', 'PUBLISHED'],
      rows.map((r) => [
        r.section.name,
        r.live ? `${r.live.version}${r.live.forced ? ' (forced)' : ''}` : '-',
        fmtDate(r.live?.activatedAt),
        r.lastKnownGood?.version ?? '-',
        String(r.rollbackSteps),
        r.live ? origin(r.live.entry) : '-',
        r.live ? (r.serverRendered ? 'yes' : 'no') : '-',
        String(r.versions.length),
      ]),
    ),
  );
  for (const r of rows) {
    parts.push('', `${r.section.name} — published versions`);
    if (!r.versions.length) {
      parts.push('  (none)');
      continue;
    }
    const t = table(
      ['VERSION', 'BUILT', 'PUBLISHED', 'STATE'],
      r.versions.map((v) => [v.version, fmtDate(v.builtAt), fmtDate(v.publishedAt), v.tags.join(', ') || '-']),
    );
    parts.push(t.replace(/^/gm, '  '));
  }
  return parts.join('\n');
}

/** The host processes on the shared store, and the live versions each does not hold on its disk. */
export function formatHosts(hosts: HostSeen[], rows: SectionStatus[]): string {
  const head = `hosts on the shared store (heard from in the last ${HOST_SEEN_MS / 1000} s)`;
  if (!hosts.length) return `${head}\n  (none)`;
  const t = table(
    ['HOST', 'PID', 'DEPLOY ROOT', 'LAST SEEN', 'LACKS (LIVE)'],
    hosts.map((h) => [
      h.hostname,
      String(h.pid),
      h.root,
      fmtDate(h.seenAt),
      rows
        .filter((r) => r.live && !/^https?:/.test(r.live.entry) && !h.versions[r.section.name]?.includes(r.live.version))
        .map((r) => `${r.section.name} ${r.live?.version ?? ''}`)
        .join(', ') || '-',
    ]),
  );
  return `${head}\n${t.replace(/^/gm, '  ')}`;
}
