/**
 * Indian digit grouping, written here rather than taken from Intl.NumberFormat('en-IN'): the first Intl
 * object a page makes loads the browser's locale data, 23-57 ms of main thread on this machine before
 * any slowdown, and every page formats a price while it hydrates (issue 19: Total Blocking Time). The
 * output is Intl's to the character (shared/src/format/format.test.ts compares them).
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  // The last three digits, then pairs: 1,23,45,678.
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** `value` with `decimals` places, rounded half away from zero on its shortest decimal form (as Intl does). */
function formatIndian(value: number, decimals: 0 | 2): string {
  const scale = 10 ** decimals;
  // toPrecision(15) drops the binary tail (1.005 * 100 = 100.49999999999999) before rounding.
  const units = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  const whole = Math.floor(units / scale);
  const sign = value < 0 && units > 0 ? '-' : '';
  const fraction = decimals ? `.${String(units % scale).padStart(decimals, '0')}` : '';
  return `${sign}${groupIndian(whole.toFixed(0))}${fraction}`;
}

/** Rupees from the wire (a "1299.00" string) or a number; anything unreadable counts as 0. */
export function toRupees(value: number | string | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const n = Number.parseFloat(value.replace(/[₹,\s]/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/**
 * '₹1,299.00': the rupee sign, Indian digit grouping, two decimals (spec §9). `{ whole: true }` drops the
 * decimals for a round limit written into a sentence ('over ₹10,000', as spec §5 words it).
 */
export function formatMoney(value: number | string | null | undefined, options?: { whole?: boolean }): string {
  return `₹${formatIndian(toRupees(value), options?.whole ? 0 : 2)}`;
}

/** Sum in paise to avoid floating drift, back to rupees. */
export function addMoney(...values: (number | string)[]): number {
  return values.reduce<number>((sum, v) => sum + Math.round(toRupees(v) * 100), 0) / 100;
}

/** price × quantity without floating drift, in rupees. */
export function lineTotal(unitPrice: number | string, quantity: number): number {
  return (Math.round(toRupees(unitPrice) * 100) * quantity) / 100;
}
