// @ts-check
// Closed-loop load with autocannon: `connections` connections, each sending its next request as soon as
// its last is answered — the throughput a server reaches flat out. Several servers (API processes, hosts)
// share the connections and their figures are summed.
import autocannon from 'autocannon';

/**
 * @typedef {import('autocannon').RequestSpec} RequestSpec
 * @typedef {import('autocannon').Client} Client
 * @typedef {object} FlatOutOptions
 * @property {string[]} urls one per server; the connections are split between them
 * @property {number} connections
 * @property {number} [duration] seconds
 * @property {number} [amount] a number of requests instead of a duration (a warm-up)
 * @property {'GET' | 'POST'} [method]
 * @property {Record<string, string>} [headers]
 * @property {RequestSpec[]} [requests] cycled by each connection
 * @property {(client: Client) => void} [setupClient] e.g. one shopper per connection
 * @typedef {object} FlatOutFigures
 * @property {number} p50 the slowest server's, in whole ms (autocannon's resolution)
 * @property {number} p90
 * @property {number} p99
 * @property {number} max
 * @property {number} average
 * @property {number} throughput answers per second, all servers together
 * @property {number} requests
 * @property {number} errors connection errors and timeouts
 * @property {number} non2xx
 */

/**
 * Runs autocannon on every URL at once and sums the figures.
 * @param {FlatOutOptions} opts
 * @returns {Promise<FlatOutFigures>}
 */
export async function flatOut(opts) {
  const connections = Math.max(1, Math.round(opts.connections / opts.urls.length));
  const results = await Promise.all(
    opts.urls.map((url) =>
      autocannon({
        url,
        connections,
        ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
        ...(opts.method ? { method: opts.method } : {}),
        ...(opts.headers ? { headers: opts.headers } : {}),
        // Each server its own copy: autocannon keeps state on the request objects.
        ...(opts.requests ? { requests: opts.requests.map((r) => ({ ...r })) } : {}),
        ...(opts.setupClient ? { setupClient: opts.setupClient } : {}),
      }),
    ),
  );
  const sum = (/** @type {(r: import('autocannon').Result) => number} */ f) => results.reduce((s, r) => s + f(r), 0);
  const worst = (/** @type {(r: import('autocannon').Result) => number} */ f) => Math.max(...results.map(f));
  return {
    p50: worst((r) => r.latency.p50),
    p90: worst((r) => r.latency.p90),
    p99: worst((r) => r.latency.p99),
    max: worst((r) => r.latency.max),
    average: Math.round((sum((r) => r.latency.average) / results.length) * 100) / 100,
    throughput: sum((r) => Math.round(r.requests.average)),
    requests: sum((r) => r.requests.total),
    errors: sum((r) => r.errors + r.timeouts),
    non2xx: sum((r) => r.non2xx),
  };
}
