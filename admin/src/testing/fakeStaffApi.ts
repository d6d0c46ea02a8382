import { ApiError, withCheckedAnswers, type Order, type OrderStatus } from '@storefront/shared';
import { makeOrder } from '@storefront/shared/testing';
import { nextStatuses, type StaffApi, type StaffMember, type StaffProduct } from '@storefront/shared/staff';

/** What a test sees and steers on the fake staff API. */
export interface FakeStaffState {
  members: (StaffMember & { password: string })[];
  /** The one code the fake "e-mails". */
  code: string;
  orders: Order[];
  products: StaffProduct[];
  storeInfo: Record<string, string>;
  calls: { method: keyof StaffApi; args: unknown[] }[];
  /** The member the fake's session belongs to, or null. */
  signedInAs: number | null;
}

export type FakeStaffApi = StaffApi & { state: FakeStaffState };

const owner: StaffMember & { password: string } = {
  id: 1,
  email: 'owner@shop.in',
  name: 'Meera Owner',
  role: 'owner',
  disabled: false,
  created_at: '2026-11-01T10:00:00.000Z',
  password: 'Secret#1',
};

/** A fresh back office: an owner and a staff member, one order waiting, one product. */
function initialState(init: Partial<FakeStaffState>): FakeStaffState {
  return {
    members: [owner, { ...owner, id: 2, email: 'ravi@shop.in', name: 'Ravi Staff', role: 'staff' }],
    code: '123456',
    orders: [makeOrder({ order_number: 'SF1001', status: 'order_placed' })],
    products: [
      {
        id: 1,
        slug: 'classic-cotton-t-shirt',
        name: 'Classic Cotton T-Shirt',
        hidden: false,
        cover_image: null,
        variations: [{ id: 11, label: 'S', stock: 10, price: '499.00', mrp: '699.00' }],
      },
    ],
    storeInfo: { store_name: 'Test Shop', email: 'hello@shop.in', mobile_no: '9876543210', offer_text: 'Free delivery' },
    calls: [],
    signedInAs: null,
    ...init,
  };
}

const memberOf = (state: FakeStaffState) => state.members.find((m) => m.id === state.signedInAs);

/** Owner-only calls answer a staff member 403, as the server does. */
function ownerOnly(state: FakeStaffState): void {
  if (memberOf(state)?.role !== 'owner') throw new ApiError(403, ['Only an owner may do this']);
}

function orderOf(state: FakeStaffState, orderNumber: string): Order {
  const o = state.orders.find((x) => x.order_number === orderNumber);
  if (!o) throw new ApiError(404, ['Order not found']);
  return o;
}

/** The two sign-in steps (a password, then the e-mailed code), the session and sign-out. */
function sessionCalls(state: FakeStaffState): Pick<StaffApi, 'signIn' | 'verifySignIn' | 'me' | 'signOut' | 'changePassword'> {
  return {
    async signIn({ email, password }) {
      const m = state.members.find((x) => x.email === email && x.password === password);
      if (!m) throw new ApiError(401, ['Invalid email or password']);
      return { success: true, data: { challenge: `challenge-${m.id}`, code: state.code } };
    },
    async verifySignIn({ challenge, code }) {
      const m = state.members.find((x) => `challenge-${x.id}` === challenge);
      if (!m || code !== state.code) throw new ApiError(400, ['Invalid or expired code'], { code: 'Invalid or expired code' });
      state.signedInAs = m.id;
      const { password: _pw, ...staff } = m;
      return { success: true, data: { token: `staff-token-${m.id}`, expires_at: '2099-01-01T00:00:00.000Z', staff } };
    },
    async me() {
      const m = memberOf(state);
      if (!m) throw new ApiError(401, ['Please sign in']);
      const { password: _pw, ...staff } = m;
      return { success: true, data: { staff } };
    },
    async signOut() {
      state.signedInAs = null;
      return { success: true };
    },
    async changePassword() {
      return { success: true };
    },
  };
}

/** The order queue and moving an order along the contract's transition table (409 when it moved first). */
function orderCalls(state: FakeStaffState): Pick<StaffApi, 'orders' | 'order' | 'moveOrder'> {
  return {
    async orders(filters) {
      const orders = state.orders.filter((o) => !filters.status || o.status === filters.status);
      return { success: true, data: { orders, total: orders.length, page: filters.page ?? 1, per_page: 25 } };
    },
    async order(n) {
      const order = orderOf(state, n);
      return { success: true, data: { order, next: [...nextStatuses(order.status)] } };
    },
    async moveOrder(n, move) {
      const order = orderOf(state, n);
      if (order.status !== move.from) throw new ApiError(409, [`This order was changed by someone else: it is now ${order.status}.`]);
      if (!nextStatuses(order.status).includes(move.to)) throw new ApiError(409, ['Not allowed']);
      const at = '2026-11-27T10:00:00.000Z';
      const next: Order = {
        ...order,
        status: move.to as OrderStatus,
        history: [...order.history, { status: move.to as OrderStatus, at, by: 'store' }],
        ...(move.to === 'shipped'
          ? {
              shipment: {
                courier: move.courier ?? '',
                tracking_number: move.tracking_number ?? '',
                tracking_url: move.tracking_url ?? null,
                dispatched_at: at,
                delivered_at: null,
              },
            }
          : {}),
      };
      state.orders = state.orders.map((o) => (o.order_number === n ? next : o));
      return {
        success: true,
        message: `Order ${n} is now ${move.to}`,
        data: { order: next, changed: true, next: [...nextStatuses(next.status)] },
      };
    },
  };
}

