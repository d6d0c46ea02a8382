/**
 * The shop's side of an order (issue 38): staff move it along contract/fulfilment's table, and nothing
 * else. Each move is one transaction: a conditional update from the status the member saw (`from`), the
 * history entry (by: store, the member in its actor), the shipment or delivery, stock and coupon given back
 * on a cancel or a return, a refund requested for a paid order, and the activity record with the order
 * before and after. A repeat of a move that already happened, by the same member, answers the order
 * unchanged; anyone else's answer says who was first (two members on one order: one wins, one is told).
 * No Fastify here.
 */
import { canMove, formatStatus, type Order, type OrderStatus, type PaymentStatus } from '@storefront/contract';
import type { Repositories } from '../db/repositories';
import type { OrderRow } from '../db/repositories/orders';
import type { StaffRow } from '../db/repositories/staff';
import { conflict, fieldError, notFound } from '../lib/errors';
import { money, rupees } from '../lib/money';
import type { Transaction } from './cart';
import type { InvoiceIssuer } from './invoices';
import { toOrder } from './wire';

/** The history actor of a staff member: 'store:<id>' (the shopper sees `by: store`). */
export const storeActor = (member: Pick<StaffRow, 'id'>) => `store:${member.id}`;

export interface MoveInput {
  /** The status the member saw: the move happens only from it. */
  from: OrderStatus;
  to: OrderStatus;
  courier?: string | undefined;
  tracking_number?: string | undefined;
  tracking_url?: string | undefined;
  /** Cash collected on delivery, paise (cash-on-delivery orders). */
  collected?: number | undefined;
  /** Why the shop cancels. */
  reason?: string | undefined;
}

export interface FulfilmentDeps {
  repos: Repositories;
  tx: Transaction;
  /** Asks the provider for a requested refund after the transaction (domain/payments). */
  processRefund(refundId: number, actor: string): Promise<void>;
  /** The tax invoice of a cash-on-delivery order delivered, the credit note of a paid one ended (issue 39). */
  invoices: InvoiceIssuer;
}

/** The order as the activity record keeps it before and after a move. */
const snapshot = (o: OrderRow) => ({
  status: o.status,
  payment_status: o.payment_status,
  courier: o.courier,
  tracking_number: o.tracking_number,
  tracking_url: o.tracking_url,
  delivered_at: o.delivered_at,
  cod_collected: o.cod_collected,
  cancel_reason: o.cancel_reason,
});

const MOVED_BY_OTHER = (status: string) => `This order was changed by someone else: it is now ${formatStatus(status)}. Please refresh.`;

/** What the courier collects for a cash order: the item and, on the checkout's first order, the COD fee. */
function cashDue(row: OrderRow): number {
  return row.final_amount + row.cod_fee;
}

/** What the move needs besides the status; throws the field's error (400) when it is missing or wrong. */
function checkInput(row: OrderRow, input: MoveInput): void {
  if (input.to === 'shipped') {
    if (!input.courier) throw fieldError('courier', 'Courier is required');
    if (!input.tracking_number) throw fieldError('tracking_number', 'Tracking number (AWB) is required');
  }
  if (input.to === 'cancelled' && !input.reason) throw fieldError('reason', 'Please give the reason for cancelling');
  if (input.to === 'delivered' && row.payment_method === 'cod') {
    const due = cashDue(row);
    if (input.collected === undefined) throw fieldError('collected_amount', `Enter the cash collected (${rupees(due)})`);
    if (input.collected !== due) throw fieldError('collected_amount', `The courier collects exactly ${rupees(due)} for this order`);
  }
}

/** How a move ends an order: stock back, and a refund when it was paid. */
interface Ending {
  ends: boolean;
  refund: boolean;
}

function endingOf(row: OrderRow, input: MoveInput): Ending {
  const ends = input.to === 'cancelled' || input.to === 'returned_to_origin';
  return { ends, refund: ends && row.payment_status === 'paid' };
}

/** The order to move, or `{ repeat }` when this is the member's own move again (answered as done). */
async function orderToMove(r: Repositories, orderNumber: string, input: MoveInput, actor: string): Promise<OrderRow | { repeat: number }> {
  const row = await r.orders.byNumberRow(orderNumber);
  if (!row) throw notFound('Order not found');
  if (row.status !== input.from) {
    // A repeat of what this member just did (a retried request) is answered as done; anything else is news.
    const last = await r.fulfilment.lastEntry(row.id);
    if (row.status === input.to && last?.status === input.to && last.actor === actor) return { repeat: row.id };
    throw conflict(MOVED_BY_OTHER(row.status), { status: row.status });
  }
  if (!canMove(input.from, input.to))
    throw conflict(`An order that is ${formatStatus(input.from)} cannot become ${formatStatus(input.to)}`, {
      to: 'Not allowed from this status',
    });
  checkInput(row, input);
  return row;
}

