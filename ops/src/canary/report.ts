/**
 * What `ops status` and `ops report` show of canaries and browser telemetry: per remote, the live
 * version and the canary (and any other version shoppers still ran, such as a canary that just
 * ended) over the last minutes, from the local telemetry store every host process writes.
 */
import type { OpsContext } from '../release/context';
import { fmtDate, table } from '../text';
import { OpsError, SECTIONS, resolveSection } from '../sections';
import { readHistory, readState, type HistoryRecord } from '../store';
import { emptyAggregate, formatMs, formatRate, summarize, type Summary } from '../telemetry/aggregate';
import { minuteOf, readAggregates, versionKey } from '../telemetry/store';
import { describeThresholds } from './commands';
import { readCanaries, type CanaryRef } from './state';

export interface VersionTelemetry {
  version: string;
  role: 'live' | 'canary' | 'other';
  summary: Summary;
}

export interface RemoteTelemetry {
  remote: string;
  live: string | null;
  canary: CanaryRef | null;
  versions: VersionTelemetry[];
}

export async function telemetryStatus(ctx: OpsContext, windowMinutes = 15, now = Date.now()): Promise<RemoteTelemetry[]> {
  const state = await readState(ctx.root);
  const { canaries } = await readCanaries(ctx.root);
  const to = minuteOf(now);
  const aggs = await readAggregates(ctx.root, to - windowMinutes + 1, to);
  const out: RemoteTelemetry[] = [];
  for (const section of SECTIONS) {
    const live = state.sections[section.name]?.live?.version ?? null;
    const canary = canaries[section.name] ?? null;
    const versions: VersionTelemetry[] = [];
    const add = (version: string, role: VersionTelemetry['role']) => {
      const agg = aggs.get(versionKey(section.name, version));
      versions.push({ version, role, summary: summarize(agg ?? emptyAggregate()) });
    };
    if (live) add(live, 'live');
    if (canary) add(canary.version, 'canary');
    for (const key of aggs.keys()) {
      const [r, v] = key.split('\0');
      if (r === section.name && v && v !== live && v !== canary?.version) add(v, 'other');
    }
    out.push({ remote: section.name, live, canary, versions });
  }
  return out;
}

export function formatTelemetryStatus(rows: RemoteTelemetry[], windowMinutes: number): string {
  const parts: string[] = [];
  const canaries = rows.filter((r) => r.canary);
  parts.push('canaries');
  if (!canaries.length) parts.push('  (none running)');
  for (const r of canaries) {
    const c = r.canary as CanaryRef;
    parts.push(
      `  ${r.remote} ${c.version} for ${c.percent} % of shoppers (the rest on ${r.live ?? '-'}) since ${fmtDate(c.startedAt)}; ` +
        (c.autoRollback ? `auto-rollback when ${describeThresholds(c.autoRollback)}` : 'no auto-rollback'),
    );
  }
  parts.push('', `browser telemetry, last ${windowMinutes} min (every host process)`);
  const body = rows.flatMap((r) =>
    r.versions.map((v) => [
      r.remote,
      v.version,
      v.role === 'canary' ? `canary ${r.canary?.percent ?? ''} %` : v.role === 'live' ? 'live' : '-',
      String(v.summary.views),
      formatRate(v.summary.errorRate),
      formatRate(v.summary.chunkFailureRate),
      String(v.summary.fallbackLkg + v.summary.fallbackUnavailable),
      formatMs(v.summary.p75.LCP),
      formatMs(v.summary.p75.INP),
    ]),
  );
  const t = table(['REMOTE', 'VERSION', 'ROLE', 'PAGE VIEWS', 'ERROR RATE', 'CHUNK FAILURES', 'FALLBACKS', 'LCP p75', 'INP p75'], body);
  parts.push(t.replace(/^/gm, '  '));
  return parts.join('\n');
}

export interface Report {
  remote: string;
  windowMinutes: number;
  live: VersionTelemetry | null;
  canary: (VersionTelemetry & { percent: number | null; running: boolean; ended: HistoryRecord | null }) | null;
}

