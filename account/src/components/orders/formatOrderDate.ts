/**
 * The one formatter for order dates, made on first use: building an Intl.DateTimeFormat costs about as
 * much as rendering an order card, so one per row made the order list a long task (issue 19: TBT).
 */
let orderDates: Intl.DateTimeFormat | null = null;

/** An order date for people in India: "22 Nov 2026"; the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  orderDates ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return orderDates.format(new Date(t));
}
