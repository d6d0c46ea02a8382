/** An order date for people in India: "22 Nov 2026"; the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(t));
}
