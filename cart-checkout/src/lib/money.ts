const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹ with two decimals and Indian digit grouping (spec §9). */
export function formatRupees(value: number | string): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return rupees.format(Number.isFinite(n) ? n : 0);
}
