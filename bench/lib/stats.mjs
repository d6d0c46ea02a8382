// @ts-check
// The statistics every bench reports: percentiles by nearest rank, the median, rounding for tables.

/**
 * The `p`-th percentile by nearest rank (p99 of 1,000 answers: the 990th fastest), 0 when there are none.
 * @param {readonly number[]} values
 * @param {number} p 0–100
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The median of the finite values (the mean of the middle two for an even count), or null when there
 * are none: a run that measured nothing is left out, not counted as 0.
 * @param {readonly (number | null | undefined)[]} values
 * @returns {number | null}
 */
export function median(values) {
  const s = /** @type {number[]} */ (values.filter((x) => Number.isFinite(x))).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? null) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

/**
 * `x` rounded to `digits` decimals (2: hundredths of a millisecond).
 * @param {number} x
 * @param {number} [digits]
 */
export function round(x, digits = 2) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
