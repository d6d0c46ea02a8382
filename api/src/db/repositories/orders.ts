import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OrderTable } from '../schema';
import type { OrderDocuments, OrderStatus, PaymentStatus } from '@storefront/contract';
import { iso, type Clock } from '../../lib/clock';
import { randomCode } from '../../lib/crypto';
import { isNotified, queueOrderNotice } from './notifications';
import { InvoiceRepository } from './invoices';

export type OrderRow = Selectable<OrderTable>;
export type NewOrder = Omit<Insertable<OrderTable>, 'id' | 'order_number' | 'created_at' | 'updated_at'>;

export interface HistoryRow {
  status: string;
  created_at: string;
  actor: string | null;
  note: string | null;
}

/** An order as stored: its row, its history, the hold of its payment (while pending), its tax documents. */
export interface OrderRecord {
  row: OrderRow;
  history: HistoryRow[];
  paymentExpiresAt: string | null;
  documents: OrderDocuments;
}

export class OrderRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private async hydrate(rows: OrderRow[]): Promise<OrderRecord[]> {
    if (rows.length === 0) return [];
    const history = await this.db
      .selectFrom('order_history')
      .select(['order_id', 'status', 'created_at', 'actor', 'note'])
      .where(
        'order_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    const paymentIds = [...new Set(rows.filter((r) => r.status === 'payment_pending' && r.payment_id).map((r) => r.payment_id ?? ''))];
    const holds = paymentIds.length
      ? await this.db.selectFrom('payments').select(['id', 'expires_at']).where('id', 'in', paymentIds).execute()
      : [];
    const holdOf = new Map(holds.map((p) => [p.id, p.expires_at]));
    const documents = await new InvoiceRepository(this.db).documents(rows.map((r) => r.id));
    return rows.map((row) => ({
      row,
      history: history.filter((h) => h.order_id === row.id),
      paymentExpiresAt: row.payment_id ? (holdOf.get(row.payment_id) ?? null) : null,
      documents: documents.get(row.id) ?? { invoice_number: null, credit_note_number: null },
    }));
  }

  /** Inserts an order with a fresh random order number and its first history entry. */
  async create(values: NewOrder, at = this.clock.now(), actor: string | null = null): Promise<OrderRow> {
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
      await this.db
        .insertInto('order_history')
        .values({ order_id: row.id, status: row.status, created_at: when, actor, note: null })
        .execute();
      // The seed writes a made-up past with no actor: only a live order tells its shopper.
      if (actor !== null && row.status === 'order_placed') await queueOrderNotice(this.db, row.id, 'order_placed', at);
      return row;
    }
  }

  /** Unconditional: for the seed, which writes a made-up past. Live changes go through `move`. */
  async setStatus(
    orderId: number,
    status: OrderStatus,
    extra: { payment_status?: PaymentStatus; cancel_reason?: string } = {},
    at = this.clock.now(),
  ): Promise<void> {
    const when = iso(at);
    await this.db
      .updateTable('orders')
      .set({ status, ...extra, updated_at: when })
      .where('id', '=', orderId)
      .execute();
    await this.db
      .insertInto('order_history')
      .values({ order_id: orderId, status, created_at: when, actor: 'store:seed', note: null })
      .execute();
  }

  /**
   * Moves an order from one of the statuses `from` (and, when given, payment statuses `fromPayment`) to
   * `to`, writing the history entry with who or what caused it. A conditional update: false, and nothing
   * written, when the order was no longer where the caller saw it (another request or process moved it).
   */
  async move(
    orderId: number,
    change: {
      from: readonly string[];
      to: OrderStatus;
      fromPayment?: readonly PaymentStatus[];
      payment_status?: PaymentStatus;
      cancel_reason?: string;
    },
    actor: string,
    note: string | null = null,
  ): Promise<boolean> {
    const when = iso(this.clock.now());
    let q = this.db
      .updateTable('orders')
      .set({
        status: change.to,
        updated_at: when,
        ...(change.payment_status ? { payment_status: change.payment_status } : {}),
        ...(change.cancel_reason ? { cancel_reason: change.cancel_reason } : {}),
      })
      .where('id', '=', orderId)
      .where('status', 'in', [...change.from]);
    if (change.fromPayment) q = q.where('payment_status', 'in', [...change.fromPayment]);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await this.db.insertInto('order_history').values({ order_id: orderId, status: change.to, created_at: when, actor, note }).execute();
    // The shopper's SMS and e-mail commit with the change (issue 38), sent later by the notification sweeper.
    if (isNotified(change.to)) await queueOrderNotice(this.db, orderId, change.to, this.clock.now());
    return true;
  }

  /** Moves only the payment status (refunds): conditional like `move`; the history entry keeps the order status. */
  async movePayment(orderId: number, from: readonly PaymentStatus[], to: PaymentStatus, actor: string, note: string): Promise<boolean> {
    const when = iso(this.clock.now());
    const res = await this.db
      .updateTable('orders')
      .set({ payment_status: to, updated_at: when })
      .where('id', '=', orderId)
      .where('payment_status', 'in', [...from])
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    const row = await this.rowById(orderId);
    await this.db
      .insertInto('order_history')
      .values({ order_id: orderId, status: row?.status ?? 'cancelled', created_at: when, actor, note })
      .execute();
    if (to === 'refunded') await queueOrderNotice(this.db, orderId, 'refunded', this.clock.now());
    return true;
  }

  /** A history entry without a change of status: a refused or failed payment attempt, say. */
  async note(orderId: number, status: string, actor: string, note: string): Promise<void> {
    await this.db
      .insertInto('order_history')
      .values({ order_id: orderId, status, created_at: iso(this.clock.now()), actor, note })
      .execute();
  }

  async listForCustomer(customerId: number): Promise<OrderRecord[]> {
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

  async byId(orderId: number): Promise<OrderRecord | undefined> {
    const row = await this.rowById(orderId);
    return row ? (await this.hydrate([row]))[0] : undefined;
  }

  byNumberRow(orderNumber: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
  }

  async byNumber(orderNumber: string): Promise<OrderRecord | undefined> {
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

  async byIds(ids: number[]): Promise<OrderRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id').execute();
    return this.hydrate(rows);
  }
}
