import { DELIVERY_PATH, formatStatus, OPTIONAL_STEPS, type Order, type TrackedOrder, type TrackStep } from '@storefront/contract';

/** "Asha Verma" → "A*** V****": enough for the shopper to recognise, nothing for a stranger to use. */
export function maskName(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w.charAt(0)}${'*'.repeat(Math.max(2, w.length - 1))}`)
    .join(' ');
}

/**
 * The track-order view (issue 13): anyone holding an order number sees its status, dates, item and the
 * city it goes to, the name masked; the full address, e-mail and phones only when the signed-in owner asks.
 */
export function toTracked(order: Order, owner: boolean): TrackedOrder {
  // The document numbers only to the owner: consecutive invoice numbers would tell anyone the shop's sales.
  const { customer_data, documents, ...rest } = order;
  const reached = new Set(order.history.map((h) => h.status));
  let steps: TrackStep[];
  if (order.status === 'payment_pending' || order.status === 'payment_failed' || order.status === 'payment_expired') {
    steps = [order.status, ...DELIVERY_PATH].map((s, i) => ({
      status: s,
      label: formatStatus(s),
      done: i === 0 && order.status !== 'payment_pending',
      current: i === 0,
    }));
  } else if (order.status === 'cancelled' || order.status === 'returned_to_origin') {
    // The path ends where the order stopped: the steps it walked, then the cancellation or the return.
    const end = order.status;
    const walked = DELIVERY_PATH.filter((s) => reached.has(s));
    steps = [...walked, end].map((s) => ({ status: s, label: formatStatus(s), done: true, current: s === end }));
  } else {
    // The steps walked, the current one, and what is still ahead: a pickup order has only its collection
    // ahead; optional steps it skipped are not shown as done (issue 38).
    const at = DELIVERY_PATH.indexOf(order.status);
    const pickup = order.status === 'ready_for_pickup' || reached.has('ready_for_pickup');
    const optional: readonly string[] = OPTIONAL_STEPS;
    const ahead = (s: string) => (pickup ? s === 'delivered' : !optional.includes(s));
    steps = DELIVERY_PATH.flatMap((s, i) =>
      reached.has(s) || s === order.status || (i > at && ahead(s))
        ? [{ status: s, label: formatStatus(s), done: i <= at, current: i === at }]
        : [],
    );
  }
  const delivery = {
    name: maskName(customer_data.fullName),
    city: customer_data.shipping_address.city,
    state: customer_data.shipping_address.state,
  };
  return { ...rest, delivery, ...(owner ? { customer_data, ...(documents ? { documents } : {}) } : {}), steps };
}
