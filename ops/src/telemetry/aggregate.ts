/**
 * Browser telemetry as aggregates per remote version per minute: counts, and each Web Vital as counts
 * in fixed buckets. Fixed buckets make every aggregate mergeable — minutes into a window, one host
 * process's numbers into another's — and a p75 is read from the merged counts the way Prometheus'
 * histogram_quantile reads a histogram (linear within the bucket). No shopper, URL or message is kept.
 */

export const VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type Vital = (typeof VITALS)[number];

/** Upper bounds of the buckets (the last bucket is everything above): milliseconds, CLS unitless. */
export const MS_BUCKETS = [
  50, 100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000, 20000,
];
export const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2];
export const bucketsOf = (v: Vital): number[] => (v === 'CLS' ? CLS_BUCKETS : MS_BUCKETS);

export interface Aggregate {
  views: number;
  /** Section error boundaries, unhandled errors, unhandled rejections. */
  errors: number;
  /** Chunk and manifest load failures. */
  chunkFailures: number;
  /** Sections that went to the last-known-good version. */
  fallbackLkg: number;
  /** Sections that showed "section unavailable". */
  fallbackUnavailable: number;
  /** Per vital, counts per bucket (length = bounds + 1). */
  vitals: Record<Vital, number[]>;
  /** Errors and load failures per route pattern (where a version breaks), at most MAX_ROUTES of them. */
  failingRoutes?: Record<string, number>;
}

/** Distinct route patterns kept per aggregate; more are counted under OTHER_ROUTES (the shell has ~25). */
export const MAX_ROUTES = 40;
export const OTHER_ROUTES = '(other)';

/** Counts an error or load failure on a route pattern. */
export function countFailingRoute(a: Aggregate, route: string, n = 1): void {
  const routes = (a.failingRoutes ??= {});
  const key = route in routes || Object.keys(routes).length < MAX_ROUTES ? route : OTHER_ROUTES;
  routes[key] = (routes[key] ?? 0) + n;
}

export function emptyAggregate(): Aggregate {
  return {
    views: 0,
    errors: 0,
    chunkFailures: 0,
    fallbackLkg: 0,
    fallbackUnavailable: 0,
    vitals: {
      LCP: zeros(MS_BUCKETS.length + 1),
      INP: zeros(MS_BUCKETS.length + 1),
      CLS: zeros(CLS_BUCKETS.length + 1),
      TTFB: zeros(MS_BUCKETS.length + 1),
    },
  };
}

const zeros = (n: number): number[] => new Array<number>(n).fill(0);

export function bucketIndex(bounds: number[], value: number): number {
  const i = bounds.findIndex((b) => value <= b);
  return i < 0 ? bounds.length : i;
}

export function observeVital(a: Aggregate, vital: Vital, value: number): void {
  const counts = a.vitals[vital];
  const i = bucketIndex(bucketsOf(vital), value);
  counts[i] = (counts[i] ?? 0) + 1;
}

/** Adds `b` into `a` (a vital's buckets of another length — an older layout — are skipped). */
export function mergeInto(a: Aggregate, b: Partial<Aggregate>): Aggregate {
  a.views += num(b.views);
  a.errors += num(b.errors);
  a.chunkFailures += num(b.chunkFailures);
  a.fallbackLkg += num(b.fallbackLkg);
  a.fallbackUnavailable += num(b.fallbackUnavailable);
  for (const [route, n] of Object.entries(b.failingRoutes ?? {})) {
    if ((route.startsWith('/') || route === OTHER_ROUTES) && route.length <= 81 && num(n) > 0) countFailingRoute(a, route, num(n));
  }
  for (const v of VITALS) {
    const from = b.vitals?.[v];
    const to = a.vitals[v];
    if (!Array.isArray(from) || from.length !== to.length) continue;
    for (let i = 0; i < to.length; i++) to[i] = (to[i] ?? 0) + num(from[i]);
  }
  return a;
}

const num = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0);

export function isEmpty(a: Aggregate): boolean {
  return (
    !a.views &&
    !a.errors &&
    !a.chunkFailures &&
    !a.fallbackLkg &&
    !a.fallbackUnavailable &&
    VITALS.every((v) => a.vitals[v].every((c) => !c))
  );
}

/**
 * The q-quantile of bucket counts, interpolated linearly inside its bucket (the first bucket starts
 * at 0; a quantile in the last, open bucket is its lower bound). Null when there are no samples.
 */
export function quantile(bounds: number[], counts: number[], q: number): number | null {
  const total = counts.reduce((s, c) => s + c, 0);
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] ?? 0;
    if (c > 0 && seen + c >= rank) {
      if (i >= bounds.length) return bounds[bounds.length - 1] ?? null;
      const lo = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      const hi = bounds[i] ?? lo;
      return lo + (hi - lo) * ((rank - seen) / c);
    }
    seen += c;
  }
  return bounds[bounds.length - 1] ?? null;
}

export interface Summary {
  views: number;
  errors: number;
  chunkFailures: number;
  fallbackLkg: number;
  fallbackUnavailable: number;
  /** Per page view; null before the first page view. */
  errorRate: number | null;
  chunkFailureRate: number | null;
  p75: Record<Vital, number | null>;
  /** Route patterns with errors or load failures, most first. */
  failingRoutes: [string, number][];
}

export function summarize(a: Aggregate): Summary {
  const per = (n: number) => (a.views > 0 ? n / a.views : null);
  return {
    views: a.views,
    errors: a.errors,
    chunkFailures: a.chunkFailures,
    fallbackLkg: a.fallbackLkg,
    fallbackUnavailable: a.fallbackUnavailable,
    errorRate: per(a.errors),
    chunkFailureRate: per(a.chunkFailures),
    p75: {
      LCP: quantile(MS_BUCKETS, a.vitals.LCP, 0.75),
      INP: quantile(MS_BUCKETS, a.vitals.INP, 0.75),
      CLS: quantile(CLS_BUCKETS, a.vitals.CLS, 0.75),
      TTFB: quantile(MS_BUCKETS, a.vitals.TTFB, 0.75),
    },
    failingRoutes: Object.entries(a.failingRoutes ?? {})
      .filter(([, n]) => n > 0)
      .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])),
  };
}

/** "1 address", "3 addresses". */
export const addresses = (n: number): string => `${n} address${n === 1 ? '' : 'es'}`;

/** A rate as a per cent with at most two decimals: 0.0125 → "1.25 %". */
export const pct = (r: number) => `${Math.round(r * 10000) / 100} %`;

export function formatRate(r: number | null): string {
  return r === null ? '-' : pct(r);
}

export function formatMs(v: number | null): string {
  return v === null ? '-' : `${Math.round(v)} ms`;
}
