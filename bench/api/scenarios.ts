// The API bench's calls (issue 3; pincodes issue 39): what a shopper's pages ask of the API, each as the
// requests of a paced run and the autocannon options of a flat-out run, over a fresh production database.
import type { Client, Options } from 'autocannon';
import { cartCycle } from './cartCycle';
import type { PacedRequest } from '../lib/paced.mjs';
import { BENCH_PINCODES, loadBenchPincodes, pincodeRequests } from './pincodes';
import { headers, multipart, postOk, registerShoppers } from './requests';

export interface Scenario {
  name: string;
  description: string;
  /** Paced rate of this scenario when it differs from the run's `rate`. */
  rate?: number;
  /**
   * The paced run's requests, cycled (sent from a thread of their own: paced.mjs pacedList), or the i-th
   * request (null: skip this beat) when each answer has an `after`.
   */
  paced: PacedRequest[] | ((i: number) => PacedRequest | null);
  after?: (i: number, status: number) => Promise<void>;
  /** Autocannon options of the flat-out run. */
  options: Omit<Options, 'url' | 'duration' | 'connections' | 'overallRate'>;
}

type ListedProducts = { products: { id: number; slug: string; variations: { id: number; stock: number }[] }[] };
/** The product list (page 1 newest, page 2, in stock, filtered), product details and search. */
function catalogueScenarios(slugs: string[]): Scenario[] {
  const list: PacedRequest[] = [
    { method: 'POST', path: '/api/get-products?page=1', headers: headers.form, body: multipart({}) },
    { method: 'POST', path: '/api/get-products?page=2', headers: headers.form, body: multipart({ sort_by: 'price_asc' }) },
    { method: 'POST', path: '/api/get-products?page=1', headers: headers.form, body: multipart({ in_stock: '1' }) },
    {
      method: 'POST',
      path: '/api/get-products?page=1',
      headers: headers.form,
      body: multipart({ sub_category: '1,2', min_price: '300', max_price: '2000' }),
    },
  ];
  const details: PacedRequest[] = slugs.map((slug) => ({
    method: 'GET',
    path: `/api/single-product-details/${slug}`,
    headers: headers.common,
  }));
  const searches: PacedRequest[] = ['shirt', 'watch', 'rose gold', 'kurta', 'leather belt'].map((search) => ({
    method: 'POST',
    path: '/api/search-products',
    headers: headers.json,
    body: JSON.stringify({ search }),
  }));
  return [
    {
      name: 'product-list',
      description: 'POST /api/get-products (multipart, page 1 newest; every 4th request filtered by category and price)',
      paced: list,
      options: { method: 'POST', requests: list },
    },
    {
      name: 'product-details',
      description: `GET /api/single-product-details/:slug (${slugs.length} different products)`,
      paced: details,
      options: { method: 'GET', requests: details },
    },
    {
      name: 'search',
      description: 'POST /api/search-products (shirt, watch, rose gold, kurta, leather belt)',
      paced: searches,
      options: { method: 'POST', requests: searches },
    },
  ];
}

/** Add-to-cart, a write: paced, each add followed (unmeasured) by its remove; flat out, one shopper per connection. */
function cartScenario(base: string, target: { productId: number; variantId: number }, tokens: string[], rate: number): Scenario {
  const cart = cartCycle(target, tokens, headers.common);
  let next = 0;
  return {
    name: 'add-to-cart',
    description:
      'POST /api/customer/add-to-cart, a write transaction. Paced (at most 200/s): each add is followed, after its answer and unmeasured, by the remove of the same line. Flat out: add and remove alternate, one shopper per connection (half the requests are removes)',
    rate: Math.min(rate, 200),
    paced: (i) => cart.next(i),
    after: (i) => cart.after(i, base),
    options: {
      method: 'POST',
      requests: cart.requests(tokens[0] ?? ''),
      // One shopper per connection, so one connection's add and remove never meet another's.
      setupClient: (client: Client) => {
        client.setRequests(cart.requests(tokens[next % tokens.length] ?? ''));
        next += 1;
      },
    },
  };
}

/** The pincode check over an India-sized list: walked in turn (mostly misses), and over 500 (mostly cached). */
function pincodeScenarios(pincodes: string[]): Scenario[] {
  const all = pincodeRequests(pincodes, headers.common);
  const hot = pincodeRequests(pincodes.slice(0, 500), headers.common);
  return [
    {
      name: 'pincode-check',
      description: `GET /api/pincode/:pincode over ${BENCH_PINCODES} loaded pincodes in turn (every 10th not on the list): mostly cache misses`,
      paced: all,
      options: { method: 'GET', requests: all },
    },
    {
      name: 'pincode-check-hot',
      description: 'GET /api/pincode/:pincode over 500 of the loaded pincodes (shoppers cluster in cities): mostly cached answers',
      paced: hot,
      options: { method: 'GET', requests: hot },
    },
  ];
}

/**
 * Prepares the running API at `base` (shoppers for add-to-cart, one per connection and at least 40; the
 * pincode list loaded into `dbFile`) and returns every scenario.
 */
export async function apiScenarios(opts: {
  base: string;
  dbFile: string;
  connections: number;
  rate: number;
  log: (line: string) => void;
}): Promise<Scenario[]> {
  const tokens = await registerShoppers([opts.base], Math.max(opts.connections, 40), 'bench');
  const page = await postOk<ListedProducts>(opts.base, '/api/get-products', { in_stock: '1', sort_by: 'price_asc' });
  const target = page.products.flatMap((p) =>
    p.variations.filter((v) => v.stock >= 5).map((v) => ({ productId: p.id, variantId: v.id })),
  )[0];
  if (!target) throw new Error('no product in stock to add to the cart');
  const pincodes = await loadBenchPincodes(opts.dbFile);
  opts.log(`${BENCH_PINCODES} pincodes loaded in ${pincodes.loadMs} ms (one transaction)`);
  return [
    ...catalogueScenarios(page.products.map((p) => p.slug)),
    cartScenario(opts.base, target, tokens, opts.rate),
    ...pincodeScenarios(pincodes.pincodes),
  ];
}
