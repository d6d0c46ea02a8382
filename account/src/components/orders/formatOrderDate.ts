/**
 * Month names as Intl.DateTimeFormat('en-IN', { month: 'short' }) writes them ("Sept" included).
 * Written here rather than taken from Intl: the first Intl object a page makes loads the browser's
 * locale data, tens of milliseconds of main thread, and My Orders and Track Order render dates while
 * they hydrate or right after (issue 19: Total Blocking Time). The server's Node and the shopper's
 * browser may also carry different locale data; these names are the same on both.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/** An order date for people in India, in the browser's time zone: "22 Nov 2026"; the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  const d = new Date(t);
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}
