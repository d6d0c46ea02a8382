/**
 * Telemetry aggregates (issue 17): the arithmetic behind `ops status`, `ops report` and the
 * automatic rollback, and the per-process store several hosts write at once.
 */
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../src/canary/state';
import { breach } from '../src/canary/breach';
import {
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
import { MAX_REPORTERS_PER_LINE, reporterKey, REPORTER_CAPS } from '../src/telemetry/reporters';
import { eachStore } from './stores';
import { minuteOf, readAggregates, readReporterTotals, TELEMETRY_DIR, TelemetryWriter, versionKey } from '../src/telemetry/store';

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
  const t = DEFAULT_THRESHOLDS; // 2 % errors, 1 % chunk failures, 50 page views, 3 addresses
  const MANY = { errorReporters: 5, chunkReporters: 5 };
  test('nothing is decided below the minimum of page views, however bad', () => {
    expect(breach({ views: 49, errors: 49, chunkFailures: 49, ...MANY }, t)).toBeNull();
    expect(breach({ views: 0, errors: 10, chunkFailures: 0, ...MANY }, { ...t, minPageViews: 0 })).toBeNull();
  });
  test('at the minimum, a rate exactly at its threshold is healthy and one error more is not', () => {
    expect(breach({ views: 50, errors: 1, chunkFailures: 0, ...MANY }, t)).toBeNull(); // 2 % is not above 2 %
    expect(breach({ views: 50, errors: 2, chunkFailures: 0, ...MANY }, t)).toMatch(
      /^error rate 4 % \(2 errors from 5 addresses \/ 50 page views\) above 2 %$/,
    );
    expect(breach({ views: 100, errors: 0, chunkFailures: 1, ...MANY }, t)).toBeNull(); // 1 % is not above 1 %
    expect(breach({ views: 100, errors: 0, chunkFailures: 2, ...MANY }, t)).toMatch(/^chunk-failure rate 2 %/);
  });
  test('both rates crossed are both said; a zero threshold ends at the first error', () => {
    expect(breach({ views: 60, errors: 6, chunkFailures: 6, ...MANY }, t)).toMatch(/error rate 10 %.*; chunk-failure rate 10 %/);
    expect(breach({ views: 3, errors: 1, chunkFailures: 0, ...MANY }, { ...t, maxErrorRate: 0, minPageViews: 3 })).toMatch(
      /error rate 33\.33 %/,
    );
  });
  test('a rate counts only with failures from at least minReporters addresses (the default for an older canary.json)', () => {
    const bad = { views: 100, errors: 50, chunkFailures: 50 };
    expect(breach({ ...bad, errorReporters: 2, chunkReporters: 2 }, t)).toBeNull();
    expect(breach({ ...bad, errorReporters: 3, chunkReporters: 2 }, t)).toMatch(/^error rate 50 % \(50 errors from 3 addresses/);
    expect(breach({ ...bad, errorReporters: 2, chunkReporters: 3 }, t)).toMatch(/^chunk-failure rate 50 % \(50 from 3 addresses/);
    expect(breach({ ...bad, errorReporters: 1, chunkReporters: 0 }, { ...t, minReporters: 1 })).toMatch(/from 1 address \//);
    const { minReporters: _, ...older } = t;
    expect(breach({ ...bad, errorReporters: 2, chunkReporters: 2 }, older as Thresholds)).toBeNull();
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

eachStore('the telemetry store', (kit) => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'ops-telemetry-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('two host processes write their own lines (files: one file each); a reader sums them per version over the window', async () => {
    const one = new TelemetryWriter(kit.open(root));
    const two = new TelemetryWriter(kit.open(root));
    const now = Date.UTC(2026, 10, 24, 9, 59, 30);
    one.at(now, 'catalog', 'c1').views += 3;
    one.at(now, 'catalog', 'c2').errors += 1;
    two.at(now, 'catalog', 'c2').views += 2;
    two.at(now + 60_000, 'catalog', 'c2').views += 5; // the next minute, in the next hour's folder
    two.at(now - 20 * 60_000, 'catalog', 'c2').views += 100; // outside a 15-minute window
    await Promise.all([one.flush(), two.flush()]);
    one.at(now, 'catalog', 'c1').views += 1; // a second flush appends a delta
    await one.flush();
    if (kit.kind === 'files') {
      const hours = readdirSync(path.join(root, TELEMETRY_DIR)).sort();
      expect(hours).toEqual(['2026-11-24T09', '2026-11-24T10']);
      expect(readdirSync(path.join(root, TELEMETRY_DIR, '2026-11-24T09'))).toHaveLength(2);
    }
    const to = minuteOf(now + 60_000);
    const aggs = await readAggregates(kit.open(root), to - 14, to);
    expect(aggs.get(versionKey('catalog', 'c1'))?.views).toBe(4);
    expect(aggs.get(versionKey('catalog', 'c2'))).toMatchObject({ views: 7, errors: 1 });
    expect((await readAggregates(kit.open(root), to - 30, to)).get(versionKey('catalog', 'c2'))?.views).toBe(107);
  });

  test('two writers on one store: caps per reporter-minute and distinct reporters hold over the merged lines', async () => {
    const one = new TelemetryWriter(kit.open(root));
    const two = new TelemetryWriter(kit.open(root));
    const now = Date.UTC(2026, 10, 24, 9, 30, 10);
    // The forger, through both processes and two flushes: 40 views and 16 errors a minute, in two minutes.
    for (const ms of [now, now + 60_000]) {
      one.report(ms, 'catalog', 'c2', 'f0f0f0f0f0f0f0f0', [20, 8, 0]);
      two.report(ms, 'catalog', 'c2', 'f0f0f0f0f0f0f0f0', [20, 8, 0]);
    }
    await Promise.all([one.flush(), two.flush()]);
    // Two real reporters, one on each process, one of them also a chunk failure.
    one.report(now, 'catalog', 'c2', 'aaaaaaaaaaaaaaaa', [5, 1, 0]);
    two.report(now, 'catalog', 'c2', 'bbbbbbbbbbbbbbbb', [5, 1, 1]);
    two.report(now, 'catalog', 'c1', 'cccccccccccccccc', [5, 5, 5]); // another version
    await Promise.all([one.flush(), two.flush()]);
    const m = minuteOf(now);
    expect(await readReporterTotals(kit.open(root), m, m + 1, 'catalog', 'c2')).toEqual({
      views: 2 * REPORTER_CAPS.views + 10,
      errors: 2 * REPORTER_CAPS.failures + 2,
      chunkFailures: 1,
      reporters: 3,
      errorReporters: 3,
      chunkReporters: 1,
    });
    // The plain totals are untouched by the reporter counts (they are what `at()` added).
    expect((await readAggregates(kit.open(root), m, m + 1)).get(versionKey('catalog', 'c2'))?.views ?? 0).toBe(0);
  });

  test('a line keeps ids for at most MAX_REPORTERS_PER_LINE reporters; the rest count capped per batch, as no reporter', async () => {
    const w = new TelemetryWriter(kit.open(root));
    const now = Date.UTC(2026, 10, 24, 9, 30, 10);
    const id = (i: number) => i.toString(16).padStart(16, '0');
    for (let i = 0; i < MAX_REPORTERS_PER_LINE; i++) w.report(now, 'catalog', 'c2', id(i), [1, 0, 0]);
    w.report(now, 'catalog', 'c2', id(0), [1, 0, 0]); // a known id still counts under its id
    w.report(now, 'catalog', 'c2', id(MAX_REPORTERS_PER_LINE), [50, 50, 0]);
    await w.flush();
    const m = minuteOf(now);
    expect(await readReporterTotals(kit.open(root), m, m, 'catalog', 'c2')).toEqual({
      views: MAX_REPORTERS_PER_LINE + 1 + REPORTER_CAPS.views,
      errors: REPORTER_CAPS.failures,
      chunkFailures: 0,
      reporters: MAX_REPORTERS_PER_LINE,
      errorReporters: 0,
      chunkReporters: 0,
    });
  });

  test('telemetry past the retention is deleted', async () => {
    const w = new TelemetryWriter(kit.open(root));
    const now = Date.now();
    w.at(now - 72 * 3_600_000, 'catalog', 'c1').views += 1;
    w.at(now, 'catalog', 'c1').views += 1;
    await w.flush();
    const old = minuteOf(now - 72 * 3_600_000);
    const total = async (from: number, to: number) =>
      (await readAggregates(kit.open(root), from, to)).get(versionKey('catalog', 'c1'))?.views ?? 0;
    expect(await total(old, minuteOf(now))).toBe(2);
    if (kit.kind === 'files') expect(readdirSync(path.join(root, TELEMETRY_DIR))).toHaveLength(2);
    await w.prune(now);
    expect(await total(old, minuteOf(now))).toBe(1);
    if (kit.kind === 'files') expect(readdirSync(path.join(root, TELEMETRY_DIR))).toHaveLength(1);
  });
});

describe('the local store (files)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'ops-telemetry-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('the reporter key is made once, 0600, even when several processes start at once', async () => {
    const keys = await Promise.all([reporterKey(root), reporterKey(root), reporterKey(root)]);
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(1);
    const file = path.join(root, TELEMETRY_DIR, '.reporter-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await reporterKey(root)).equals(keys[0] as Buffer)).toBe(true);
    expect(readdirSync(path.join(root, TELEMETRY_DIR))).toEqual(['.reporter-key']); // no temporary file left
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
});
