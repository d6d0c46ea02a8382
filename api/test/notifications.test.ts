import type { CheckoutResult } from '@storefront/contract';
import { backoffMs } from '../src/domain/notifications';
import {
  ADDRESS,
  addToCart,
  findVariant,
  makeProductionApp,
  makeSecondApp,
  ok,
  post,
  productionEnv,
  registerCustomer,
  type TestApp,
} from './helpers';
import { startSmsReceiver, startSmtpReceiver, type SmsReceiver, type SmtpReceiver } from './receivers';
import { staffToken } from './staffHelpers';

// A production app: notices leave only through the SMS gateway and SMTP stand-ins, as for a real shop.
let t: TestApp;
let sms: SmsReceiver;
let smtp: SmtpReceiver;
let staff: string;
beforeAll(async () => {
  sms = await startSmsReceiver();
  smtp = await startSmtpReceiver();
  t = await makeProductionApp(
    productionEnv(sms, smtp, {
      SHOP_NAME: 'Kirana Bazaar',
      // The OTP keeps productionEnv's DLT template; order notices go with a template registered for them.
      SMS_NOTICE_WEBHOOK_BODY:
        '{"template_id":"order-notice","recipients":[{"mobiles":"91{{mobile}}","text":"{{text}}","order":"{{order}}"}]}',
    }),
    {
      payments: { provider: 'test', holdMinutes: 15, sweepSeconds: 0, razorpay: null, problems: [] },
    },
  );
  ({ token: staff } = await staffToken(t, 'staff', smtp));
});
afterAll(async () => {
  await t.close();
  await sms.close();
  await smtp.close();
});

let skip = 0;
async function codOrder(): Promise<{ number: string; mobile: string; email: string; id: number }> {
  const c = await registerCustomer(t.app);
  skip += 1;
  const v = await findVariant(t.db, { maxPrice: 2000_00, minPrice: 600_00, minStock: 5, skip: skip * 5 });
  ok(await addToCart(t.app, c.token, v, 1));
  const email = `buyer${skip}.${Date.now()}@example.in`;
  const data = ok(await post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, email, payment_method: 'cod' }, { token: c.token }), 201);
  const id = data.order_id[0] ?? 0;
  const row = await t.db.selectFrom('orders').select(['order_number', 'phone_number']).where('id', '=', id).executeTakeFirstOrThrow();
  return { number: row.order_number, mobile: row.phone_number, email, id };
}
const move = (number: string, body: Record<string, unknown>) => post(t.app, `/staff/orders/${number}/status`, body, { token: staff });
const smsTo = (mobile: string) =>
  sms.received
    .filter((r) => r.body.template_id === 'order-notice' && JSON.stringify(r.body).includes(`91${mobile}`))
    .map((r) => JSON.stringify(r.body));
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map((m) => m.raw);
const queued = (orderId: number) => t.db.selectFrom('notifications').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('the shopper hears about every step', () => {
  it('queues an SMS and an e-mail with each change, in its transaction, and sends them', async () => {
    const o = await codOrder();
    expect((await queued(o.id)).map((n) => [n.event, n.channel, n.status])).toEqual([
      ['order_placed', 'sms', 'pending'],
      ['order_placed', 'email', 'pending'],
    ]);
    ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
    ok(
      await move(o.number, {
        from: 'order_confirmed',
        to: 'shipped',
        courier: 'Blue Dart',
        tracking_number: 'BD998877',
        tracking_url: 'https://www.bluedart.com/track/BD998877',
      }),
    );
    // A repeated move queues nothing twice.
    ok(await move(o.number, { from: 'order_confirmed', to: 'shipped', courier: 'Blue Dart', tracking_number: 'BD998877' }));
    await t.app.orderNotifier.pass();
    const texts = smsTo(o.mobile);
    expect(texts).toHaveLength(3);
    expect(texts[2]).toContain('Kirana Bazaar: order');
    expect(texts[2]).toContain('AWB BD998877');
    expect(texts[2]).toContain('https://www.bluedart.com/track/BD998877');
    const mails = mailsTo(o.email);
    expect(mails).toHaveLength(3);
    expect(mails.some((m) => m.includes('Blue Dart') && m.includes('BD998877'))).toBe(true);
    expect((await queued(o.id)).every((n) => n.status === 'sent')).toBe(true);

    ok(await move(o.number, { from: 'shipped', to: 'out_for_delivery' }));
    await t.app.orderNotifier.pass();
    expect(smsTo(o.mobile)).toHaveLength(4);
  });

  it('tells who cancelled and why', async () => {
    const o = await codOrder();
    ok(await move(o.number, { from: 'order_placed', to: 'cancelled', reason: 'Item damaged in our store' }));
    await t.app.orderNotifier.pass();
    expect(smsTo(o.mobile).at(-1)).toContain('was cancelled by us: Item damaged in our store');
  });
});

describe('a gateway outage loses nothing', () => {
  it('keeps the SMS queued while the gateway is down, retries with back-off, and sends once it is back', async () => {
    const o = await codOrder();
    sms.failWith(503);
    try {
      // The change itself never waits for or fails on the gateway.
      ok(await move(o.number, { from: 'order_placed', to: 'order_confirmed' }));
      await t.app.orderNotifier.pass();
      const rows = await queued(o.id);
      const smsRows = rows.filter((n) => n.channel === 'sms');
      expect(smsRows.map((n) => [n.status, n.attempts])).toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);
      // E-mail went out meanwhile.
      expect(rows.filter((n) => n.channel === 'email').every((n) => n.status === 'sent')).toBe(true);
      // Not retried before its back-off.
      await t.app.orderNotifier.pass();
      expect((await queued(o.id)).filter((n) => n.channel === 'sms').map((n) => n.attempts)).toEqual([1, 1]);
    } finally {
      sms.failWith(null);
    }
    t.clock.advance(backoffMs(1) + 1);
    await t.app.orderNotifier.pass();
    expect(smsTo(o.mobile)).toHaveLength(2);
    expect((await queued(o.id)).every((n) => n.status === 'sent')).toBe(true);
  });

  it('two API processes sweeping at once send each message exactly once', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => codOrder()));
    const second = await makeSecondApp(t);
    try {
      const counts = await Promise.all([t.app.orderNotifier.pass(), second.app.orderNotifier.pass(), t.app.orderNotifier.pass()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(orders.length * 2);
      for (const o of orders) {
        expect(smsTo(o.mobile)).toHaveLength(1);
        expect(mailsTo(o.email)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
