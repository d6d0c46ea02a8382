import {
  nextStatuses,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type CheckoutResult,
  type Order,
  type OrderStatus,
  type TrackedOrder,
} from '@storefront/contract';
import { ADDRESS, addToCart, findVariant, get, makeApp, makeSecondApp, ok, post, registerCustomer, type TestApp } from './helpers';
import { staffToken } from './staffHelpers';

let t: TestApp;
let staff: string;
let staffEmail: string;
let owner: string;
beforeAll(async () => {
  t = await makeApp();
  ({ token: staff, email: staffEmail } = await staffToken(t, 'staff'));
  ({ token: owner } = await staffToken(t, 'owner'));
});
afterAll(() => t.close());

let skip = 0;
const stockOf = async (variantId: number) =>
  (await t.db.selectFrom('variations').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;

/** A shopper's order of one item, cash on delivery or paid through the test provider. */
async function placeOrder(method: 'cod' | 'prepaid' = 'cod', coupon?: string) {
  const c = await registerCustomer(t.app);
  skip += 1;
  const v = await findVariant(t.db, { maxPrice: 2000_00, minPrice: 600_00, minStock: 5, skip: skip * 3 });
  ok(await addToCart(t.app, c.token, v, 1));
  const data = ok(
    await post<CheckoutResult>(
      t.app,
      '/checkout1',
      { ...ADDRESS, payment_method: method, ...(coupon ? { coupon_code: coupon } : {}) },
      { token: c.token },
    ),
    201,
  );
  if (method === 'prepaid')
    ok(await post(t.app, '/payment/test/confirm', { payment_id: data.payment?.payment_id, outcome: 'success' }, { token: c.token }));
  const id = data.order_id[0] ?? 0;
  const row = await t.db.selectFrom('orders').select(['order_number', 'final_amount']).where('id', '=', id).executeTakeFirstOrThrow();
  return { token: c.token, number: row.order_number, amount: row.final_amount, variantId: v.variantId };
}

type Moved = { order: Order; changed: boolean; next: OrderStatus[] };
const move = (number: string, body: Record<string, unknown>, token = staff) =>
  post<Moved>(t.app, `/staff/orders/${number}/status`, body, { token });
const statusOf = async (number: string) =>
  (await t.db.selectFrom('orders').select('status').where('order_number', '=', number).executeTakeFirstOrThrow()).status;
const historyLength = async (number: string) =>
  (
    await t.db
      .selectFrom('order_history as h')
      .innerJoin('orders as o', 'o.id', 'h.order_id')
      .select('h.id')
      .where('o.order_number', '=', number)
      .execute()
  ).length;
/** Puts an order straight into `status` (a test's shortcut to a state; the moves are tested one by one). */
const setStatus = (number: string, status: string) =>
  t.db.updateTable('orders').set({ status }).where('order_number', '=', number).execute();

const SHIP = {
  courier: 'Delhivery',
  tracking_number: 'dl1234567890',
  tracking_url: 'https://www.delhivery.com/track/package/DL1234567890',
};
const bodyFor = (to: OrderStatus, amount: number, method: string) => ({
  ...(to === 'shipped' ? SHIP : {}),
  ...(to === 'cancelled' ? { reason: 'Out of stock at the wholesaler' } : {}),
  ...(to === 'delivered' && method === 'cod' ? { collected_amount: (amount / 100).toFixed(2) } : {}),
});

describe('the transition table', () => {
  const statuses = ORDER_STATUSES;

  it('allows every move of the table and refuses every other one, leaving the order as it was', async () => {
    const order = await placeOrder('cod');
    for (const from of statuses) {
      for (const to of statuses) {
        if (from === to) continue;
        await setStatus(order.number, from);
        const a = await move(order.number, { from, to, ...bodyFor(to, order.amount, 'cod') });
        const allowed = nextStatuses(from).includes(to);
        expect([from, to, a.status]).toEqual([from, to, allowed ? 200 : 409]);
        expect(await statusOf(order.number)).toBe(allowed ? to : from);
      }
    }
    expect(Object.keys(ORDER_TRANSITIONS).length).toBeGreaterThan(5);
  });
});

describe('a cash-on-delivery order from placed to delivered', () => {
  it('walks the path with the courier and AWB, collects the cash, and the shopper sees every step', async () => {
    const o = await placeOrder('cod');
    ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    ok(await move(o.number, { from: 'order_confirmed', to: 'processed_by_wholesaler' }));
    const missing = await move(o.number, { from: 'processed_by_wholesaler', to: 'shipped' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ courier: 'Courier is required' });
    const badLink = await move(o.number, { from: 'processed_by_wholesaler', to: 'shipped', ...SHIP, tracking_url: 'javascript:alert(1)' });
    expect(badLink.body.errors).toEqual({ tracking_url: 'Tracking link must be an https:// address' });
    const shipped = ok(await move(o.number, { from: 'processed_by_wholesaler', to: 'shipped', ...SHIP }));
    expect(shipped.order.shipment).toMatchObject({
      courier: 'Delhivery',
      tracking_number: 'DL1234567890',
      tracking_url: SHIP.tracking_url,
    });
    expect(shipped.next).toEqual(['out_for_delivery', 'delivered', 'returned_to_origin']);
    ok(await move(o.number, { from: 'shipped', to: 'out_for_delivery' }));
    const wrongCash = await move(o.number, { from: 'out_for_delivery', to: 'delivered', collected_amount: '1.00' });
    expect(wrongCash.status).toBe(400);
    expect(Object.keys(wrongCash.body.errors ?? {})).toEqual(['collected_amount']);
    const done = ok(await move(o.number, { from: 'out_for_delivery', to: 'delivered', collected_amount: (o.amount / 100).toFixed(2) }));
    expect(done.order).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect(done.order.shipment?.delivered_at).toBeTruthy();
    expect(done.next).toEqual([]);

    const tracked = ok(await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: o.number }));
    expect(tracked.shipment?.tracking_url).toBe(SHIP.tracking_url);
    expect(tracked.steps.find((s) => s.current)?.status).toBe('delivered');
    const storeSteps = tracked.history.filter((h) => h.by === 'store').map((h) => h.status);
    expect(storeSteps).toEqual(['order_confirmed', 'processed_by_wholesaler', 'shipped', 'out_for_delivery', 'delivered']);
    // The staff member is kept inside (the activity record), never shown to the shopper.
    expect(JSON.stringify(tracked)).not.toContain(staffEmail);
    const mine = ok(await get<Order[]>(t.app, '/customer/orders', { token: o.token }));
    expect(JSON.stringify(mine)).toContain('DL1234567890');
  });
});

