import type { APIRequestContext } from '@playwright/test';

const API = `http://127.0.0.1:${process.env.E2E_PORT ?? 8180}/api`;
const HEADERS = { 'x-api-key': 'dev-storefront-key' };

export interface Shopper {
  email: string;
  password: string;
  mobile: string;
  token: string;
}

async function answer<T>(
  res: { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> },
  what: string,
): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new shopper with a cash-on-delivery order of one in-stock product, made through the API; returns the order number too. */
export async function shopperWithOrder(request: APIRequestContext, tag: string): Promise<Shopper & { orderNumber: string }> {
  const n = (Date.now() * 13 + Math.floor(Math.random() * 1e6)) % 1_000_000_000;
  const shopper = { email: `${tag}-${n}@example.test`, password: 'Secret@123', mobile: `6${String(n).padStart(9, '0')}` };
  const reg = await answer<{ data: { token: string } }>(
    await request.post(`${API}/customer/register`, {
      headers: HEADERS,
      data: { firstName: 'Kavya', lastName: 'Iyer', email: shopper.email, password: shopper.password, mobile: shopper.mobile },
    }),
    'register',
  );
  const auth = { ...HEADERS, authorization: `Bearer ${reg.data.token}` };
  type Lite = { product_id: number; retailer_id: number; wholesaler_id: number | null; variations: { id: number; stock: number }[] };
  const arrivals = await answer<{ data: { data: Lite[] } }>(await request.get(`${API}/new-arrivals`, { headers: HEADERS }), 'new arrivals');
  const product = arrivals.data.data.find((p) => p.variations.some((v) => v.stock > 1));
  const variant = product?.variations.find((v) => v.stock > 1);
  if (!product || !variant) throw new Error('no product in stock');
  await answer(
    await request.post(`${API}/customer/add-to-cart`, {
      headers: auth,
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
  const placed = await answer<{ data: { order_numbers: string[] } }>(
    await request.post(`${API}/checkout1`, {
      headers: auth,
      data: {
        email: shopper.email,
        firstname: 'Kavya',
        lastname: 'Iyer',
        address: '4 Residency Road',
        pincode: '560025',
        city: 'Bengaluru',
        state: 'Karnataka',
        payment_method: 'cod',
      },
    }),
    'checkout',
  );
  const orderNumber = placed.data.order_numbers[0];
  if (!orderNumber) throw new Error('checkout returned no order number');
  return { ...shopper, token: reg.data.token, orderNumber };
}