type ProductCalls = 'products' | 'setProductHidden' | 'replacePicture' | 'changeVariation' | 'changeStoreInfo';

/** Products (hidden ones too), their pictures, stock and prices, and the store's details. */
function productCalls(state: FakeStaffState): Pick<StaffApi, ProductCalls> {
  return {
    async products() {
      return { success: true, data: { products: state.products, total: state.products.length, page: 1, per_page: 20 } };
    },
    async setProductHidden(id, hidden) {
      state.products = state.products.map((p) => (p.id === id ? { ...p, hidden } : p));
      const product = state.products.find((p) => p.id === id);
      if (!product) throw new ApiError(404, ['Product not found']);
      return { success: true, data: { product } };
    },
    async replacePicture(id, photo) {
      if (!photo.type.startsWith('image/'))
        throw new ApiError(400, ['The photo could not be used'], { picture: 'The photo could not be used' });
      state.products = state.products.map((p) =>
        p.id === id ? { ...p, cover_image: `/api/images/${'a'.repeat(16)}-1600x2000-112233` } : p,
      );
      const product = state.products.find((p) => p.id === id);
      if (!product) throw new ApiError(404, ['Product not found']);
      return { success: true, data: { product } };
    },
    async changeVariation(id, change) {
      const p = state.products.find((x) => x.variations.some((v) => v.id === id));
      const v = p?.variations.find((x) => x.id === id);
      if (!p || !v) throw new ApiError(404, ['Variation not found']);
      if (change.stock !== undefined && change.from_stock !== v.stock) throw new ApiError(409, ['The stock was changed by someone else']);
      const updated = { ...v, stock: change.stock ?? v.stock, price: change.price ?? v.price, mrp: change.mrp ?? v.mrp };
      state.products = state.products.map((x) =>
        x === p ? { ...x, variations: x.variations.map((y) => (y.id === id ? updated : y)) } : x,
      );
      return { success: true, data: { stock: updated.stock, price: updated.price, mrp: updated.mrp } };
    },
    async changeStoreInfo(fields) {
      Object.assign(state.storeInfo, fields);
      return { success: true };
    },
  };
}

type TeamCalls = 'members' | 'addMember' | 'changeMember' | 'revokeSessions' | 'activity';

/** The owner's calls about the team: members, their sessions and the activity record. */
function teamCalls(state: FakeStaffState): Pick<StaffApi, TeamCalls> {
  const { password: _p, ...publicOwner } = owner;
  return {
    async members() {
      ownerOnly(state);
      return { success: true, data: { members: state.members.map(({ password: _pw, ...m }) => m) } };
    },
    async addMember(payload) {
      ownerOnly(state);
      const m = { ...publicOwner, ...payload, id: state.members.length + 1 };
      state.members.push(m);
      const { password: _pw, ...staff } = m;
      return { success: true, data: { staff } };
    },
    async changeMember(id, change) {
      ownerOnly(state);
      state.members = state.members.map((m) => (m.id === id ? { ...m, ...change } : m));
      const { password: _pw, ...staff } = state.members.find((m) => m.id === id) ?? owner;
      return { success: true, data: { staff } };
    },
    async revokeSessions() {
      ownerOnly(state);
      return { success: true, data: { ended: 1 } };
    },
    async activity() {
      ownerOnly(state);
      return { success: true, data: { actions: [], next_before: null } };
    },
  };
}

/**
 * An in-memory staff API with the real one's rules that the back office relies on: the two sign-in
 * steps, the transition table (contract), a move from a status the order is no longer in answering 409,
 * owner-only calls answering 403 to a staff member.
 */
export function createFakeStaffApi(init: Partial<FakeStaffState> = {}): FakeStaffApi {
  const state = initialState(init);
  const api: StaffApi = { ...sessionCalls(state), ...orderCalls(state), ...productCalls(state), ...teamCalls(state) };
  const recorded = Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        state.calls.push({ method: name as keyof StaffApi, args });
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as StaffApi;
  return Object.assign(withCheckedAnswers(recorded), { state });
}
