import type {
  ApiEnvelope,
  AuthData,
  CartLine,
  Coupon,
  Customer,
  HomeSections,
  Order,
  PaymentSession,
  Product,
  SavedAddress,
} from '../../api/types';
import { ApiError } from '../../api/errors';
import type { PincodeCheck } from '@storefront/contract/cod';
import { fixturePincodes, fixtureProducts, makeCustomer, makeOrder } from '../fixtures';

export interface FakeState {
  products: Product[];
  customers: (Customer & { password: string })[];
  /** Customer id of the bearer, or null for a guest. */
  sessionCustomerId: number | null;
  cart: CartLine[];
  wishlist: number[];
  orders: Order[];
  coupons: Coupon[];
  otp: string;
  homeSections: HomeSections;
  /** What `startPayment` says beyond what the pending orders give (provider, seconds left, status). */
  payment: Partial<PaymentSession>;
  /** Issue 39: the answers of `checkPincode` by pincode; any other is not served (checkout refuses it). */
  pincodes: Record<string, PincodeCheck>;
  /** The COD fee a cash checkout is charged ("0.00": none). */
  codFee: string;
  /** The signed-in customer's address book (issue 39); the default is mirrored in `shipping_address`. */
  addresses: SavedAddress[];
}

/** A customer as the fake keeps one: with the password the server would hash. */
export type FakeCustomer = Customer & { password: string };

/** The fake server's state and the session rules every group of calls shares. */
export interface FakeServer {
  state: FakeState;
  /** The signed-in customer; a guest gets the server's 401. */
  customer(): FakeCustomer;
  /** A customer as answers carry one: without the password. */
  publicCustomer(c: Customer & { password?: string }): Customer;
  /** Signs `c` in and answers as the server does. */
  session(c: FakeCustomer, extra?: Partial<AuthData>): AuthData;
}

export const ok = <T>(data?: T, message?: string): ApiEnvelope<T> => ({
  success: true,
  ...(message ? { message } : {}),
  ...(data !== undefined ? { data } : {}),
});
export const money = (n: number) => n.toFixed(2);
export const rupees = (s: string) => Number.parseFloat(s);

/** A fresh shop: the fixture catalogue, one customer (password `Secret@1`), two orders, one coupon. */
export function initialState(overrides: Partial<FakeState> = {}): FakeState {
  return {
    products: fixtureProducts(),
    customers: [{ ...makeCustomer(), password: 'Secret@1' }],
    sessionCustomerId: null,
    cart: [],
    wishlist: [],
    orders: [makeOrder({ status: 'order_placed' }), makeOrder({ status: 'delivered', order_date: '2026-10-01T09:30:00.000Z' })],
    coupons: [{ code: 'WELCOME10', type: 'percent', value: 10, discount_amount: '0.00', min_amount: '500.00' }],
    payment: {},
    pincodes: fixturePincodes(),
    codFee: '0.00',
    addresses: [],
    otp: '123456',
    homeSections: {
      banners: [
        { id: 1, title: 'Festive Sale', subtitle: 'Up to 40% off', image: '/api/images/banners/1.svg', link: '/shop', cta: 'Shop now' },
      ],
      sections: [{ id: 1, title: 'New Arrivals', subtitle: 'Fresh this week', type: 'new_arrivals' }],
    },
    ...overrides,
  };
}

export function fakeServer(state: FakeState): FakeServer {
  const customer = (): FakeCustomer => {
    const c = state.customers.find((x) => x.id === state.sessionCustomerId);
    if (!c) throw new ApiError(401, ['Unauthenticated']);
    return c;
  };
  const publicCustomer = (c: Customer & { password?: string }): Customer => {
    const { password: _p, ...rest } = c as FakeCustomer;
    return rest;
  };
  const session = (c: FakeCustomer, extra: Partial<AuthData> = {}): AuthData => {
    state.sessionCustomerId = c.id;
    return { token: `token-${c.id}`, customer: publicCustomer(c), email_verification_token: null, ...extra };
  };
  return { state, customer, publicCustomer, session };
}
