/**
 * The back office's calls (issue 38): the staff API under `/staff`, typed, over a client of its own.
 * A separate entry (`@storefront/shared/staff`): only the admin remote imports it, so a shopper's page
 * carries none of it. The client is made with `createApiClient` (the one HTTP seam) and a token getter
 * that reads the staff session, never the shopper's.
 */
import type { ApiEnvelope, Order, StoreInfoFields } from '@storefront/contract/wire';
import type { OrderStatus } from '@storefront/contract/rules';
import type {
  StaffAction,
  StaffChallenge,
  StaffMember,
  StaffOrderFilters,
  StaffProduct,
  StaffRole,
  StaffSession,
} from '@storefront/contract/staff';
import type { ApiClient } from './client';
import type { Call, CallOptions } from './Api';
import { withCheckedAnswers } from './checked';

export type {
  StaffAction,
  StaffChallenge,
  StaffMember,
  StaffOrderFilters,
  StaffProduct,
  StaffRole,
  StaffSession,
} from '@storefront/contract/staff';
export { STAFF_ROLES } from '@storefront/contract/staff';
export { ORDER_TRANSITIONS, TRACKING_URL_PATTERN, canMove, nextStatuses } from '@storefront/contract/fulfilment';

/** A move of an order: from the status the member saw to the next one, with what that step records. */
export interface OrderMove {
  from: OrderStatus;
  to: OrderStatus;
  courier?: string;
  tracking_number?: string;
  tracking_url?: string;
  /** Rupees, as "1299.00": cash collected on delivery of a COD order. */
  collected_amount?: string;
  reason?: string;
}

export interface OrderQueuePage {
  orders: Order[];
  total: number;
  page: number;
  per_page: number;
}

export interface VariationChange {
  stock?: number;
  /** The stock the member saw: a change made by someone else meanwhile is refused, not overwritten. */
  from_stock?: number;
  price?: string;
  mrp?: string;
}

export interface StaffApi {
  signIn(payload: { email: string; password: string }, o?: CallOptions): Call<ApiEnvelope<StaffChallenge>>;
  verifySignIn(payload: { challenge: string; code: string }, o?: CallOptions): Call<ApiEnvelope<StaffSession>>;
  me(o?: CallOptions): Call<ApiEnvelope<{ staff: StaffMember }>>;
  signOut(o?: CallOptions): Call<ApiEnvelope>;
  changePassword(payload: { current_password: string; new_password: string }, o?: CallOptions): Call<ApiEnvelope>;
  orders(filters: StaffOrderFilters, o?: CallOptions): Call<ApiEnvelope<OrderQueuePage>>;
  order(orderNumber: string, o?: CallOptions): Call<ApiEnvelope<{ order: Order; next: OrderStatus[] }>>;
  moveOrder(
    orderNumber: string,
    move: OrderMove,
    o?: CallOptions,
  ): Call<ApiEnvelope<{ order: Order; changed: boolean; next: OrderStatus[] }>>;
  products(
    query: { search?: string; page?: number },
    o?: CallOptions,
  ): Call<ApiEnvelope<{ products: StaffProduct[]; total: number; page: number; per_page: number }>>;
  setProductHidden(productId: number, hidden: boolean, o?: CallOptions): Call<ApiEnvelope<{ product: StaffProduct }>>;
  /** The product's pictures become this photo (a JPEG, PNG, WebP or AVIF file; at most 1 MB through the host). */
  replacePicture(productId: number, photo: Blob, o?: CallOptions): Call<ApiEnvelope<{ product: StaffProduct }>>;
  changeVariation(
    variationId: number,
    change: VariationChange,
    o?: CallOptions,
  ): Call<ApiEnvelope<{ stock: number; price: string; mrp: string }>>;
  changeStoreInfo(fields: Partial<StoreInfoFields>, o?: CallOptions): Call<ApiEnvelope>;
  members(o?: CallOptions): Call<ApiEnvelope<{ members: StaffMember[] }>>;
  addMember(
    payload: { email: string; name: string; role: StaffRole; password: string },
    o?: CallOptions,
  ): Call<ApiEnvelope<{ staff: StaffMember }>>;
  changeMember(id: number, change: { role?: StaffRole; disabled?: boolean }, o?: CallOptions): Call<ApiEnvelope<{ staff: StaffMember }>>;
  revokeSessions(id: number, o?: CallOptions): Call<ApiEnvelope<{ ended: number }>>;
  activity(
    query: { before?: number; subject_type?: string; subject_id?: string },
    o?: CallOptions,
  ): Call<ApiEnvelope<{ actions: StaffAction[]; next_before: number | null }>>;
}

/** Query parameters without the unset ones (the staff routes refuse unknown or empty values). */
function params(q: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && v !== null) out[k] = v as string | number;
  return out;
}

const path = encodeURIComponent;

/** The staff calls over `client`; answers marked unsuccessful reject like failed requests (`withCheckedAnswers`). */
export function createStaffApi(c: ApiClient): StaffApi {
  return withCheckedAnswers<StaffApi>({
    signIn: (payload, o) => c.post('/staff/sign-in', payload, o),
    verifySignIn: (payload, o) => c.post('/staff/sign-in/verify', payload, o),
    me: (o) => c.get('/staff/me', o),
    signOut: (o) => c.post('/staff/sign-out', {}, o),
    changePassword: (payload, o) => c.post('/staff/me/password', payload, o),
    orders: (filters, o) => c.get('/staff/orders', { ...o, params: params(filters) }),
    order: (n, o) => c.get(`/staff/orders/${path(n)}`, o),
    moveOrder: (n, move, o) => c.post(`/staff/orders/${path(n)}/status`, move, o),
    products: (query, o) => c.get('/staff/products', { ...o, params: params(query) }),
    setProductHidden: (id, hidden, o) => c.post(`/staff/products/${id}`, { hidden }, o),
    replacePicture: (id, photo, o) => c.postFile(`/staff/products/${id}/picture`, photo, o),
    changeVariation: (id, change, o) => c.post(`/staff/variations/${id}`, change, o),
    changeStoreInfo: (fields, o) => c.post('/staff/store-info', fields, o),
    members: (o) => c.get('/staff/members', o),
    addMember: (payload, o) => c.post('/staff/members', payload, o),
    changeMember: (id, change, o) => c.post(`/staff/members/${id}`, change, o),
    revokeSessions: (id, o) => c.post(`/staff/members/${id}/revoke-sessions`, {}, o),
    activity: (query, o) => c.get('/staff/activity', { ...o, params: params(query) }),
  });
}
export * from './shopSettings';
export * from './searchSynonyms';
