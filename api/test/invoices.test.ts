import { GSTIN_MESSAGES, type CheckoutResult, type Order } from '@storefront/contract';
import { DEV_INVOICE_SELLER } from '../src/config';
import { parseRateArgs } from '../src/domain/invoices';
import { ADDRESS, addToCart, get, makeApp, ok, post, registerCustomer, runScript, type TestApp } from './helpers';
import { staffToken } from './staffHelpers';
import { pdfText } from './support/pdfText';

// ---------- through the API ----------

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeApp();
  ({ token: staff } = await staffToken(t, 'staff'));
});
afterAll(() => t.close());

const MUMBAI = { address: '7, Hill Road, Bandra West', pincode: '400050', city: 'Mumbai', state: 'Maharashtra' };

/** A t-shirt (HSN 6109) priced at `price` paise, in stock; a new variant each call so orders never share stock. */
let made = 0;
async function tShirt(price: number) {
  made += 1;
  const product = await t.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug'])
    .where('c.slug', '=', 't-shirts')
    .orderBy('p.id')
    .offset(made % 5)
    .limit(1)
    .executeTakeFirstOrThrow();
  const v = await t.db
    .insertInto('variations')
    .values({ product_id: product.id, label: `Test ${made}`, price, mrp: price, stock: 50, sort_order: 100 + made })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { productId: product.id, variantId: v.id, price, stock: 50, slug: product.slug };
}

async function order(
  opts: {
    method?: 'cod' | 'prepaid';
    price?: number;
    address?: Record<string, string>;
    gstin?: string;
    pay?: boolean;
    coupon?: string;
  } = {},
) {
  const c = await registerCustomer(t.app);
  ok(await addToCart(t.app, c.token, await tShirt(opts.price ?? 104900), 1));
  const placed = ok(
    await post<CheckoutResult>(
      t.app,
      '/checkout1',
      {
        ...ADDRESS,
        ...opts.address,
        payment_method: opts.method ?? 'prepaid',
        ...(opts.gstin ? { buyer_gstin: opts.gstin } : {}),
        ...(opts.coupon ? { coupon_code: opts.coupon } : {}),
      },
      { token: c.token },
    ),
    201,
  );
  const id = placed.order_id[0] ?? 0;
  const paymentId = placed.payment?.payment_id;
  const pay = () => post(t.app, '/payment/test/confirm', { payment_id: paymentId, outcome: 'success' }, { token: c.token });
  if (opts.pay !== false && paymentId) ok(await pay());
  const number = placed.order_numbers[0] ?? '';
  return { token: c.token, id, number, pay };
}

const mine = async (token: string, id: number) =>
  ok(await get<Order[]>(t.app, '/customer/orders', { token })).find((o) => o.order_id === id);
