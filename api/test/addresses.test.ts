import {
  ADDRESS_BOOK_FULL,
  MAX_SAVED_ADDRESSES,
  type CheckoutResult,
  type Order,
  type SavedAddress,
  type ShippingAddress,
} from '@storefront/contract';
import { ADDRESS, addToCart, findVariant, get, makeApp, ok, post, registerCustomer, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

type Book = { addresses: SavedAddress[] };
const HOME = { label: 'Home', address: '14, 3rd Cross, Indiranagar', pincode: '560038', city: 'Bengaluru', state: 'Karnataka' };
const OFFICE = {
  label: 'Office',
  address: 'Tower B, 5th Floor, Bandra Kurla Complex',
  pincode: '400051',
  city: 'Mumbai',
  state: 'Maharashtra',
};
const PARENTS = {
  label: 'Parents',
  address: '7, Civil Lines',
  pincode: '302006',
  city: 'Jaipur',
  state: 'Rajasthan',
  alt_phone_number: '9812345670',
};

const book = async (token: string) => ok(await get<Book>(t.app, '/customer/addresses', { token })).addresses;
const add = (token: string, a: Record<string, unknown>) => post<Book>(t.app, '/customer/addresses', a, { token });
const shipping = async (token: string) =>
  ok(await get<{ data: ShippingAddress | null }>(t.app, '/customer/get-shipping-address', { token })).data;
const defaultOf = (addresses: SavedAddress[]) => addresses.filter((a) => a.is_default);

describe('address book', () => {
  it('keeps several addresses; the first is the default and is spec §3 shipping address', async () => {
    const { token } = await registerCustomer(t.app);
    expect(await book(token)).toEqual([]);
    ok(await add(token, HOME));
    const after = ok(await add(token, OFFICE)).addresses;
    expect(after.map((a) => a.label)).toEqual(['Home', 'Office']);
    expect(defaultOf(after).map((a) => a.label)).toEqual(['Home']);
    expect(await shipping(token)).toMatchObject({ address: HOME.address, pincode: HOME.pincode, city: HOME.city, state: HOME.state });
  });

  it('choosing another default moves spec §3 shipping address with it; editing the default rewrites it', async () => {
    const { token } = await registerCustomer(t.app);
    ok(await add(token, HOME));
    const office = ok(await add(token, OFFICE)).addresses.find((a) => a.label === 'Office');
    const changed = ok(await post<Book>(t.app, `/customer/addresses/${office?.id}/default`, {}, { token })).addresses;
    expect(defaultOf(changed).map((a) => a.label)).toEqual(['Office']);
    expect((await shipping(token))?.city).toBe('Mumbai');

    ok(await post<Book>(t.app, `/customer/addresses/${office?.id}`, { ...OFFICE, address: 'Tower C, 2nd Floor, BKC' }, { token }));
    expect((await shipping(token))?.address).toBe('Tower C, 2nd Floor, BKC');
  });

  it('deleting the default hands it to another; deleting the last leaves no shipping address', async () => {
    const { token } = await registerCustomer(t.app);
    const home = ok(await add(token, HOME)).addresses[0];
    ok(await add(token, PARENTS));
    const left = ok(await post<Book>(t.app, `/customer/addresses/${home?.id}/delete`, {}, { token })).addresses;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ label: 'Parents', is_default: true, alt_phone_number: '9812345670' });
    expect((await shipping(token))?.city).toBe('Jaipur');
    ok(await post<Book>(t.app, `/customer/addresses/${left[0]?.id}/delete`, {}, { token }));
    expect(await shipping(token)).toBeNull();
  });

  it("spec §3's POST /customer/shipping-address rewrites the default in place, or saves the first one", async () => {
    const { token } = await registerCustomer(t.app);
    const { email: _e, firstname: _f, lastname: _l, ...typed } = ADDRESS;
    ok(await post(t.app, '/customer/shipping-address', typed, { token }));
    ok(await add(token, OFFICE));
    ok(await post(t.app, '/customer/shipping-address', { ...typed, address: '99, Brigade Road' }, { token }));
    const after = await book(token);
    expect(after).toHaveLength(2);
    expect(defaultOf(after).map((a) => a.address)).toEqual(['99, Brigade Road']);
  });

  it('validates with spec §5 messages, never a 500', async () => {
    const { token } = await registerCustomer(t.app);
    const bad = await add(token, { ...HOME, pincode: '5600', address: '   ', alt_phone_number: '12345', label: 'x'.repeat(31) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      pincode: 'Must be a valid 6-digit pincode',
      address: 'Address is required',
      alt_phone_number: 'Must be a valid 10-digit number',
      label: 'Cannot exceed 30 characters',
    });
    const missing = await add(token, { label: 'Home' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ city: 'City is required', state: 'State is required' });
    expect((await post(t.app, '/customer/addresses/abc', HOME, { token })).status).toBe(400);
    expect(await book(token)).toEqual([]);
  });

  it(`holds at most ${MAX_SAVED_ADDRESSES} addresses, also when the last places are asked for at once`, async () => {
    const { token } = await registerCustomer(t.app);
    for (let i = 0; i < MAX_SAVED_ADDRESSES - 2; i += 1) ok(await add(token, { ...HOME, label: `Place ${i}` }));
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => add(token, { ...OFFICE, label: `Race ${i}` })));
    expect(racing.filter((a) => a.status === 200)).toHaveLength(2);
    for (const refused of racing.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ADDRESS_BOOK_FULL);
    }
    expect(await book(token)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("one customer can never read, change, delete or choose another's address", async () => {
    const asha = await registerCustomer(t.app);
    const ravi = await registerCustomer(t.app);
    const hers = ok(await add(asha.token, HOME)).addresses[0];
    expect(await book(ravi.token)).toEqual([]);
    for (const [url, body] of [
      [`/customer/addresses/${hers?.id}`, { ...OFFICE, label: 'Taken' }],
      [`/customer/addresses/${hers?.id}/default`, {}],
      [`/customer/addresses/${hers?.id}/delete`, {}],
    ] as const) {
      const answer = await post(t.app, url, body, { token: ravi.token });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Address not found');
    }
    expect(await book(asha.token)).toEqual([hers]);
    expect(await shipping(ravi.token)).toBeNull();
    expect((await get(t.app, '/customer/addresses')).status).toBe(401);
  });
});

