// The scale bench's catalogue reads: lists (filtered, deep pages), searches (common, rare, and issue 36's
// distinct ones: every request a string or filter the API has not seen) and product details. Each paced
// at the run's rate (open loop, p99) with its CPU per answer, then flat out in the first round.
import { flatOut, type FlatOutOptions } from '../../lib/flatOut.mjs';
import { pacedList, type PacedRequest } from '../../lib/paced.mjs';
import { cpuAccount } from '../cpu';
import { headers, multipart, postOk } from '../requests';
import { everyday, exact, misspelt, partial } from '../searchTexts';
import { measured } from './options';
import { cpuLine, stalls } from './report';
import { NOT_MEASURED, urlOf, type Row, type SizeRun } from './types';

/** A measured call: its requests (cycled), and for the paced run another set when every request must be new. */
interface Scenario {
  name: string;
  requests: PacedRequest[];
  paced?: PacedRequest[];
}

const search = (text: string): PacedRequest => ({
  method: 'POST',
  path: '/api/search-products',
  headers: headers.json,
  body: JSON.stringify({ search: text }),
});

/**
 * Searches (exact, partial, misspelt, everyday) and filtered lists, each request new: totals, spelling look-ups and
 * plans are all done afresh, as for the thousands of distinct strings shoppers type.
 */
function distinctScenarios(): Scenario[] {
  // Warm-up and flat out from the start of each space, the paced run (10,000 at 500/s for 20 s) after them.
  const WARM = 2_000;
  const PACED = 12_000;
  const texts = (make: (i: number) => string, from: number, count: number) => Array.from({ length: count }, (_, k) => make(from + k));
  const of = (name: string, make: (i: number) => string): Scenario => ({
    name,
    requests: texts(make, 0, WARM).map(search),
    paced: texts(make, WARM, PACED).map(search),
  });
  const list = (i: number): PacedRequest => ({
    method: 'POST',
    path: '/api/get-products?page=1',
    headers: headers.form,
    body: multipart({ min_price: String(100 + (i % 5000)), max_price: String(6000 + Math.floor(i / 5000)) }),
  });
  return [
    of('search exact new', exact),
    of('search partial new', partial),
    of('search misspelt new', misspelt),
    of('search everyday new', everyday),
    {
      name: 'list new filter',
      requests: Array.from({ length: WARM }, (_, i) => list(i)),
      paced: Array.from({ length: PACED }, (_, i) => list(WARM + i)),
    },
  ];
}

/** Every read call, over the catalogue the API at `base` serves. */
async function readScenarios(base: string): Promise<Scenario[]> {
  const info = await postOk<{ sub_category_list: { id: number; name: string }[] }>(base, '/api/store-info', {});
  const category = info.sub_category_list.find((c) => c.name === 'Kurtas') ?? info.sub_category_list[0];
  const listed = await postOk<{ products: { slug: string }[] }>(base, '/api/get-products', { sort_by: 'price_asc', page: 3 });
  const filtered = { sub_category: String(category?.id ?? 1), min_price: '500', max_price: '2500', sort_by: 'price_asc' };
  const list = (page: number, fields: Record<string, string>): PacedRequest[] => [
    { method: 'POST', path: `/api/get-products?page=${page}`, headers: headers.form, body: multipart(fields) },
  ];
  return [
    { name: 'list', requests: list(1, {}) },
    { name: 'filtered p1', requests: list(1, filtered) },
    { name: 'filtered p50', requests: list(50, filtered) },
    { name: 'search common', requests: [search('watch')] },
    // A craft word of the grown catalogue (about 1 product in 2,000): no match at 1k, about 10 at 20k
    // and 100 at 200k (each run prints what it found).
    { name: 'search rare', requests: [search('paithani')] },
    ...distinctScenarios(),
    {
      name: 'details',
      requests: listed.products.map((p) => ({
        method: 'GET' as const,
        path: `/api/single-product-details/${p.slug}`,
        headers: headers.common,
      })),
    },
  ];
}

/** How many products one request's answer found (`total`) and holds on its page (`shown`), if it lists any. */
async function answerSize(base: string, r: PacedRequest | undefined): Promise<{ total?: number; shown?: number }> {
  if (!r) return {};
  const res = await fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
  const parsed = (await res.json()) as { data?: { total?: unknown; products?: unknown } };
  if (typeof parsed.data?.total !== 'number' || !Array.isArray(parsed.data.products)) return {};
  return { total: parsed.data.total, shown: parsed.data.products.length };
}

/** Flat out on every process at once (connections split between them). */
export async function flatOnAll(run: SizeRun, duration: number, load: Omit<FlatOutOptions, 'urls' | 'connections' | 'duration'>) {
  const f = await flatOut({ ...load, connections: run.opts.connections, duration, urls: run.ports.map(urlOf) });
  return { throughput: f.throughput, p99: f.p99, errors: f.errors + f.non2xx };
}

/** One read call: warmed, paced with its CPU counted, flat out in the first round. */
async function measureRead(run: SizeRun, s: Scenario): Promise<Row> {
  const requests = s.paced ?? s.requests;
  const { total, shown } = await answerSize(urlOf(run.ports[0]), requests[0]);
  await flatOnAll(run, 1, { requests: s.requests }); // warm-up
  const account = cpuAccount(run.apiPids, run.dbCpu);
  const { rate, pacedSeconds, balance } = run.opts;
  const paced = {
    rate,
    ...(await pacedList({ port: run.ports[0] ?? 0, ports: run.ports, balance, rate, seconds: pacedSeconds, requests })),
  };
  const cpu = account(paced.requests);
  const flat = run.first ? await flatOnAll(run, run.opts.duration, { requests: s.requests }) : NOT_MEASURED;
  run.log(
    `${run.tag}: ${s.name}${total === undefined ? '' : ` (${total} found, ${shown} on the page)`}: p99 ${paced.p99} ms at ${rate}/s (errors ${paced.errors + paced.non2xx})${run.first ? `; flat out ${flat.throughput}/s, p99 ${flat.p99} ms` : ''}${stalls(paced)}${cpuLine(cpu)}`,
  );
  return { db: run.db, size: run.size, instances: run.instances, scenario: s.name, round: run.round, paced, cpu, flat, total, shown };
}

/**
 * Seconds of each call flat out around first. Three: the API processes' first old-generation collection
 * (about 6 s after they start, both within 100 ms of each other: 40-45 ms of pauses each) then falls
 * before the first measured call, as for processes that have run a minute; with one second it fell
 * inside it (issue 36: p99 148 ms in a round whose others were 17-21 ms).
 */
const WARM_ALL_SECONDS = 3;

/**
 * Every read call measured. Fresh processes: every call around first (JIT, the pools' connections,
 * their prepared statements, the first old-generation collection); without it the first call measured
 * carried the start (p99 1 s on PG).
 */
export async function measureReads(run: SizeRun): Promise<void> {
  const reads = (await readScenarios(urlOf(run.ports[0]))).filter((s) => measured(run.opts, s.name));
  for (const s of reads) await flatOnAll(run, WARM_ALL_SECONDS, { requests: s.requests });
  for (const s of reads) run.rows.push(await measureRead(run, s));
}
