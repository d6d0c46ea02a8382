// The signed-in shopper the account pages are measured as, made as a shopper is in production mode: a
// checkout code sent by SMS to a mobile (read from the SMS gateway stand-in: production answers never
// carry codes), verified, the account completed, three orders placed on delivery (My Orders then lists
// them instead of its empty state). Its saved session goes to the browser's storage before each page.
import { BENCH_API_KEY, BENCH_STORE_TOKEN } from '../lib/apiServer.mjs';
import { STATE_KEY } from '../browser/savedState.mjs';

const ORDERS_OF_BENCH_SHOPPER = 3;
const ADDRESS = {
  firstname: 'Bench',
  lastname: 'Shopper',
  address: '12, Residency Road',
  pincode: '560025',
  city: 'Bengaluru',
  state: 'Karnataka',
  payment_method: 'cod',
};

/** A POST to the API that must succeed; its data. */
function poster(api) {
  const headers = { 'x-api-key': BENCH_API_KEY, 'content-type': 'application/json' };
  return async (p, body, token) => {
    const res = await fetch(`${api}${p}`, {
      method: 'POST',
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok || !json?.success) throw new Error(`${p}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** Signs a new mobile in with the code the SMS gateway received; the bearer token. */
async function signIn(post, inbox, mobile) {
  await post('/otp/send', { user_token: BENCH_STORE_TOKEN, mobile });
  let code = null;
  for (let i = 0; i < 100 && !code; i++) {
    code = /\b(\d{6})\b/.exec(inbox.get(`+91${mobile}`) ?? '')?.[1] ?? null;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no code reached the SMS gateway');
  return (await post('/otp/verify/checkout', { mobile, otp: code })).token;
}

/** Three orders on delivery, one item each, as a returning shopper has. */
async function placeOrders(post, token, email) {
  const { products } = await post('/get-products?page=1', { in_stock: '1', sort_by: 'price_asc' });
  const buyable = products
    .map((p) => ({ p, v: p.variations.find((v) => v.stock > 0) }))
    .filter((x) => x.v)
    .slice(0, ORDERS_OF_BENCH_SHOPPER);
  for (const { p, v } of buyable) {
    const line = { id: v.id, product_id: p.id, quantity: 1, retailer_id: p.retailer_id, wholesaler_id: p.wholesaler_id ?? null };
    await post('/customer/add-to-cart', line, token);
    await post('/checkout1', { email, ...ADDRESS }, token);
  }
}

/** The signed-in shopper's saved state ({ key, value } as the shell keeps it in local storage). */
export async function signedInSession(apiPort, inbox, log) {
  const api = `http://127.0.0.1:${apiPort}/api`;
  const post = poster(api);
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const token = await signIn(post, inbox, mobile);
  const details = { firstname: 'Bench', lastname: 'Shopper', email: `bench-${mobile}@example.test` };
  const { customer } = await post('/customer/update-user-details', details, token);
  await placeOrders(post, token, customer.email);
  const headers = { 'x-api-key': BENCH_API_KEY, authorization: `Bearer ${token}` };
  const orders = await fetch(`${api}/customer/orders`, { headers }).then((r) => r.json());
  log(`signed-in shopper: ${orders?.data?.length ?? '?'} orders`);
  // The shell's saved state (shared/src/stores/persistence.ts), as a signed-in shopper's browser holds it.
  return {
    key: STATE_KEY,
    value: JSON.stringify({ auth: { user: { customer }, token, isAuthenticated: true }, cart: { cartItems: [] }, wishlist: { items: [] } }),
  };
}
