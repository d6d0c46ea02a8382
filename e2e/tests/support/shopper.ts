import type { APIRequestContext } from '@playwright/test';

/**
 * Shoppers, carts and orders made through the API for the browser journeys (account-*.spec.ts,
 * admin.spec.ts, delivery-journey.spec.ts, support/world.ts): one place for the calls a spec needs before
 * its page does what a shopper does.
 */

export const API = `http://127.0.0.1:${process.env.E2E_PORT ?? 8180}/api`;
export const HEADERS = { 'x-api-key': 'dev-storefront-key' };
export const PASSWORD = 'Secret@123';

export interface Shopper {
  email: string;
  password: string;
  mobile: string;
  firstName: string;
  lastName: string;
  token: string;
}

export interface ProductLite {
  slug: string;
  product_id: number;
  retailer_id: number;
  wholesaler_id: number | null;
  variations: { id: number; stock: number; final_price: string }[];
}

export interface Address {
  address: string;
  pincode: string;
  city: string;
  state: string;
}

/** Home in Bengaluru (a pincode of api/src/db/seed/pincodes-sample.csv). */
export const BENGALURU: Address = { address: '12 MG Road, Indiranagar', pincode: '560038', city: 'Bengaluru', state: 'Karnataka' };

/** The JSON of an answer that must have succeeded; else an error naming the step and the server's answer. */
export async function answer<T>(
  res: { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> },
  what: string,
): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

let seq = 0;
/** A unique e-mail (`tag` its first word) and a unique valid Indian mobile (10 digits, not starting with 0). */
export function unique(tag: string): { email: string; mobile: string } {
  seq += 1;
  const n = (Date.now() * 100 + seq * 7 + Math.floor(Math.random() * 97) + process.pid) % 1_000_000_000;
  const word = `${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e4)}`;
  return { email: `${tag}-${word}@example.test`, mobile: `7${String(n).padStart(9, '0')}` };
}

/** Registers a new shopper through the API; returns the credentials and bearer token. */
export async function registerShopper(
  request: APIRequestContext,
  tag: string,
  name: { firstName: string; lastName: string } = { firstName: 'Asha', lastName: 'Verma' },
): Promise<Shopper> {
  const body = { ...name, ...unique(tag), password: PASSWORD };
  const res = await answer<{ data: { token: string } }>(
    await request.post(`${API}/customer/register`, { headers: HEADERS, data: body }),
    'register',
  );
  return { ...body, token: res.data.token };
}

export const bearer = (s: Pick<Shopper, 'token'>) => ({ ...HEADERS, authorization: `Bearer ${s.token}` });

/** The newest product with a variation of more than `stock` units (and under `maxPrice` rupees, if given). */
export async function productInStock(request: APIRequestContext, stock = 1, maxPrice = Infinity): Promise<ProductLite> {
  const arrivals = await answer<{ data: { data: ProductLite[] } }>(
    await request.get(`${API}/new-arrivals`, { headers: HEADERS }),
    'new arrivals',
  );
  const product = arrivals.data.data.find((p) => p.variations.some((v) => v.stock > stock && Number(v.final_price) < maxPrice));
  if (!product) throw new Error('no product in stock');
  return product;
}

/** One unit of the product's first variation with stock into the shopper's server cart. */
export async function addToCart(request: APIRequestContext, shopper: Pick<Shopper, 'token'>, product: ProductLite): Promise<void> {
  // The variation with the most units: a spec may add the same product more than once.
  const variant = [...product.variations].sort((x, y) => y.stock - x.stock)[0];
  if (!variant || variant.stock < 1) throw new Error(`${product.slug} is out of stock`);
  await answer(
    await request.post(`${API}/customer/add-to-cart`, {
      headers: bearer(shopper),
      data: {
        retailer_id: product.retailer_id,
        wholesaler_id: product.wholesaler_id,
        id: variant.id,
        quantity: 1,
        product_id: product.product_id,
      },
    }),
    'add to cart',
  );
}

export interface Placed {
  order_numbers: string[];
  payment: { payment_id: string; amount: string } | null;
}

/** Checks the shopper's cart out through the API to `address`. */
export async function checkout(
  request: APIRequestContext,
  shopper: Pick<Shopper, 'email' | 'firstName' | 'lastName' | 'token'>,
  paymentMethod: 'cod' | 'prepaid' = 'cod',
  address: Address = BENGALURU,
): Promise<Placed> {
  const placed = await answer<{ data: Placed }>(
    await request.post(`${API}/checkout1`, {
      headers: bearer(shopper),
      data: {
        email: shopper.email,
        firstname: shopper.firstName,
        lastname: shopper.lastName,
        ...address,
        payment_method: paymentMethod,
      },
    }),
    'checkout',
  );
  if (!placed.data.order_numbers[0]) throw new Error('checkout returned no order number');
  return placed.data;
}

/** Places one order of one in-stock product for the shopper; returns its number. */
export async function placeOrder(request: APIRequestContext, shopper: Shopper, paymentMethod: 'cod' | 'prepaid' = 'cod'): Promise<string> {
  await addToCart(request, shopper, await productInStock(request));
  return (await checkout(request, shopper, paymentMethod)).order_numbers[0]!;
}

/** A new shopper with a cash-on-delivery order of one in-stock product, made through the API; returns the order number too. */
export async function shopperWithOrder(request: APIRequestContext, tag: string): Promise<Shopper & { orderNumber: string }> {
  const shopper = await registerShopper(request, tag, { firstName: 'Kavya', lastName: 'Iyer' });
  await addToCart(request, shopper, await productInStock(request));
  const placed = await checkout(request, shopper, 'cod', {
    address: '4 Residency Road',
    pincode: '560025',
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  return { ...shopper, orderNumber: placed.order_numbers[0]! };
}
