/**
 * Telemetry aggregates (issue 17): the arithmetic behind `ops status`, `ops report` and the
 * automatic rollback, and the per-process store several hosts write at once.
 */
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_THRESHOLDS } from '../src/canary/state';
import {
  breach,
  countFailingRoute,
  emptyAggregate,
  MAX_ROUTES,
  mergeInto,
  MS_BUCKETS,
  observeVital,
  quantile,
  summarize,
} from '../src/telemetry/aggregate';
import { coherent } from '../src/telemetry/schema';
import { minuteOf, readAggregates, TELEMETRY_DIR, TelemetryWriter, versionKey } from '../src/telemetry/store';

describe('aggregate arithmetic', () => {
  test('p75 reads a bucketed distribution like histogram_quantile: linear inside the bucket', () => {
    // 4 samples in (0, 50], 4 in (50, 100]: the 75th percentile is 6 of 8, half-way into the second bucket.
    const counts = new Array<number>(MS_BUCKETS.length + 1).fill(0);
    counts[0] = 4;
    counts[1] = 4;
    expect(quantile(MS_BUCKETS, counts, 0.75)).toBe(75);
    expect(quantile(MS_BUCKETS, counts, 0.5)).toBe(50);
    expect(quantile(MS_BUCKETS, new Array<number>(MS_BUCKETS.length + 1).fill(0), 0.75)).toBeNull();
    // Everything above the last bound: the bound itself (an open bucket has no upper end).
    const slow = new Array<number>(MS_BUCKETS.length + 1).fill(0);
    slow[MS_BUCKETS.length] = 3;
    expect(quantile(MS_BUCKETS, slow, 0.75)).toBe(MS_BUCKETS[MS_BUCKETS.length - 1]);
  });

  test('observed vitals land in their buckets (a bound belongs to its own bucket) and survive merging', () => {
    const a = emptyAggregate();
    for (const v of [100, 100, 100, 2400]) observeVital(a, 'LCP', v);
    observeVital(a, 'CLS', 0.1);
    const b = emptyAggregate();
    for (const v of [2400, 2400, 2400, 2400]) observeVital(b, 'LCP', v);
    b.views = 8;
    b.errors = 1;
    mergeInto(a, b);
    const s = summarize(a);
    expect(s.views).toBe(8);
    expect(s.errorRate).toBe(1 / 8);
    // 3 at ≤100, 5 in (2000, 2500]: rank 6 is the 3rd of 5 in that bucket → 2000 + 500 × 3/5.
    expect(s.p75.LCP).toBe(2300);
    expect(s.p75.CLS).toBeGreaterThan(0.075);
    expect(s.p75.CLS).toBeLessThanOrEqual(0.1);
    expect(s.p75.INP).toBeNull();
    expect(summarize(emptyAggregate()).errorRate).toBeNull();
  });

  test('failing routes add up across merges, most first, and stay bounded', () => {
    const a = emptyAggregate();
    countFailingRoute(a, '/products/:slug');
    countFailingRoute(a, '/shop');
    const b = emptyAggregate();
    countFailingRoute(b, '/products/:slug', 2);
    mergeInto(a, b);
    mergeInto(a, { failingRoutes: { '/': -3, __proto__x: 5, '/cart': 1 } as Record<string, number> });
    expect(summarize(a).failingRoutes).toEqual([
      ['/products/:slug', 3],
      ['/cart', 1],
      ['/shop', 1],
    ]);
    const many = emptyAggregate();
    for (let i = 0; i < MAX_ROUTES + 10; i++) countFailingRoute(many, `/r${i}`);
    expect(Object.keys(many.failingRoutes ?? {})).toHaveLength(MAX_ROUTES + 1);
    expect(many.failingRoutes?.['(other)']).toBe(10);
  });

  test('merging ignores negative, non-numeric and mis-shaped parts of a line', () => {
    const a = emptyAggregate();
    mergeInto(a, { views: -5, errors: Number.NaN, chunkFailures: 2, vitals: { LCP: [1, 2], INP: [], CLS: [], TTFB: [] } });
    expect(a).toMatchObject({ views: 0, errors: 0, chunkFailures: 2 });
    expect(a.vitals.LCP.every((c) => c === 0)).toBe(true);
  });
});

