/**
 * What `ops status` and `ops report` show of canaries and browser telemetry: per remote, the live
 * version and the canary (and any other version shoppers still ran, such as a canary that just
 * ended) over the last minutes, from the local telemetry store every host process writes.
 *
 * Anybody can post telemetry, so the figures shown first are the ones the canary decision uses:
 * page views, errors and chunk failures capped per reporter (client address) and minute, with the
 * number of distinct reporters. What was posted — uncapped counts, fallbacks, Web Vitals, failing
 * routes — is shown too, labelled "posted": one address can pad it at will.
 */
import { fmtDate, table, OpsError, SECTIONS, resolveSection, type HistoryRecord } from '../state';
import { storeOf, type OpsContext } from '../state';
import { emptyAggregate, formatMs, formatRate, summarize, type Summary } from '../telemetry/aggregate';
import { REPORTER_CAPS, reporterTotals, type ReporterTotals } from '../telemetry/reporters';
import { minuteOf, readVersionTotals, versionKey, type VersionTotals } from '../telemetry/store';
import { describeThresholds } from './thresholds';
import type { CanaryRef } from './state';

/** Counts capped per reporter-minute (what --auto-rollback decides on), with their rates per page view. */
export interface Counted extends ReporterTotals {
  errorRate: number | null;
  chunkFailureRate: number | null;
}

export interface VersionTelemetry {
  version: string;
  role: 'live' | 'canary' | 'other';
  /** What the operator reads first: each reporter counts at most REPORTER_CAPS a minute. */
  counted: Counted;
  /** Everything posted, uncapped (open to padding): counts, fallbacks, Web Vitals, failing routes. */
  posted: Summary;
}

const NOTHING: VersionTotals = { posted: emptyAggregate(), counted: reporterTotals([]) };

function telemetryOf(version: string, role: VersionTelemetry['role'], totals: VersionTotals = NOTHING): VersionTelemetry {
  const c = totals.counted;
  const per = (n: number) => (c.views > 0 ? n / c.views : null);
  return {
    version,
    role,
    counted: { ...c, errorRate: per(c.errors), chunkFailureRate: per(c.chunkFailures) },
    posted: summarize(totals.posted),
  };
}

/** The legend of the figures: which are capped, which are what was posted. */
const CAPPED = `count each address at most ${REPORTER_CAPS.views} page views, ${REPORTER_CAPS.failures} errors and ${REPORTER_CAPS.failures} chunk failures a minute`;
const POSTED = 'every event received, uncapped: one address can pad them';

export interface RemoteTelemetry {
  remote: string;
  live: string | null;
  canary: CanaryRef | null;
  versions: VersionTelemetry[];
}