async function download(url: string, token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { 'x-api-key': t.config.apiKey, authorization: `Bearer ${token}` },
  });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    disposition: res.headers['content-disposition'],
    body: res.rawPayload,
    json: res.body,
  };
}
const invoiceCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('tax invoices through the API', () => {
  it('a prepaid order paid within the seller’s state: numbered invoice, PDF with GSTIN, HSN, CGST and SGST', async () => {
    const o = await order();
    const docs = (await mine(o.token, o.id))?.documents;
    expect(docs?.invoice_number).toMatch(/^INV\/\d\d-\d\d\/\d{6}$/);
    expect(docs?.credit_note_number).toBeNull();

    const pdf = await download(`/customer/orders/${o.id}/document`, o.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain(`${docs?.invoice_number?.replaceAll('/', '-')}.pdf`);
    const text = pdfText(pdf.body);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`GSTIN: ${DEV_INVOICE_SELLER.gstin}`);
    expect(text).toContain(`Invoice number: ${docs?.invoice_number}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('HSN: 6109');
    expect(text).toContain('Quantity: 1 x Rs. 1,049.00 (GST included)');
    expect(text).not.toContain('Discount');
    expect(text).toContain('Taxable value: Rs. 999.04');
    expect(text).toContain('CGST @ 2.5%: Rs. 24.98');
    expect(text).toContain('SGST @ 2.5%: Rs. 24.98');
    expect(text).not.toContain('IGST');
    expect(text).toContain('Total (GST included): Rs. 1,049.00');
    expect(text).toContain('One Thousand Forty Nine Rupees Only');
  });

  it('delivered to another state: IGST; a business buyer’s GSTIN is printed', async () => {
    const o = await order({ address: MUMBAI, gstin: '27aapfu0939f1zv', price: 299900 });
    const text = pdfText((await download(`/customer/orders/${o.id}/document`, o.token)).body);
    // ₹2,999 a t-shirt is ₹2,856.19 before 5%: above ₹2,500, so 18%.
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('IGST @ 18%: Rs. 457.47');
    expect(text).toContain('Taxable value: Rs. 2,541.53');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Buyer GSTIN: 27AAPFU0939F1ZV');
  });

  it('a coupon lowers the value the tax is taken from', async () => {
    // WELCOME10 on ₹1,049: ₹104.90 off, ₹944.10 paid; 94410 × 250 / 10500 = 2247.86 → ₹22.48 a half.
    const o = await order({ coupon: 'WELCOME10' });
    const text = pdfText((await download(`/customer/orders/${o.id}/document`, o.token)).body);
    expect(text).toContain('Discount: Rs. 104.90');
    expect(text).toContain('Taxable value: Rs. 899.14');
    expect(text).toContain('CGST @ 2.5%: Rs. 22.48');
    expect(text).toContain('SGST @ 2.5%: Rs. 22.48');
    expect(text).toContain('Total (GST included): Rs. 944.10');
    expect(text).toContain('Nine Hundred Forty Four Rupees And Ten Paise Only');
  });

  it('refuses a mistyped buyer GSTIN before anything is placed', async () => {
    const c = await registerCustomer(t.app);
    ok(await addToCart(t.app, c.token, await tShirt(50000), 1));
    const refused = await post(
      t.app,
      '/checkout1',
      { ...ADDRESS, payment_method: 'cod', buyer_gstin: '27AAPFU0939F1ZW' },
      { token: c.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ buyer_gstin: GSTIN_MESSAGES.checkDigit });
    const shape = await post(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod', buyer_gstin: 'GST-123' }, { token: c.token });
    expect(shape.status).toBe(400);
    expect(shape.body.errors).toMatchObject({ buyer_gstin: GSTIN_MESSAGES.invalid });
    expect(ok(await get<Order[]>(t.app, '/customer/orders', { token: c.token }))).toEqual([]);
  });

  it('no invoice before payment, nor for cash on delivery until delivered; staff download it then', async () => {
    const unpaid = await order({ pay: false });
    expect((await mine(unpaid.token, unpaid.id))?.documents?.invoice_number).toBeNull();
    const early = await download(`/customer/orders/${unpaid.id}/document`, unpaid.token);
    expect(early.status).toBe(404);
    expect(early.json).toMatch(/issued once the order is paid/);

    const cod = await order({ method: 'cod' });
    expect((await mine(cod.token, cod.id))?.documents?.invoice_number).toBeNull();
    const moves = [
      { from: 'order_placed', to: 'order_confirmed' },
      { from: 'order_confirmed', to: 'shipped', courier: 'Delhivery', tracking_number: 'AWB123456' },
      { from: 'shipped', to: 'delivered', collected_amount: '1049.00' },
    ];
    for (const m of moves) ok(await post(t.app, `/staff/orders/${cod.number}/status`, m, { token: staff }));
    const number = (await mine(cod.token, cod.id))?.documents?.invoice_number;
    expect(number).toMatch(/^INV\//);
    const staffPdf = await download(`/staff/orders/${cod.number}/document`, staff);
    expect(staffPdf.status).toBe(200);
    expect(pdfText(staffPdf.body)).toContain(`Invoice number: ${number}`);
  });

  it('a cash order carrying the COD fee: the courier collects item and fee, and the invoice taxes both', async () => {
    const rules = {
      processing_days: 1,
      closing_minute: 20 * 60,
      cod_max_order: null,
      cod_fee: 4900,
      cod_rto_limit: null,
      cod_otp_above: null,
    };
    await t.db
      .insertInto('shipping_rules')
      .values({ id: 1, ...rules, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ cod_fee: 4900 }))
      .execute();
    try {
      const cod = await order({ method: 'cod' });
      expect((await mine(cod.token, cod.id))?.cod_fee).toBe('49.00');
      const to = (m: Record<string, string>) => post(t.app, `/staff/orders/${cod.number}/status`, m, { token: staff });
      ok(await to({ from: 'order_placed', to: 'order_confirmed' }));
      ok(await to({ from: 'order_confirmed', to: 'shipped', courier: 'Delhivery', tracking_number: 'AWB778899' }));
      // The item's price alone is not what the courier brought back.
      const short = await to({ from: 'shipped', to: 'delivered', collected_amount: '1049.00' });
      expect(short.status).toBe(400);
      expect(JSON.stringify(short.body)).toContain('The courier collects exactly ₹1,098 for this order');
      ok(await to({ from: 'shipped', to: 'delivered', collected_amount: '1098.00' }));
      const text = pdfText((await download(`/customer/orders/${cod.id}/document`, cod.token)).body);
      // ₹1,098 at 5% within the state: taxable ₹1,045.72, CGST = SGST = ₹26.14.
      expect(text).toContain('Cash on delivery fee: Rs. 49.00 (GST included)');
      expect(text).toContain('Taxable value: Rs. 1,045.72');
      expect(text).toContain('CGST @ 2.5%: Rs. 26.14');
      expect(text).toContain('Total (GST included): Rs. 1,098.00');
    } finally {
      await t.db.deleteFrom('shipping_rules').where('id', '=', 1).execute();
    }
  });

  it("a shopper can never download another shopper's invoice; a customer token opens no staff route", async () => {
    const hers = await order();
    const other = await registerCustomer(t.app);
    const refused = await download(`/customer/orders/${hers.id}/document`, other.token);
    expect(refused.status).toBe(404);
    expect(refused.type).toMatch(/json/);
    expect((await download(`/staff/orders/${hers.number}/document`, hers.token)).status).toBe(401);
    expect((await download(`/customer/orders/${hers.id}/document?kind=receipt`, hers.token)).status).toBe(400);
    // Tracking by number shows the invoice number to its owner only (consecutive numbers tell the shop's sales).
    const tracked = (token?: string) =>
      post<{ documents?: unknown }>(t.app, '/customer/track-order', { track_no: hers.number }, token ? { token } : {});
    expect(ok(await tracked()).documents).toBeUndefined();
    expect(ok(await tracked(other.token)).documents).toBeUndefined();
    expect(ok(await tracked(hers.token)).documents).toMatchObject({ invoice_number: expect.stringMatching(/^INV\//) });
  });

  it('a paid order cancelled gets a credit note of its own series reversing the invoice, once', async () => {
    const o = await order();
    const cancelled = await post(
      t.app,
      '/customer/cancel-order',
      { order_id: o.id, reject_reason_select: 'Changed My Mind' },
      { token: o.token },
    );
    ok(cancelled);
    const docs = (await mine(o.token, o.id))?.documents;
    expect(docs?.credit_note_number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    const text = pdfText((await download(`/customer/orders/${o.id}/document?kind=credit_note`, o.token)).body);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice: ${docs?.invoice_number}`);
    expect(text).toContain('CGST @ 2.5%: Rs. 24.98');
    const credits = await t.db
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', o.id)
      .where('kind', '=', 'credit_note')
      .execute();
    expect(credits).toHaveLength(1);
  });

  it('parallel payments take gap-free, unique numbers, one invoice per order', async () => {
    const before = await invoiceCount();
    const pending = await Promise.all(Array.from({ length: 12 }, () => order({ pay: false })));
    const paid = await Promise.all(pending.map((o) => o.pay()));
    for (const p of paid) ok(p);
    // A repeated confirmation settles nothing twice and issues nothing more.
    expect((await pending[0]?.pay())?.status).toBe(409);
    const rows = await t.db
      .selectFrom('invoices')
      .select(['number', 'order_id'])
      .where('kind', '=', 'invoice')
      .where(
        'order_id',
        'in',
        pending.map((o) => o.id),
      )
      .execute();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(12);
    const serials = rows.map((r) => Number(r.number.split('/')[2])).sort((a, b) => a - b);
    expect(new Set(serials).size).toBe(12);
    expect((serials.at(-1) ?? 0) - (serials[0] ?? 0)).toBe(11);
    expect(await invoiceCount()).toBe(before + 12);
    const counter = await t.db
      .selectFrom('invoice_counters')
      .select('last_number')
      .where('series', 'like', 'INV/%')
      .executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(serials.at(-1));
  });
});

