// Issue 39: the owner edits the delivery, COD and GST settings in the back office. Owner only; every change
// validated field by field, one transaction recorded with who made it, and seen by every API process's
// pincode cache within a poll. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import type { PincodeCheck, ShopSettings, StaffAction, StaffPincode } from '@storefront/contract';
import { call, get, makeApp, makeSecondApp, ok, post, type TestApp } from './helpers';
import { staffToken } from './staffHelpers';

let t: TestApp;
let second: Awaited<ReturnType<typeof makeSecondApp>>;
let owner: string;
let ownerEmail: string;
let clerk: string;
/** Saturday 28 Nov 2026, 10:00 IST. */
const SATURDAY_MORNING = Date.parse('2026-11-28T10:00:00+05:30');

beforeAll(async () => {
  t = await makeApp();
  t.clock.advance(SATURDAY_MORNING - t.clock.now());
  second = await makeSecondApp(t);
  ({ token: owner, email: ownerEmail } = await staffToken(t, 'owner'));
  ({ token: clerk } = await staffToken(t, 'staff'));
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const settings = async () => ok(await get<ShopSettings>(t.app, '/staff/settings', { token: owner }));
/** The public check as the other API process answers it (its own cache). */
const elsewhere = (pincode: string) => get<PincodeCheck>(second.app, `/pincode/${pincode}`);
/** Past the poll of the settings version, well inside the pincode cache's minute. */
const poll = () => t.clock.advance(t.config.catalogCache.pollMs + 1);
const lastAction = async () => {
  const actions = ok(await get<{ actions: StaffAction[] }>(t.app, '/staff/activity?limit=1', { token: owner })).actions;
  return actions[0];
};
const upload = (csv: string, token = owner) =>
  call<{ before: number; after: number }>(t.app, 'POST', '/api/staff/settings/pincodes', {
    token,
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });

describe('the owner’s settings', () => {
  it('are the owner’s only: a shop clerk is refused every settings call', async () => {
    expect((await get(t.app, '/staff/settings', { token: clerk })).status).toBe(403);
    expect((await post(t.app, '/staff/settings/rules', { cod_fee: '0' }, { token: clerk })).status).toBe(403);
    expect((await upload('pincode\n', clerk)).status).toBe(403);
    expect((await get(t.app, '/staff/settings')).status).toBe(401);
    const s = await settings();
    expect(s.pincodes).toBeGreaterThan(40);
    expect(s.rules).toEqual({
      processing_days: 1,
      closing_time: '20:00',
      cod_max_order: null,
      cod_fee: '0.00',
      cod_rto_limit: null,
      cod_otp_above: null,
    });
    expect(s.zones.map((z) => z.zone)).toContain('Local');
    expect(s.gst_rates.find((g) => g.slug === 't-shirts')).toMatchObject({ hsn: '6109', rate: '5' });
  });

  it('refuses bad rules field by field, never a 500, and changes nothing', async () => {
    const bad = await post(
      t.app,
      '/staff/settings/rules',
      { cod_fee: 'forty', cod_rto_limit: 0, closing_time: '25:00', processing_days: 99 },
      { token: owner },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      cod_fee: 'COD fee must be an amount in rupees (up to 2 decimals)',
      cod_rto_limit: 'Returned parcels must be a whole number from 1 to 100',
      closing_time: 'Closing time must be a time like 20:00',
      processing_days: 'Processing days must be a whole number from 0 to 30',
    });
    expect((await post(t.app, '/staff/settings/rules', {}, { token: owner })).status).toBe(400);
    expect((await settings()).rules.cod_fee).toBe('0.00');
  });

  it('a rules change is recorded with who made it, and another API process answers with it after a poll', async () => {
    expect(ok(await elsewhere('560038')).cod).toMatchObject({ fee: '0.00', max_order_value: null });
    const saved = ok(
      await post<{ rules: ShopSettings['rules'] }>(
        t.app,
        '/staff/settings/rules',
        { cod_fee: '49', cod_max_order: '5000.50', cod_rto_limit: 2, closing_time: '18:30' },
        { token: owner },
      ),
    );
    expect(saved.rules).toMatchObject({ cod_fee: '49.00', cod_max_order: '5000.50', cod_rto_limit: 2, closing_time: '18:30' });
    const action = await lastAction();
    expect(action).toMatchObject({ action: 'shipping_rules.change', staff: expect.objectContaining({ email: ownerEmail }) });
    expect(action?.after).toMatchObject({ fee: 4900, maxOrderValue: 500050, by: `staff:${ownerEmail}` });
    poll();
    expect(ok(await elsewhere('560038')).cod).toMatchObject({ fee: '49.00', max_order_value: '5000.50' });
    // null switches a rule off.
    ok(await post(t.app, '/staff/settings/rules', { cod_max_order: null }, { token: owner }));
    poll();
    expect(ok(await elsewhere('560038')).cod.max_order_value).toBeNull();
  });

  it('finds a pincode and turns its cash on delivery off and on; the other process follows', async () => {
    const found = ok(await get<{ pincodes: StaffPincode[] }>(t.app, '/staff/settings/pincodes?search=5600', { token: owner })).pincodes;
    expect(found.map((p) => p.pincode)).toEqual(expect.arrayContaining(['560001', '560038']));
    expect(found.every((p) => p.pincode.startsWith('5600'))).toBe(true);
    expect((await get(t.app, '/staff/settings/pincodes?search=0', { token: owner })).status).toBe(400);

    expect(ok(await elsewhere('560001')).cod.available).toBe(true);
    const off = ok(await post<{ pincode: StaffPincode }>(t.app, '/staff/settings/pincodes/560001', { cod: false }, { token: owner }));
    expect(off.pincode).toMatchObject({ pincode: '560001', cod: true, cod_excluded: true });
    // On the owner's no-cash list, which a list reload keeps (as `cod:rules exclude`).
    expect((await settings()).cod_excluded).toContain('560001');
    expect(await lastAction()).toMatchObject({
      action: 'cod.exclude',
      subject_id: '560001',
      staff: expect.objectContaining({ email: ownerEmail }),
    });
    poll();
    expect(ok(await elsewhere('560001')).cod.available).toBe(false);
    ok(await post(t.app, '/staff/settings/pincodes/560001', { cod: true }, { token: owner }));
    poll();
    expect(ok(await elsewhere('560001')).cod.available).toBe(true);
    expect((await post(t.app, '/staff/settings/pincodes/194101', { cod: true }, { token: owner })).status).toBe(404);
    expect((await post(t.app, '/staff/settings/pincodes/560001', { cod: 'yes' }, { token: owner })).body.errors).toHaveProperty('cod');
  });

  it('a zone’s courier days and a holiday move the date the other process shows', async () => {
    const before = ok(await elsewhere('560038')).delivery;
    expect((await post(t.app, '/staff/settings/zones', { zone: 'Local', min_days: 5, max_days: 3 }, { token: owner })).body.errors).toEqual(
      {
        max_days: 'Must be at least the fewest days',
      },
    );
    ok(await post(t.app, '/staff/settings/zones', { zone: 'Local', min_days: 4, max_days: 6 }, { token: owner }));
    expect(await lastAction()).toMatchObject({
      action: 'zone.days',
      subject_id: 'Local',
      staff: expect.objectContaining({ email: ownerEmail }),
    });
    poll();
    const later = ok(await elsewhere('560038')).delivery;
    expect(later?.from).not.toBe(before?.from);
    expect((await settings()).zones.find((z) => z.zone === 'Local')).toMatchObject({ min_days: 4, max_days: 6 });

    const day = later?.from ?? '';
    ok(await post(t.app, '/staff/settings/holidays', { day, name: 'Shop closed' }, { token: owner }));
    poll();
    expect(ok(await elsewhere('560038')).delivery?.from).not.toBe(day);
    ok(await post(t.app, '/staff/settings/holidays', { day, name: null }, { token: owner }));
    expect((await post(t.app, '/staff/settings/holidays', { day: '28-11-2026', name: 'x' }, { token: owner })).body.errors).toHaveProperty(
      'day',
    );
  });

  it('sets a category’s HSN and GST rate, refusing what is not one', async () => {
    const shirts = (await settings()).gst_rates.find((g) => g.slug === 't-shirts');
    const url = `/staff/settings/gst-rates/${shirts?.category_id}`;
    const bad = await post(t.app, url, { hsn: '61', rate: 'five' }, { token: owner });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ hsn: 'HSN is 4, 6 or 8 digits', rate: 'Must be a percentage like 5 or 18' });
    expect((await post(t.app, url, { hsn: '6109', rate: '5', threshold: '2500' }, { token: owner })).body.errors).toHaveProperty(
      'rate_above',
    );
    ok(await post(t.app, url, { hsn: '610910', rate: '12', threshold: '2500', rate_above: '18' }, { token: owner }));
    expect((await settings()).gst_rates.find((g) => g.slug === 't-shirts')).toEqual({
      ...shirts,
      hsn: '610910',
      rate: '12',
      threshold: '2500.00',
      rate_above: '18',
    });
    expect(await lastAction()).toMatchObject({
      action: 'gst_rate.change',
      subject_id: 't-shirts',
      staff: expect.objectContaining({ email: ownerEmail }),
    });
    expect((await post(t.app, '/staff/settings/gst-rates/99999', { hsn: '6109', rate: '5' }, { token: owner })).status).toBe(404);
  });

  it('uploads a pincode list through the CLI’s loader: counts, or every bad line and the old list kept', async () => {
    const before = (await settings()).pincodes;
    const bad = await upload('pincode,district,state,zone,cod,delivery_days\n56001,X,Y,Z,maybe,1-2\n110001,Delhi,Delhi,Metro,yes,40\n');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.file).toMatch(/line 2: "56001" is not a pincode/);
    expect(bad.body.errors?.file).toMatch(/line 2: cod must be yes or no/);
    expect(bad.body.errors?.file).toMatch(/line 3: delivery_days must be/);
    expect((await settings()).pincodes).toBe(before);
    expect((await upload('')).status).toBe(400);

    const loaded = ok(await upload('pincode,district,state,zone,cod,delivery_days\n560038,Bengaluru,Karnataka,Local,no,1-2\n'));
    expect(loaded).toEqual({ before, after: 1 });
    expect(await lastAction()).toMatchObject({ action: 'pincodes.load', staff: expect.objectContaining({ email: ownerEmail }) });
    poll();
    expect(ok(await elsewhere('560001')).serviceable).toBe(false);
    expect(ok(await elsewhere('560038')).cod.available).toBe(false);
  });
});

describe('the pincode cache’s version poll', () => {
  it('keeps answering from the cache when the version cannot be read, and asks again at the next poll', async () => {
    expect(ok(await get<PincodeCheck>(t.app, '/pincode/560038')).serviceable).toBe(true);
    const failing = jest.spyOn(t.app.repos.delivery, 'version').mockRejectedValue(new Error('connection terminated'));
    try {
      poll();
      expect(ok(await get<PincodeCheck>(t.app, '/pincode/560038')).serviceable).toBe(true);
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    poll();
    expect((await get<PincodeCheck>(t.app, '/pincode/560038')).status).toBe(200);
  });
});
