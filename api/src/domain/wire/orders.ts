import {
  DELIVERY_PATH,
  formatStatus,
  OPTIONAL_STEPS,
  type HistoryActor,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type TrackedOrder,
  type TrackStep,
} from '@storefront/contract';
import type { OrderRecord } from '../../db/repositories/orders';
import { money } from '../../lib/money';

/** 'customer:12' → 'customer', 'gateway:webhook' → 'gateway', 'system:hold-expiry' → 'system' (ids stay inside). */
function actorKind(actor: string | null): HistoryActor | undefined {
  const kind = actor?.split(':')[0];
  if (kind === 'provider') return 'gateway';
  return kind === 'customer' || kind === 'gateway' || kind === 'system' || kind === 'store' ? kind : undefined;
}

/** An order as the shopper and the staff API see it (spec §3 order, issues 14, 38, 39). */
export function toOrder(record: OrderRecord): Order {
  const { row: o, history, paymentExpiresAt, documents } = record;
  return {
    order_id: o.id,
    order_number: o.order_number,
    order_date: o.created_at,
    status: o.status as OrderStatus,
    product_id: o.product_id,
    product_name: o.product_name,
    product_slug: o.product_slug,
    product_image: o.product_image,
    product_variation: o.product_variation,
    quantity: o.quantity,
    price: money(o.price),
    discount_amount: money(o.discount_amount),
    final_amount: money(o.final_amount),
    ...(o.cod_fee > 0 ? { cod_fee: money(o.cod_fee) } : {}),
    payment_method: o.payment_method === 'cod' ? 'cod' : 'prepaid',
    payment_status: o.payment_status as PaymentStatus,
    payment_expires_at: o.status === 'payment_pending' ? paymentExpiresAt : null,
    coupon_code: o.coupon_code,
    cancel_reason: o.cancel_reason,
    customer_data: {
      fullName: o.full_name,
      email: o.email,
      phone_number: o.phone_number,
      shipping_address: { address: o.address, pincode: o.pincode, city: o.city, state: o.state, alt_phone_number: o.alt_phone_number },
    },
    history: history.map((h) => {
      const by = actorKind(h.actor);
      return { status: h.status as OrderStatus, at: h.created_at, ...(by ? { by } : {}), ...(h.note ? { note: h.note } : {}) };
    }),
    shipment:
      o.courier && o.tracking_number && o.dispatched_at
        ? {
            courier: o.courier,
            tracking_number: o.tracking_number,
            tracking_url: o.tracking_url,
            dispatched_at: o.dispatched_at,
            delivered_at: o.delivered_at,
          }
        : null,
    documents,
  };
}

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