// Last in the file: it changes the t-shirts' rate for the rest of it.
describe('the owner classifies categories by command (until the back office does)', () => {
  const where = () => (t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DB_FILE: t.config.dbFile });

  it('reads the HSN, rate and threshold, and refuses what is not one', () => {
    expect(parseRateArgs(3, ['6109', '5', '2500', '18'])).toEqual({
      category_id: 3,
      hsn: '6109',
      rate_bp: 500,
      threshold_paise: 250_000,
      rate_above_bp: 1800,
    });
    expect(parseRateArgs(3, ['91021100', '18'])).toMatchObject({ hsn: '91021100', rate_bp: 1800, threshold_paise: null });
    expect(parseRateArgs(3, ['61', '5'])).toMatch(/HSN/);
    expect(parseRateArgs(3, ['6109', '50'])).toMatch(/rate/);
    expect(parseRateArgs(3, ['6109', '5', '2500'])).toMatch(/threshold/);
  });

  it('lists every category and sets one; the next invoice uses it', async () => {
    const listed = await runScript('src/cli/gstRates.ts', [], { NODE_ENV: 'development', ...where() });
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/t-shirts\s+HSN 6109 {2}5% {2}up to ₹2500 a piece, 18% above/);
    expect(listed.out).toMatch(/sunglasses\s+HSN 9004 {2}18%/);
    const refused = await runScript('src/cli/gstRates.ts', ['set', 'no-such-category', '6109', '5'], {
      NODE_ENV: 'development',
      ...where(),
    });
    expect(refused.code).toBe(2);

    const set = await runScript('src/cli/gstRates.ts', ['set', 't-shirts', '6109', '12'], { NODE_ENV: 'development', ...where() });
    expect(set.code).toBe(0);
    const o = await order({ price: 112000 });
    const text = pdfText((await download(`/customer/orders/${o.id}/document`, o.token)).body);
    // ₹1,120 at 12% within the state: 112000 × 1200 / (2 × 11200) = 6000 paise a half; ₹1,000 before tax.
    expect(text).toContain('CGST @ 6%: Rs. 60.00');
    expect(text).toContain('Taxable value: Rs. 1,000.00');
  });
});
