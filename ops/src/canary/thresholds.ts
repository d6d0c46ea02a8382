/** A canary's thresholds as an operator gives them (`--max-error-rate` …) and as the history says them. */
import { DEFAULT_THRESHOLDS, OpsError, type Thresholds } from '../state';
import { addresses, pct } from '../telemetry/aggregate';

/** Thresholds from CLI values (each optional; the defaults of issue 17 otherwise), or throws. */
export function parseThresholds(values: {
  errorRate?: string;
  chunkFailureRate?: string;
  minPageViews?: string;
  windowMinutes?: string;
  minReporters?: string;
}): Thresholds {
  const rate = (name: string, raw: string | undefined, dflt: number) => {
    if (raw === undefined) return dflt;
    const pct = Number(raw.replace(/%$/, ''));
    if (!Number.isFinite(pct) || pct < 0 || pct > 100) throw new OpsError(`--${name} takes a per cent from 0 to 100 (got "${raw}")`, 2);
    return pct / 100;
  };
  const whole = (name: string, raw: string | undefined, dflt: number, min: number, max: number) => {
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new OpsError(`--${name} takes a whole number from ${min} to ${max} (got "${raw}")`, 2);
    return n;
  };
  return {
    maxErrorRate: rate('max-error-rate', values.errorRate, DEFAULT_THRESHOLDS.maxErrorRate),
    maxChunkFailureRate: rate('max-chunk-failure-rate', values.chunkFailureRate, DEFAULT_THRESHOLDS.maxChunkFailureRate),
    minPageViews: whole('min-page-views', values.minPageViews, DEFAULT_THRESHOLDS.minPageViews, 1, 1_000_000),
    windowMinutes: whole('window', values.windowMinutes, DEFAULT_THRESHOLDS.windowMinutes, 1, 24 * 60),
    minReporters: whole('min-reporters', values.minReporters, DEFAULT_THRESHOLDS.minReporters, 1, 10_000),
  };
}

export function describeThresholds(t: Thresholds): string {
  return `errors > ${pct(t.maxErrorRate)} or chunk failures > ${pct(t.maxChunkFailureRate)} over ≥ ${t.minPageViews} page views in ${t.windowMinutes} min, from ≥ ${addresses(t.minReporters ?? DEFAULT_THRESHOLDS.minReporters)}`;
}
