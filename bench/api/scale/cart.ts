// The scale bench's writes: add-to-cart paced (at most 200/s, each add followed by its remove) and flat
// out, then 50 parallel checkouts of the last 5 units of a variation spread over the processes.
import { pacedRun } from '../../lib/paced.mjs';
import { cartCycle } from '../cartCycle';
import { cpuAccount } from '../cpu';
import { headers, postJson, postOk, registerShoppers } from '../requests';
import { readStock, setStock } from './database';
import { measured } from './options';
import { flatOnAll } from './reads';
import { cpuLine, stalls } from './report';
import { NOT_MEASURED, urlOf, type SizeRun } from './types';

type Variation = { productId: number; variantId: number };
type InStock = { products: { id: number; variations: { id: number; stock: number }[] }[] };

/** Add-to-cart, warmed like the reads (the add and remove paths on every pool connection), paced, then flat out. */
async function measureCart(run: SizeRun, target: Variation, tokens: string[]): Promise<void> {
  const cart = cartCycle(target, tokens, headers.common);
  let next = 0;
  // Flat out, one shopper per connection (adds on one customer would queue on that customer's lock).
  const flat = (duration: number) =>
    flatOnAll(run, duration, {
      requests: cart.requests(tokens[0] ?? ''),
      setupClient: (client) => client.setRequests(cart.requests(tokens[next++ % tokens.length] ?? '')),
    });
  await flat(1);
  const rate = Math.min(run.opts.rate, 200);
  const account = cpuAccount(run.apiPids, run.dbCpu);
  const paced = {
    rate,
    ...(await pacedRun({
      port: run.ports[0] ?? 0,
      ports: run.ports,
      balance: run.opts.balance,
      rate,
      seconds: run.opts.pacedSeconds,
      next: (i) => cart.next(i),
      after: (i) => cart.after(i, urlOf(run.ports[i % run.ports.length])),
    })),
  };
  const cpu = account(paced.requests);
  const flatFigures = run.first ? await flat(run.opts.duration) : NOT_MEASURED;
  run.rows.push({
    db: run.db,
    size: run.size,
    instances: run.instances,
    scenario: 'add-to-cart',
    round: run.round,
    paced,
    cpu,
    flat: flatFigures,
  });
  run.log(
    `${run.tag}: add-to-cart: p99 ${paced.p99} ms at ${rate}/s${run.first ? `; flat out ${flatFigures.throughput}/s, p99 ${flatFigures.p99} ms` : ''}${stalls(paced)}${cpuLine(cpu)}`,
  );
}

const RACE_ADDRESS = {
  email: 'race@example.in',
  firstname: 'Race',
  lastname: 'Shopper',
  address: '1, MG Road',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  payment_method: 'cod',
};

/**
 * 50 shoppers with the variation in their carts check out at once while 5 units are left: 5 orders, no
 * 5xx and stock 0 is the answer. Racers of their own: the cart run's last requests may still land after
 * it ends and leave a unit in its shoppers' carts (an order of 2 then looks like a lost unit).
 */
async function checkoutRace(run: SizeRun, variant: Variation, stamp: string): Promise<void> {
  const bases = run.ports.map(urlOf);
  const racers = await registerShoppers(bases, 50, `scale${stamp}r`);
  await setStock(run.target, variant.variantId, 50);
  const raceCart = cartCycle(variant, racers, headers.common);
  for (const [i, token] of racers.entries()) {
    const [add] = raceCart.requests(token);
    const r = await fetch(`${bases[i % bases.length]}${add?.path ?? ''}`, { method: 'POST', headers: add?.headers, body: add?.body });
    if (r.status !== 200) throw new Error(`add before the race: ${r.status}`);
  }
  await setStock(run.target, variant.variantId, 5);
  const answers = await Promise.all(
    racers.map((token, i) => postJson(bases[i % bases.length] ?? '', '/api/checkout1', RACE_ADDRESS, token)),
  );
  const placed = answers.filter((a) => a.status === 201).length;
  const failed = answers.filter((a) => a.status >= 500).length;
  const stock = await readStock(run.target, variant.variantId);
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  run.log(
    `${run.db} ${run.size}: 50 parallel checkouts of the last 5 units on ${bases.length} process(es): ${placed} orders, ${failed} × 5xx, stock left ${stock}; answers ${JSON.stringify(statuses)}`,
  );
  const refusals = new Set(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${JSON.stringify(a.message).slice(0, 160)}`));
  for (const r of refusals) run.log(`  refused: ${r}`);
  const none = { rate: 0, p50: 0, p90: 0, p99: 0, max: 0, average: 0, throughput: 0, clientLagMax: 0, clientLagP99: 0, slowWindows: [] };
  run.rows.push({
    db: run.db,
    size: run.size,
    instances: run.instances,
    scenario: `checkout race: ${placed} orders, stock ${stock}, ${failed} × 5xx`,
    round: run.round,
    paced: { ...none, requests: 50, errors: failed, non2xx: 50 - placed },
    flat: NOT_MEASURED,
  });
}

/** The writes of one size's run: add-to-cart (when measured) and, in the first round, the checkout race. */
export async function measureWrites(run: SizeRun): Promise<void> {
  const stamp = Date.now().toString(36);
  const bases = run.ports.map(urlOf);
  const tokens = await registerShoppers(bases, 40, `scale${stamp}c`);
  const inStock = await postOk<InStock>(bases[0] ?? '', '/api/get-products', { in_stock: '1', page: 2 });
  const variations = inStock.products.flatMap((p) => p.variations.map((v) => ({ ...v, productId: p.id, variantId: v.id })));
  const target = variations.find((v) => v.stock >= 5);
  if (!target) throw new Error('no variation in stock');
  if (measured(run.opts, 'add-to-cart')) await measureCart(run, target, tokens);
  if (run.first && measured(run.opts, 'checkout race')) await checkoutRace(run, variations[1] ?? target, stamp);
}