describe('thresholds', () => {
  const t = DEFAULT_THRESHOLDS; // 2 % errors, 1 % chunk failures, 50 page views
  test('nothing is decided below the minimum of page views, however bad', () => {
    expect(breach({ views: 49, errors: 49, chunkFailures: 49 }, t)).toBeNull();
    expect(breach({ views: 0, errors: 10, chunkFailures: 0 }, { ...t, minPageViews: 0 })).toBeNull();
  });
  test('at the minimum, a rate exactly at its threshold is healthy and one error more is not', () => {
    expect(breach({ views: 50, errors: 1, chunkFailures: 0 }, t)).toBeNull(); // 2 % is not above 2 %
    expect(breach({ views: 50, errors: 2, chunkFailures: 0 }, t)).toMatch(/^error rate 4 % \(2 errors \/ 50 page views\) above 2 %$/);
    expect(breach({ views: 100, errors: 0, chunkFailures: 1 }, t)).toBeNull(); // 1 % is not above 1 %
    expect(breach({ views: 100, errors: 0, chunkFailures: 2 }, t)).toMatch(/^chunk-failure rate 2 %/);
  });
  test('both rates crossed are both said; a zero threshold ends at the first error', () => {
    expect(breach({ views: 60, errors: 6, chunkFailures: 6 }, t)).toMatch(/error rate 10 %.*; chunk-failure rate 10 %/);
    expect(breach({ views: 3, errors: 1, chunkFailures: 0 }, { ...t, maxErrorRate: 0, minPageViews: 3 })).toMatch(/error rate 33\.33 %/);
  });
});

describe('telemetry events', () => {
  test('a kind must belong to its type, a vital needs a value, a view carries neither', () => {
    const base = { r: 'catalog', v: '0.1.0-c1', route: '/products/:slug' };
    expect(coherent({ ...base, t: 'view' })).toBe(true);
    expect(coherent({ ...base, t: 'view', k: 'boundary' })).toBe(false);
    expect(coherent({ ...base, t: 'error', k: 'boundary' })).toBe(true);
    expect(coherent({ ...base, t: 'error', k: 'chunk' })).toBe(false);
    expect(coherent({ ...base, t: 'error' })).toBe(false);
    expect(coherent({ ...base, t: 'load', k: 'manifest' })).toBe(true);
    expect(coherent({ ...base, t: 'fallback', k: 'lkg' })).toBe(true);
    expect(coherent({ ...base, t: 'vital', k: 'LCP' })).toBe(false);
    expect(coherent({ ...base, t: 'vital', k: 'LCP', n: 1234 })).toBe(true);
    expect(coherent({ ...base, t: 'vital', k: 'CLS', n: 500 })).toBe(false);
  });
});

describe('the local store', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'ops-telemetry-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('two host processes write their own files; a reader sums them per version over the window', async () => {
    const one = new TelemetryWriter(root);
    const two = new TelemetryWriter(root);
    const now = Date.UTC(2026, 10, 24, 9, 59, 30);
    one.at(now, 'catalog', 'c1').views += 3;
    one.at(now, 'catalog', 'c2').errors += 1;
    two.at(now, 'catalog', 'c2').views += 2;
    two.at(now + 60_000, 'catalog', 'c2').views += 5; // the next minute, in the next hour's folder
    two.at(now - 20 * 60_000, 'catalog', 'c2').views += 100; // outside a 15-minute window
    await Promise.all([one.flush(), two.flush()]);
    one.at(now, 'catalog', 'c1').views += 1; // a second flush appends a delta
    await one.flush();
    const hours = readdirSync(path.join(root, TELEMETRY_DIR)).sort();
    expect(hours).toEqual(['2026-11-24T09', '2026-11-24T10']);
    expect(readdirSync(path.join(root, TELEMETRY_DIR, '2026-11-24T09'))).toHaveLength(2);
    const to = minuteOf(now + 60_000);
    const aggs = await readAggregates(root, to - 14, to);
    expect(aggs.get(versionKey('catalog', 'c1'))?.views).toBe(4);
    expect(aggs.get(versionKey('catalog', 'c2'))).toMatchObject({ views: 7, errors: 1 });
    expect((await readAggregates(root, to - 30, to)).get(versionKey('catalog', 'c2'))?.views).toBe(107);
  });

  test('a torn last line (a crash mid-write) is skipped, the rest counts', async () => {
    const w = new TelemetryWriter(root);
    const now = Date.now();
    w.at(now, 'catalog', 'c1').views += 2;
    await w.flush();
    const dir = path.join(root, TELEMETRY_DIR, readdirSync(path.join(root, TELEMETRY_DIR))[0] ?? '');
    appendFileSync(path.join(dir, readdirSync(dir)[0] ?? ''), '{"m":1,"r":"catalog","v":"c1","views":9');
    const m = minuteOf(now);
    expect((await readAggregates(root, m, m)).get(versionKey('catalog', 'c1'))?.views).toBe(2);
  });

  test('hour folders past the retention are deleted', async () => {
    const w = new TelemetryWriter(root);
    const now = Date.now();
    w.at(now - 72 * 3_600_000, 'catalog', 'c1').views += 1;
    w.at(now, 'catalog', 'c1').views += 1;
    await w.flush();
    expect(readdirSync(path.join(root, TELEMETRY_DIR))).toHaveLength(2);
    await w.prune(now);
    expect(readdirSync(path.join(root, TELEMETRY_DIR))).toHaveLength(1);
  });
});