describe('tracking shows the path the order really takes', () => {
  it('lists the steps walked and the ones still ahead, not optional ones it skipped', async () => {
    const o = await placeOrder('cod');
    const steps = async () => ok(await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: o.number })).steps;
    expect((await steps()).map((s) => s.status)).toEqual(['order_placed', 'order_confirmed', 'shipped', 'out_for_delivery', 'delivered']);
    ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    ok(await move(o.number, { from: 'order_confirmed', to: 'shipped', ...SHIP }));
    const now = await steps();
    expect(now.map((s) => [s.status, s.done, s.current])).toEqual([
      ['order_placed', true, false],
      ['order_confirmed', true, false],
      ['shipped', true, true],
      ['out_for_delivery', false, false],
      ['delivered', false, false],
    ]);
    const pickup = await placeOrder('cod');
    ok(await move(pickup.number, { from: 'order_placed', to: 'order_confirmed' }));
    ok(await move(pickup.number, { from: 'order_confirmed', to: 'ready_for_pickup' }));
    const ready = ok(await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: pickup.number })).steps;
    expect(ready.map((s) => s.status)).toEqual(['order_placed', 'order_confirmed', 'ready_for_pickup', 'delivered']);
  });
});

describe('idempotent, and one winner when two act at once', () => {
  it('a repeat by the same member answers unchanged; another member is told', async () => {
    const o = await placeOrder('cod');
    const first = ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    expect(first.changed).toBe(true);
    const again = ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    expect(again.changed).toBe(false);
    const entries = await historyLength(o.number);
    const other = await move(o.number, { from: 'order_placed', to: 'order_confirmed' }, owner);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This order was changed by someone else: it is now Order Confirmed. Please refresh.');
    expect(await historyLength(o.number)).toBe(entries);
  });

  it('two members on two API processes cancel and confirm at once: one wins, the stock moves once', async () => {
    const second = await makeSecondApp(t);
    try {
      const o = await placeOrder('cod');
      const before = await stockOf(o.variantId);
      const answers = await Promise.all([
        move(o.number, { from: 'order_placed', to: 'cancelled', reason: 'Customer asked by phone' }),
        post<Moved>(second.app, `/staff/orders/${o.number}/status`, { from: 'order_placed', to: 'order_confirmed' }, { token: owner }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const final = await statusOf(o.number);
      expect(await stockOf(o.variantId)).toBe(final === 'cancelled' ? before + 1 : before);
    } finally {
      await second.close();
    }
  });
});

describe('the shop cancels, and a parcel comes back', () => {
  it('cancels a paid order with a reason: stock back and a full refund through the provider', async () => {
    const o = await placeOrder('prepaid');
    const before = await stockOf(o.variantId);
    const noReason = await move(o.number, { from: 'order_placed', to: 'cancelled' });
    expect(noReason.body.errors).toEqual({ reason: 'Please give the reason for cancelling' });
    const res = ok(await move(o.number, { from: 'order_placed', to: 'cancelled', reason: 'Damaged in the warehouse' }));
    expect(res.order).toMatchObject({ status: 'cancelled', cancel_reason: 'Damaged in the warehouse', payment_status: 'refunded' });
    expect(await stockOf(o.variantId)).toBe(before + 1);
    const refunds = await t.db.selectFrom('refunds').select(['amount', 'status']).where('order_id', '=', res.order.order_id).execute();
    expect(refunds).toEqual([{ amount: o.amount, status: 'processed' }]);
    // A repeat asks for no second refund.
    ok(await move(o.number, { from: 'order_placed', to: 'cancelled', reason: 'Damaged in the warehouse' }));
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', res.order.order_id).execute()).toHaveLength(1);
  });

  it('cancels a cash-on-delivery order with no refund, and gives the coupon use back', async () => {
    const o = await placeOrder('cod', 'WELCOME10');
    const uses = async () =>
      (await t.db.selectFrom('coupons').select('used_count').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()).used_count;
    const before = await uses();
    const res = ok(await move(o.number, { from: 'order_placed', to: 'cancelled', reason: 'Cannot deliver to this pincode' }));
    expect(res.order).toMatchObject({ status: 'cancelled', payment_status: 'cod' });
    expect(await t.db.selectFrom('refunds').select('id').where('order_id', '=', res.order.order_id).execute()).toHaveLength(0);
    expect(await uses()).toBe(before - 1);
  });

  it('a refused cash-on-delivery parcel is returned to origin: stock back, nothing collected', async () => {
    const o = await placeOrder('cod');
    ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    ok(await move(o.number, { from: 'order_confirmed', to: 'shipped', ...SHIP }));
    const cancel = await move(o.number, { from: 'shipped', to: 'cancelled', reason: 'Too late' });
    expect(cancel.status).toBe(409);
    const before = await stockOf(o.variantId);
    const res = ok(await move(o.number, { from: 'shipped', to: 'returned_to_origin' }));
    expect(res.order).toMatchObject({ status: 'returned_to_origin', payment_status: 'cod' });
    expect(await stockOf(o.variantId)).toBe(before + 1);
    const tracked = ok(await post<TrackedOrder>(t.app, '/customer/track-order', { track_no: o.number }));
    expect(tracked.steps.map((s) => s.status)).toEqual(['order_placed', 'order_confirmed', 'shipped', 'returned_to_origin']);
  });
});

describe('the queue and the record', () => {
  it('lists by status, oldest waiting first, and shows an order with its allowed next statuses', async () => {
    const a = await placeOrder('cod');
    t.clock.advance(1000);
    const b = await placeOrder('cod');
    const q = ok(await get<{ orders: Order[]; total: number }>(t.app, '/staff/orders?status=order_placed&per_page=100', { token: staff }));
    const numbers = q.orders.map((o) => o.order_number);
    expect(numbers.indexOf(a.number)).toBeLessThan(numbers.indexOf(b.number));
    expect(q.orders.every((o) => o.status === 'order_placed')).toBe(true);
    const one = ok(await get<{ next: string[] }>(t.app, `/staff/orders/${a.number.toLowerCase()}`, { token: staff }));
    expect(one.next).toEqual(['order_confirmed', 'cancelled']);
    const bad = await get(t.app, '/staff/orders?status=lost&from=yesterday', { token: staff });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['from', 'status']);
  });

  it('records each move with the member and the order before and after, for the owner', async () => {
    const o = await placeOrder('cod');
    ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    type Page = { actions: { action: string; staff: { email: string } | null; before: { status: string }; after: { status: string } }[] };
    const page = ok(await get<Page>(t.app, `/staff/activity?subject_type=order&subject_id=${o.number}`, { token: owner }));
    expect(page.actions).toEqual([
      expect.objectContaining({
        action: 'order.order_confirmed',
        staff: expect.objectContaining({ email: staffEmail }),
        before: expect.objectContaining({ status: 'order_placed' }),
        after: expect.objectContaining({ status: 'order_confirmed' }),
      }),
    ]);
  });

  it('refuses the order routes to a customer token and to the API key alone', async () => {
    const o = await placeOrder('cod');
    expect((await move(o.number, { from: 'order_placed', to: 'order_confirmed' }, o.token)).status).toBe(401);
    expect((await post(t.app, `/staff/orders/${o.number}/status`, { from: 'order_placed', to: 'order_confirmed' })).status).toBe(401);
    expect((await get(t.app, '/staff/orders')).status).toBe(401);
    expect(await statusOf(o.number)).toBe('order_placed');
  });
});
