/** Integer paise → the wire's two-decimal rupee string ("1299.00"). No floating point on the way. */
export function money(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rupees (number or numeric string, up to two decimals) → integer paise; null when not a price. */
export function toPaise(rupees: number | string): number | null {
  const text = typeof rupees === 'number' ? String(rupees) : rupees.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Display form for messages: ₹10,000 (Indian grouping, decimals only when not whole rupees). */
export function rupees(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  const grouped = whole.toLocaleString('en-IN');
  return `₹${grouped}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
