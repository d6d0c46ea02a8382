/** Spec §4: status text turns snake_case into Title Case words ('order_placed' → 'Order Placed'). */
export function formatStatus(status: string | null | undefined): string {
  if (!status) return '';
  return status
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}