describe('the address book at checkout', () => {
  let skip = 0;
  async function cart(token: string) {
    skip += 1;
    const v = await findVariant(t.db, { maxPrice: 2000_00, minStock: 5, skip: skip * 2 });
    ok(await addToCart(t.app, token, v, 1));
  }
  const checkout = (token: string, extra: Record<string, unknown>) =>
    post<CheckoutResult>(t.app, '/checkout1', { ...ADDRESS, payment_method: 'cod', ...extra }, { token });
  const orderOf = async (token: string, id: number) =>
    ok(await get<Order[]>(t.app, '/customer/orders', { token })).find((o) => o.order_id === id);

  it('orders to a chosen saved address, not the default and not what was typed; the default stays', async () => {
    const { token } = await registerCustomer(t.app);
    ok(await add(token, HOME));
    const parents = ok(await add(token, PARENTS)).addresses.find((a) => a.label === 'Parents');
    await cart(token);
    const placed = ok(await checkout(token, { address_id: parents?.id }), 201);
    const order = await orderOf(token, placed.order_id[0] ?? 0);
    expect(order?.customer_data.shipping_address).toMatchObject({
      address: PARENTS.address,
      city: 'Jaipur',
      state: 'Rajasthan',
      pincode: '302006',
    });
    expect(placed.customer.shipping_address?.city).toBe('Bengaluru');
    expect(await book(token)).toHaveLength(2);
  });

  it("refuses another customer's address id and places nothing", async () => {
    const asha = await registerCustomer(t.app);
    const ravi = await registerCustomer(t.app);
    const hers = ok(await add(asha.token, HOME)).addresses[0];
    await cart(ravi.token);
    const refused = await checkout(ravi.token, { address_id: hers?.id });
    expect(refused.status).toBe(404);
    expect(ok(await get<Order[]>(t.app, '/customer/orders', { token: ravi.token }))).toEqual([]);
  });

  it('a typed address joins the book once; the first one becomes the default', async () => {
    const { token } = await registerCustomer(t.app);
    await cart(token);
    const first = ok(await checkout(token, {}), 201);
    expect(first.customer.shipping_address).toMatchObject({ address: ADDRESS.address, city: ADDRESS.city });
    await cart(token);
    ok(await checkout(token, {}), 201);
    await cart(token);
    ok(await checkout(token, { address: OFFICE.address, city: OFFICE.city, state: OFFICE.state, pincode: OFFICE.pincode }), 201);
    const saved = await book(token);
    expect(saved.map((a) => [a.city, a.is_default])).toEqual([
      ['Bengaluru', true],
      ['Mumbai', false],
    ]);
  });
});