/** The canary against the live version; with none running, the last canary that ran (and why it ended). */
export async function report(ctx: OpsContext, sectionName: string, windowMinutes = 15, now = Date.now()): Promise<Report> {
  const section = resolveSection(sectionName);
  if (section.kind !== 'remote')
    throw new OpsError("report compares a remote's canary with its live version: name a remote (catalog, cart_checkout, account)", 2);
  const rows = (await telemetryStatus(ctx, windowMinutes, now)).find((r) => r.remote === section.name);
  const live = rows?.versions.find((v) => v.role === 'live') ?? null;
  let canary: Report['canary'] = null;
  const running = rows?.versions.find((v) => v.role === 'canary');
  if (running && rows?.canary) {
    canary = { ...running, percent: rows.canary.percent, running: true, ended: null };
  } else {
    const ended = (await readHistory(ctx.root))
      .filter((h) => h.section === section.name && (h.action === 'canary-end' || h.action === 'promote'))
      .pop();
    if (ended && ended.action === 'canary-end') {
      const v = rows?.versions.find((x) => x.version === ended.version);
      const to = minuteOf(now);
      const agg = v ? null : (await readAggregates(ctx.root, to - windowMinutes + 1, to)).get(versionKey(section.name, ended.version));
      canary = {
        version: ended.version,
        role: 'other',
        summary: v?.summary ?? summarize(agg ?? emptyAggregate()),
        percent: ended.percent ?? null,
        running: false,
        ended,
      };
    }
  }
  return { remote: section.name, windowMinutes, live, canary };
}

export function formatReport(r: Report): string {
  const lines: string[] = [];
  if (!r.canary) {
    lines.push(`${r.remote}: no canary is running or has ended (start one: pnpm ops activate ${r.remote} <version> --canary 10)`);
    if (!r.live) return lines.join('\n');
  } else if (!r.canary.running && r.canary.ended) {
    lines.push(
      `${r.remote}: the canary ${r.canary.version} ended ${fmtDate(r.canary.ended.at)} (${r.canary.ended.reason ?? 'by an operator'}, by ${r.canary.ended.by})`,
    );
  }
  const col = (v: VersionTelemetry | null | undefined, f: (s: Summary) => string) => (v ? f(v.summary) : '-');
  const live = r.live;
  const canary = r.canary;
  const head = [
    'LAST ' + r.windowMinutes + ' MIN',
    live ? `LIVE ${live.version}` : 'LIVE -',
    canary
      ? `CANARY ${canary.version}${canary.percent !== null ? ` (${canary.percent} %)` : ''}${canary.running ? '' : ' (ended)'}`
      : 'CANARY -',
  ];
  const row = (name: string, f: (s: Summary) => string) => [name, col(live, f), col(canary, f)];
  lines.push(
    table(head, [
      row('page views', (s) => String(s.views)),
      row('errors', (s) => String(s.errors)),
      row('error rate', (s) => formatRate(s.errorRate)),
      row('chunk failures', (s) => String(s.chunkFailures)),
      row('chunk-failure rate', (s) => formatRate(s.chunkFailureRate)),
      row('fell back to last-known-good', (s) => String(s.fallbackLkg)),
      row('section unavailable', (s) => String(s.fallbackUnavailable)),
      row('LCP p75', (s) => formatMs(s.p75.LCP)),
      row('INP p75', (s) => formatMs(s.p75.INP)),
      row('TTFB p75', (s) => formatMs(s.p75.TTFB)),
      row('CLS p75', (s) => (s.p75.CLS === null ? '-' : s.p75.CLS.toFixed(3))),
      row(
        'failing routes',
        (s) =>
          s.failingRoutes
            .slice(0, 3)
            .map(([route, n]) => `${route} ${n}`)
            .join(', ') || '-',
      ),
    ]),
  );
  return lines.join('\n');
}
