import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OrderTable } from '../schema';
import { DELIVERY_PATH, statusLabel, type Order, type OrderStatus, type PaymentStatus, type TrackedOrder, type TrackStep } from '../../wire';
import { iso, type Clock } from '../../lib/clock';
import { money } from '../../lib/money';
import { randomCode } from '../../lib/crypto';

export type OrderRow = Selectable<OrderTable>;
export type NewOrder = Omit<Insertable<OrderTable>, 'id' | 'order_number' | 'created_at' | 'updated_at'>;

function toOrder(o: OrderRow, history: { status: string; created_at: string }[]): Order {
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
    payment_method: o.payment_method === 'cod' ? 'cod' : 'prepaid',
    payment_status: o.payment_status as PaymentStatus,
    coupon_code: o.coupon_code,
    cancel_reason: o.cancel_reason,
    customer_data: {
      fullName: o.full_name,
      email: o.email,
      phone_number: o.phone_number,
      shipping_address: { address: o.address, pincode: o.pincode, city: o.city, state: o.state, alt_phone_number: o.alt_phone_number },
    },
    history: history.map((h) => ({ status: h.status as OrderStatus, at: h.created_at })),
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
  const { customer_data, ...rest } = order;
  const reached = new Set(order.history.map((h) => h.status));
  let steps: TrackStep[];
  if (order.status === 'payment_pending' || order.status === 'payment_failed') {
    steps = [order.status, ...DELIVERY_PATH].map((s, i) => ({ status: s, label: statusLabel(s), done: i === 0 && order.status !== 'payment_pending', current: i === 0 }));
  } else if (order.status === 'cancelled') {
    const walked = DELIVERY_PATH.filter((s) => reached.has(s));
    steps = [...walked, 'cancelled' as const].map((s) => ({ status: s, label: statusLabel(s), done: true, current: s === 'cancelled' }));
  } else {
    const at = DELIVERY_PATH.indexOf(order.status);
    steps = DELIVERY_PATH.map((s, i) => ({ status: s, label: statusLabel(s), done: i <= at, current: i === at }));
  }
  const delivery = { name: maskName(customer_data.fullName), city: customer_data.shipping_address.city, state: customer_data.shipping_address.state };
  return { ...rest, delivery, ...(owner ? { customer_data } : {}), steps };
}

export class OrderRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private async hydrate(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const history = await this.db
      .selectFrom('order_history')
      .select(['order_id', 'status', 'created_at'])
      .where('order_id', 'in', rows.map((r) => r.id))
      .orderBy('id')
      .execute();
    return rows.map((r) => toOrder(r, history.filter((h) => h.order_id === r.id)));
  }

  /** Inserts an order with a fresh random order number and its first history entry. */
  async create(values: NewOrder, at = this.clock.now()): Promise<OrderRow> {
    const when = iso(at);
    for (let attempt = 0; ; attempt += 1) {
      const orderNumber = `SF${randomCode(10)}`;
      const clash = await this.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirst();
      if (clash && attempt < 5) continue;
      const row = await this.db
        .insertInto('orders')
        .values({ ...values, order_number: orderNumber, created_at: when, updated_at: when })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.db.insertInto('order_history').values({ order_id: row.id, status: row.status, created_at: when }).execute();
      return row;
    }
  }

  async setStatus(orderId: number, status: OrderStatus, extra: { payment_status?: PaymentStatus; cancel_reason?: string } = {}, at = this.clock.now()): Promise<void> {
    const when = iso(at);
    await this.db.updateTable('orders').set({ status, ...extra, updated_at: when }).where('id', '=', orderId).execute();
    await this.db.insertInto('order_history').values({ order_id: orderId, status, created_at: when }).execute();
  }

  async listForCustomer(customerId: number): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return this.hydrate(rows);
  }

  rowById(orderId: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  }

  async byId(orderId: number): Promise<Order | undefined> {
    const row = await this.rowById(orderId);
    return row ? (await this.hydrate([row]))[0] : undefined;
  }

  async byNumber(orderNumber: string): Promise<Order | undefined> {
    const row = await this.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
    return row ? (await this.hydrate([row]))[0] : undefined;
  }

  /** The customer an order number belongs to (track-order shows its owner the full address). */
  async customerIdOf(orderNumber: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('orders').select('customer_id').where('order_number', '=', orderNumber).executeTakeFirst();
    return row?.customer_id;
  }

  rowsByPayment(paymentId: string): Promise<OrderRow[]> {
    return this.db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
  }

  async byIds(ids: number[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id').execute();
    return this.hydrate(rows);
  }

  // Payments of prepaid checkouts (the test provider of docs/api-contract.md).

  async createPayment(customerId: number, amount: number, couponCode: string | null): Promise<string> {
    const id = `pay_${randomCode(16)}`;
    await this.db
      .insertInto('payments')
      .values({ id, customer_id: customerId, amount, status: 'pending', coupon_code: couponCode, created_at: iso(this.clock.now()), settled_at: null })
      .execute();
    return id;
  }

  payment(id: string) {
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Settles a pending payment once; false when it was already settled. */
  async settlePayment(id: string, status: 'paid' | 'failed'): Promise<boolean> {
    const res = await this.db
      .updateTable('payments')
      .set({ status, settled_at: iso(this.clock.now()) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
