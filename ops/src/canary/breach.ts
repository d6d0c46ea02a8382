/** The automatic rollback's decision: whether a canary's telemetry crosses its thresholds. */
import { DEFAULT_THRESHOLDS, type Thresholds } from '../state';
import { addresses, pct } from '../telemetry/aggregate';
import type { ReporterTotals } from '../telemetry/reporters';

/**
 * Why a canary should end, or null. Nothing is decided below `minPageViews`; a rate must be above
 * its threshold (equal is still healthy), with its failures from at least `minReporters` distinct
 * client addresses. Errors are counted per page view, so one page that throws twice counts twice.
 * The host passes counts capped per reporter (ReporterTotals in reporters.ts), not raw totals.
 */
export function breach(s: Omit<ReporterTotals, 'reporters'>, t: Thresholds): string | null {
  if (s.views < t.minPageViews || s.views <= 0) return null;
  const minReporters = t.minReporters ?? DEFAULT_THRESHOLDS.minReporters; // a canary.json from before it
  const errorRate = s.errors / s.views;
  const chunkRate = s.chunkFailures / s.views;
  const reasons: string[] = [];
  if (errorRate > t.maxErrorRate && s.errorReporters >= minReporters) {
    reasons.push(
      `error rate ${pct(errorRate)} (${s.errors} errors from ${addresses(s.errorReporters)} / ${s.views} page views) above ${pct(t.maxErrorRate)}`,
    );
  }
  if (chunkRate > t.maxChunkFailureRate && s.chunkReporters >= minReporters) {
    reasons.push(
      `chunk-failure rate ${pct(chunkRate)} (${s.chunkFailures} from ${addresses(s.chunkReporters)} / ${s.views} page views) above ${pct(t.maxChunkFailureRate)}`,
    );
  }
  return reasons.length ? reasons.join('; ') : null;
}