/** The history entry's note: what the shopper reads beside the new status. */
function historyNote(row: OrderRow, input: MoveInput, refund: boolean): string | null {
  const refunded = refund ? `; full refund of ₹${money(row.final_amount)} requested` : '';
  const notes: Record<string, string> = {
    shipped: `Shipped by ${input.courier ?? ''}, AWB ${input.tracking_number ?? ''}`,
    delivered: row.payment_method === 'cod' ? `Delivered; cash ${rupees(cashDue(row))} collected` : 'Delivered',
    cancelled: `Cancelled by the shop: ${input.reason ?? ''}${refunded}`,
    returned_to_origin: `Returned to the shop by the courier; stock back${refunded}`,
  };
  return notes[input.to] ?? null;
}

/** The conditional status update from `from`; losing the race to another member is a conflict. */
async function changeStatus(r: Repositories, row: OrderRow, input: MoveInput, actor: string, ending: Ending): Promise<void> {
  let payment_status: PaymentStatus | undefined;
  if (ending.refund) payment_status = 'refund_pending';
  else if (input.to === 'delivered' && row.payment_method === 'cod') payment_status = 'paid';
  const moved = await r.orders.move(
    row.id,
    {
      from: [input.from],
      to: input.to,
      ...(payment_status ? { payment_status } : {}),
      ...(input.to === 'cancelled' && input.reason ? { cancel_reason: input.reason } : {}),
    },
    actor,
    historyNote(row, input, ending.refund),
  );
  if (!moved) {
    const now = await r.orders.rowById(row.id);
    throw conflict(MOVED_BY_OTHER(now?.status ?? row.status), { status: now?.status ?? row.status });
  }
}

/** The shipment or delivery itself, and the tax document it makes due. */
async function recordShipping(deps: FulfilmentDeps, r: Repositories, row: OrderRow, input: MoveInput, actor: string): Promise<void> {
  if (input.to === 'shipped')
    await r.fulfilment.ship(row.id, {
      courier: input.courier ?? '',
      trackingNumber: input.tracking_number ?? '',
      trackingUrl: input.tracking_url ?? null,
    });
  if (input.to === 'delivered') {
    await r.fulfilment.delivered(row.id, row.payment_method === 'cod' ? row.final_amount : null);
    // A cash sale is made when the cash is collected; a prepaid one was invoiced when paid (idempotent).
    await deps.invoices.invoice(r, row, actor);
  }
}

/** An ended order gives back its stock, its coupon (when no other live order used it) and its money. */
async function giveBack(r: Repositories, row: OrderRow, refund: boolean): Promise<number | null> {
  await r.catalog.returnStock(row.variation_id, row.quantity);
  await r.catalog.refreshProducts([row.product_id]);
  if (row.coupon_code && (await r.fulfilment.liveOrdersWithCoupon(row.customer_id, row.coupon_code, row.created_at)) === 0) {
    await r.coupons.release(row.coupon_code);
    await r.coupons.releaseFor(row.coupon_code, row.customer_id);
  }
  if (!refund || !row.payment_id) return null;
  const payment = await r.payments.byId(row.payment_id);
  const requested = await r.payments.requestRefund({
    key: `order:${row.id}`,
    paymentId: row.payment_id,
    orderId: row.id,
    gatewayPaymentId: payment?.gateway_payment_id ?? null,
    amount: row.final_amount,
  });
  return requested.refund.id;
}

/** One transaction: the move, what it sets going, and the activity record with the order before and after. */
async function applyMove(deps: FulfilmentDeps, r: Repositories, member: StaffRow, row: OrderRow, input: MoveInput) {
  const actor = storeActor(member);
  const ending = endingOf(row, input);
  await changeStatus(r, row, input, actor, ending);
  await recordShipping(deps, r, row, input, actor);
  if (ending.refund) await deps.invoices.creditNote(r, row.id, actor);
  const refundId = ending.ends ? await giveBack(r, row, ending.refund) : null;
  const after = await r.orders.rowById(row.id);
  await r.staff.record(member.id, {
    action: `order.${input.to}`,
    subjectType: 'order',
    subjectId: row.order_number,
    before: snapshot(row),
    after: after ? snapshot(after) : null,
  });
  return { id: row.id, changed: true, refundId };
}

/** Moves one order; returns it as it now is and whether this call changed it. */
export async function moveOrder(
  deps: FulfilmentDeps,
  member: StaffRow,
  orderNumber: string,
  input: MoveInput,
): Promise<{ order: Order; changed: boolean }> {
  const actor = storeActor(member);
  const result = await deps.tx(async (r) => {
    const row = await orderToMove(r, orderNumber, input, actor);
    if ('repeat' in row) return { id: row.repeat, changed: false, refundId: null };
    return applyMove(deps, r, member, row, input);
  });
  // The provider is asked outside the transaction; a failure leaves the refund requested for the sweeper.
  if (result.refundId !== null) await deps.processRefund(result.refundId, actor);
  const record = await deps.repos.orders.byId(result.id);
  if (!record) throw notFound('Order not found');
  return { order: toOrder(record), changed: result.changed };
}
