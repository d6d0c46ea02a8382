const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

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
  return `₹${(options?.whole ? wholeRupees : rupees).format(toRupees(value))}`;
}

/** Sum in paise to avoid floating drift, back to rupees. */
export function addMoney(...values: (number | string)[]): number {
  return values.reduce<number>((sum, v) => sum + Math.round(toRupees(v) * 100), 0) / 100;
}

/** price × quantity without floating drift, in rupees. */
export function lineTotal(unitPrice: number | string, quantity: number): number {
  return (Math.round(toRupees(unitPrice) * 100) * quantity) / 100;
}