export async function telemetryStatus(ctx: OpsContext, windowMinutes = 15, now = Date.now()): Promise<RemoteTelemetry[]> {
  const store = storeOf(ctx);
  const state = await store.readState();
  const { canaries } = await store.readCanaries();
  const to = minuteOf(now);
  const totals = await readVersionTotals(store, to - windowMinutes + 1, to);
  const out: RemoteTelemetry[] = [];
  for (const section of SECTIONS) {
    const live = state.sections[section.name]?.live?.version ?? null;
    const canary = canaries[section.name] ?? null;
    const versions: VersionTelemetry[] = [];
    const add = (version: string, role: VersionTelemetry['role']) =>
      versions.push(telemetryOf(version, role, totals.get(versionKey(section.name, version))));
    if (live) add(live, 'live');
    if (canary) add(canary.version, 'canary');
    for (const key of totals.keys()) {
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
      String(v.counted.views),
      formatRate(v.counted.errorRate),
      formatRate(v.counted.chunkFailureRate),
      String(v.counted.reporters),
      String(v.posted.views),
      String(v.posted.errors),
      String(v.posted.chunkFailures),
      String(v.posted.fallbackLkg + v.posted.fallbackUnavailable),
      formatMs(v.posted.p75.LCP),
      formatMs(v.posted.p75.INP),
    ]),
  );
  const head = ['REMOTE', 'VERSION', 'ROLE', 'PAGE VIEWS', 'ERROR RATE', 'CHUNK FAILURES', 'REPORTERS'];
  const posted = ['POSTED VIEWS', 'POSTED ERRORS', 'POSTED CHUNK FAILURES', 'FALLBACKS', 'LCP p75', 'INP p75'];
  parts.push(table([...head, ...posted], body).replace(/^/gm, '  '));
  parts.push(
    `  PAGE VIEWS, ERROR RATE and CHUNK FAILURES ${CAPPED}, as --auto-rollback does;`,
    `  REPORTERS: distinct addresses. POSTED …, FALLBACKS and the Web Vitals: ${POSTED}.`,
  );
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
    const ended = (await storeOf(ctx).readHistory())
      .filter((h) => h.section === section.name && (h.action === 'canary-end' || h.action === 'promote'))
      .pop();
    if (ended && ended.action === 'canary-end') {
      // Every version with telemetry in the window is among the rows; one without any shows nothing.
      const v = rows?.versions.find((x) => x.version === ended.version) ?? telemetryOf(ended.version, 'other');
      canary = { ...v, role: 'other', percent: ended.percent ?? null, running: false, ended };
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
  const col = (v: VersionTelemetry | null | undefined, f: (v: VersionTelemetry) => string) => (v ? f(v) : '-');
  const live = r.live;
  const canary = r.canary;
  const head = [
    'LAST ' + r.windowMinutes + ' MIN',
    live ? `LIVE ${live.version}` : 'LIVE -',
    canary
      ? `CANARY ${canary.version}${canary.percent !== null ? ` (${canary.percent} %)` : ''}${canary.running ? '' : ' (ended)'}`
      : 'CANARY -',
  ];
  const row = (name: string, f: (v: VersionTelemetry) => string) => [name, col(live, f), col(canary, f)];
  // Capped per reporter-minute, then what was posted.
  const counted = (name: string, f: (c: Counted) => string) => row(name, (v) => f(v.counted));
  const posted = (name: string, f: (s: Summary) => string) => row(name, (v) => f(v.posted));
  lines.push(
    table(head, [
      counted('page views', (c) => String(c.views)),
      counted('errors', (c) => String(c.errors)),
      counted('error rate', (c) => formatRate(c.errorRate)),
      counted('chunk failures', (c) => String(c.chunkFailures)),
      counted('chunk-failure rate', (c) => formatRate(c.chunkFailureRate)),
      counted('reporters (addresses)', (c) => String(c.reporters)),
      counted('addresses with errors', (c) => String(c.errorReporters)),
      counted('addresses with chunk failures', (c) => String(c.chunkReporters)),
      posted('posted page views', (s) => String(s.views)),
      posted('posted errors', (s) => String(s.errors)),
      posted('posted error rate', (s) => formatRate(s.errorRate)),
      posted('posted chunk failures', (s) => String(s.chunkFailures)),
      posted('fell back to last-known-good', (s) => String(s.fallbackLkg)),
      posted('section unavailable', (s) => String(s.fallbackUnavailable)),
      posted('LCP p75', (s) => formatMs(s.p75.LCP)),
      posted('INP p75', (s) => formatMs(s.p75.INP)),
      posted('TTFB p75', (s) => formatMs(s.p75.TTFB)),
      posted('CLS p75', (s) => (s.p75.CLS === null ? '-' : s.p75.CLS.toFixed(3))),
      posted(
        'failing routes',
        (s) =>
          s.failingRoutes
            .slice(0, 3)
            .map(([route, n]) => `${route} ${n}`)
            .join(', ') || '-',
      ),
    ]),
    `page views … addresses with chunk failures ${CAPPED}, as --auto-rollback does;`,
    `posted …, fallbacks, Web Vitals and failing routes: ${POSTED}.`,
  );
  return lines.join('\n');
}
