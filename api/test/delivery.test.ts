// Issue 39: serviceable pincodes loaded by the owner, delivery estimates, and the cash-on-delivery rules the
// checkout enforces inside its transaction. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNSERVED_PINCODE, type CheckoutResult, type PincodeCheck } from '@storefront/contract';
import { ADDRESS, addToCart, findVariant, get, makeApp, ok, post, registerCustomer, type TestApp, type VariantInfo } from './helpers';
import { runDeliveryCommand } from '../src/cli/delivery';
import { generatePincodeCsv } from '../src/db/seed/pincodes';
import { PincodeFileError } from '../src/domain/delivery';
import { productionLimits } from '../src/config';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-pincodes-'));
/** Saturday 28 Nov 2026, 10:00 IST. */
const SATURDAY_MORNING = Date.parse('2026-11-28T10:00:00+05:30');
const CACHE_MS = 60_000;

beforeAll(async () => {
  t = await makeApp();
  t.clock.advance(SATURDAY_MORNING - t.clock.now());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const owner = (...argv: string[]) => runDeliveryCommand(t.db, argv, 'cli:test-owner');
const check = (pincode: string) => get<PincodeCheck>(t.app, `/pincode/${pincode}`);
const writeCsv = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
const served = async () =>
  Number(
    (
      await t.db
        .selectFrom('pincodes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /pincode/{pincode}', () => {
  it('a served pincode: where it is, the delivery window from a Saturday morning, and cash on delivery', async () => {
    const a = await check('560038');
    expect(a.headers['cache-control']).toBe('public, max-age=60');
    expect(ok(a)).toEqual({
      pincode: '560038',
      serviceable: true,
      district: 'Bengaluru',
      state: 'Karnataka',
      zone: 'Local',
      // Received Saturday, packed and handed over Monday (Sunday off), 1–2 days with the courier.
      delivery: { from: '2026-12-01', to: '2026-12-02', text: 'Delivered by Tue 1 Dec – Wed 2 Dec' },
      cod: { available: true, reason: null, fee: '0.00', max_order_value: null, otp_above: null },
    });
  });

  it('a pincode outside the list is not served, and one the list gives cod=no offers no cash', async () => {
    const leh = ok(await check('194101'));
    expect(leh).toMatchObject({ serviceable: false, delivery: null, cod: { available: false, reason: UNSERVED_PINCODE } });
    const imphal = ok(await check('795001'));
    expect(imphal).toMatchObject({ serviceable: true, cod: { available: false } });
    expect(imphal.cod.reason).toBe('Cash on delivery is not available for this pincode. Please pay online (prepaid).');
  });

  it('refuses what is not a pincode with a field error, never a 500', async () => {
    for (const bad of ['56003', '012345', '5600381', 'abcdef', '%00']) {
      const a = await check(bad);
      expect(a.status).toBe(400);
      expect(a.body.success).toBe(false);
    }
  });

  it('is cached per pincode for a minute: an owner change shows after it', async () => {
    ok(await check('110001'));
    await owner('cod', 'exclude', '110001');
    expect(ok(await check('110001')).cod.available).toBe(true);
    t.clock.advance(CACHE_MS + 1);
    expect(ok(await check('110001')).cod).toMatchObject({ available: false });
    await owner('cod', 'allow', '110001');
    t.clock.advance(CACHE_MS + 1);
    expect(ok(await check('110001')).cod.available).toBe(true);
  });

  it('counts checks of pincodes off the list per client network (the shared store); served pincodes are free', async () => {
    const limited = await makeApp({ limits: { ...productionLimits(1000), pincodeCheck: { max: 3, windowMs: 60_000 } } });
    try {
      const from = (ip: string, pincode: string) => get(limited.app, `/pincode/${pincode}`, { remoteAddress: ip });
      for (const [i, pin] of ['194101', '194102', '194103'].entries())
        expect((await from(`2401:4900:1c2a:8f3e::${i + 1}`, pin)).status).toBe(200);
      // Another address of the same /64 is the same client: a fourth made-up pincode is refused…
      const refused = await from('2401:4900:1c2a:8f3e::99', '194104');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many pincode checks from your network\. Please try again in /);
      // …while the pincodes the shop serves answer, however many.
      for (const pin of ['560001', '560025', '560038', '560069', '600018'])
        expect((await from('2401:4900:1c2a:8f3e::99', pin)).status).toBe(200);
      expect((await from('203.0.113.9', '194104')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('pincodes:load', () => {
  it('refuses a file with bad rows, naming each line, and keeps the list it had', async () => {
    const before = await served();
    const file = writeCsv(
      'bad.csv',
      'pincode,district,state,zone,cod,delivery_days\n' +
        '560001,Bengaluru,Karnataka,Local,yes,1-2\n' +
        '012345,Nowhere,Karnataka,Local,yes,1-2\n' +
        '560002,Bengaluru,Karnataka,Local,maybe,1-2\n' +
        '560001,Bengaluru,Karnataka,Local,yes,1-2\n' +
        '560003,Bengaluru,,Local,yes,5-2\n',
    );
    await expect(owner('pincodes', 'load', file)).rejects.toThrow(PincodeFileError);
    const problems = await owner('pincodes', 'load', file).catch((err: PincodeFileError) => err.problems);
    expect(problems).toEqual([
      'line 3: "012345" is not a pincode (six digits, not starting with 0)',
      'line 4: cod must be yes or no, not "maybe"',
      'line 5: pincode 560001 is already on line 2',
      'line 6: state is empty',
      'line 6: delivery_days must be days or a range like 2-4 (at most 30), not "5-2"',
    ]);
    expect(await served()).toBe(before);
    const header = writeCsv('header.csv', 'pincode,state,cod\n560001,Karnataka,yes\n');
    await expect(owner('pincodes', 'load', header)).rejects.toThrow(/line 1: the header lacks district, zone, delivery_days/);
  });

  it("replaces the list with India's size in one go, quoted fields and all; the owner's COD exclusions stay", async () => {
    await owner('cod', 'exclude', '560069');
    const big = generatePincodeCsv(19_000);
    const file = writeCsv('india.csv', `${big}560069,"Bengaluru, Urban",Karnataka,Local,yes,1-2\n`);
    expect(await owner('pincodes', 'load', file)).toEqual([`[api] 19001 pincodes served (were 45), from ${file}`]);
    expect(await served()).toBe(19_001);
    t.clock.advance(CACHE_MS + 1);
    expect(ok(await check('560069'))).toMatchObject({ district: 'Bengaluru, Urban', cod: { available: false } });
    // 560038 was in the sample list, not in the new one.
    expect(ok(await check('560038')).serviceable).toBe(false);
    const record = await t.db
      .selectFrom('staff_actions')
      .select(['after_state'])
      .where('action', '=', 'pincodes.load')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(record.after_state ?? '{}')).toEqual({ count: 19_001, by: 'cli:test-owner' });
    // Back to the sample for the checkout tests.
    await owner('pincodes', 'load', path.join(__dirname, '../src/db/seed/pincodes-sample.csv'));
    await owner('cod', 'allow', '560069');
  });

  it('delivery rules: the closing hour and a holiday move the window', async () => {
    await owner('delivery', 'set', '--closing', '09:30');
    await owner('delivery', 'holiday', 'add', '2026-12-01', 'Shop holiday');
    t.clock.advance(CACHE_MS + 1);
    // After closing on Saturday: received Monday, Tuesday is a holiday, handed over Wednesday.
    expect(ok(await check('560038')).delivery).toMatchObject({ from: '2026-12-03', to: '2026-12-04' });
    await owner('delivery', 'set', '--closing', '20:00');
    await owner('delivery', 'holiday', 'remove', '2026-12-01');
    await expect(owner('delivery', 'holiday', 'add', '2026-02-30', 'x')).rejects.toThrow(/not a date/);
    await expect(owner('delivery', 'set', '--closing', '25:00')).rejects.toThrow(/--closing/);
  });
});

describe('checkout: the pincode and the cash-on-delivery rules', () => {
  let cheap: VariantInfo;
  let dear: VariantInfo;
  beforeAll(async () => {
    cheap = await findVariant(t.db, { minStock: 20, maxPrice: 100_000 });
    dear = await findVariant(t.db, { minStock: 20, minPrice: 150_000, maxPrice: 400_000 });
  });
  afterEach(async () => {
    await owner('cod', 'off', 'max-order', 'rto', 'otp-above');
    await owner('cod', 'set', '--fee', '0');
  });

  async function shopper(v: VariantInfo) {
    const c = await registerCustomer(t.app);
    ok(await addToCart(t.app, c.token, v, 1));
    return c;
  }
  const place = (token: string, over: Record<string, unknown> = {}) =>
    post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod', ...over }, { token });
  const stockOf = async (id: number) =>
    (await t.db.selectFrom('variations').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  it('refuses an unserved pincode before anything is taken, whatever the payment', async () => {
    const c = await shopper(cheap);
    const stock = await stockOf(cheap.variantId);
    for (const payment_method of ['cod', 'prepaid']) {
      const a = await place(c.token, { pincode: '194101', payment_method });
      expect(a.status).toBe(400);
      expect(a.body.errors).toEqual({ pincode: UNSERVED_PINCODE });
    }
    expect(await stockOf(cheap.variantId)).toBe(stock);
    expect(ok(await place(c.token, { pincode: '560038' }), 201).order_id).toHaveLength(1);
  });

  it('charges the COD fee once, on the first order of the checkout; prepaid pays none', async () => {
    await owner('cod', 'set', '--fee', '49');
    const c = await registerCustomer(t.app);
    ok(await addToCart(t.app, c.token, cheap, 1));
    ok(await addToCart(t.app, c.token, await findVariant(t.db, { minStock: 20, maxPrice: 100_000, skip: 1 }), 1));
    const result = ok(await place(c.token), 201);
    expect(result.cod_fee).toBe('49.00');
    const fees = await t.db.selectFrom('orders').select('cod_fee').where('id', 'in', result.order_id).orderBy('id').execute();
    expect(fees.map((f) => f.cod_fee)).toEqual([4900, 0]);
    // The shopper's and the staff's order answers carry it on that order, to collect with it.
    const mine = ok(await get<{ order_id: number; cod_fee?: string }[]>(t.app, '/customer/orders', { token: c.token }));
    expect(
      mine
        .filter((o) => result.order_id.includes(o.order_id))
        .map((o) => o.cod_fee ?? null)
        .sort(),
    ).toEqual(['49.00', null]);
    const prepaid = ok(await place((await shopper(cheap)).token, { payment_method: 'prepaid' }), 201);
    expect(prepaid.cod_fee).toBe('0.00');
    // The pincode check shows the fee once its cached rules have aged out.
    t.clock.advance(CACHE_MS + 1);
    expect(ok(await check('560001')).cod.fee).toBe('49.00');
  });

  it('refuses cash above the maximum order value and says to pay online; below it, and prepaid, pass', async () => {
    await owner('cod', 'set', '--max-order', String(dear.price / 100 - 1));
    const c = await shopper(dear);
    const refused = await place(c.token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Cash on delivery is available for orders up to ₹[\d,]+\. Please pay online \(prepaid\)\.$/);
    expect(refused.body.errors?.payment_method).toBe(refused.body.message);
    const prepaid = ok(await place(c.token, { payment_method: 'prepaid' }), 201);
    expect(prepaid.payment).not.toBeNull();
    const small = await shopper(cheap);
    expect(ok(await place(small.token), 201).order_id).toHaveLength(1);
  });

  it('refuses cash to a pincode the list gives cod=no and to one the owner excluded', async () => {
    const c = await shopper(cheap);
    const noCash = await place(c.token, { pincode: '795001' });
    expect(noCash.status).toBe(422);
    expect(noCash.body.message).toBe('Cash on delivery is not available for this pincode. Please pay online (prepaid).');
    await owner('cod', 'exclude', '560025');
    expect((await place(c.token, { pincode: '560025' })).status).toBe(422);
    await owner('cod', 'allow', '560025');
    expect(ok(await place(c.token, { pincode: '560025' }), 201).cod_fee).toBe('0.00');
  });

  it('bars a mobile from cash after N returned-to-origin cash parcels, counting parcels, not lines', async () => {
    await owner('cod', 'set', '--rto', '2');
    const c = await registerCustomer(t.app);
    const returnOne = async () => {
      ok(await addToCart(t.app, c.token, cheap, 1));
      ok(await addToCart(t.app, c.token, await findVariant(t.db, { minStock: 20, maxPrice: 100_000, skip: 2 }), 1));
      const placed = ok(await place(c.token), 201);
      await t.db.updateTable('orders').set({ status: 'returned_to_origin' }).where('id', 'in', placed.order_id).execute();
      t.clock.advance(1000);
    };
    await returnOne(); // one parcel of two lines: one return
    ok(await addToCart(t.app, c.token, cheap, 1));
    ok(await place(c.token), 201);
    await returnOne();
    ok(await addToCart(t.app, c.token, cheap, 1));
    const barred = await place(c.token);
    expect(barred.status).toBe(422);
    expect(barred.body.message).toBe(
      'Cash on delivery is not available for this mobile number: earlier cash-on-delivery parcels to it were returned. Please pay online (prepaid).',
    );
    expect(ok(await place(c.token, { payment_method: 'prepaid' }), 201).payment).not.toBeNull();
    // Another shopper's mobile is not barred by these returns.
    expect(ok(await place((await shopper(cheap)).token), 201).order_id).toHaveLength(1);
  });

  it('asks for the one-time code on cash orders above the threshold; a session that proved the mobile passes', async () => {
    await owner('cod', 'set', '--otp-above', String(dear.price / 100 - 1));
    const c = await shopper(dear);
    const refused = await place(c.token);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(
      /needs your mobile number confirmed with a one-time code\. Confirm it, or pay online \(prepaid\)\.$/,
    );
    const code = ok(await post<{ otp: string }>(t.app, '/customer/mobile/send-otp', { mobile: c.mobile }, { token: c.token })).otp;
    ok(await post(t.app, '/customer/mobile/verify', { mobile: c.mobile, otp: code }, { token: c.token }));
    expect(ok(await place(c.token), 201).order_id).toHaveLength(1);
    // Below the threshold no code is asked for.
    expect(ok(await place((await shopper(cheap)).token), 201).order_id).toHaveLength(1);
  });
});
