// `pnpm bench:host [--port 8411 --api-port 3411 --duration 10 --connections 10 --rounds 2]` (also `pnpm
// --filter @storefront/ops bench`): the edge host under load (issue 15) — throughput and p99 of a
// server-rendered page with the render cache on (SSR_CACHE_SECONDS=5) and off, and of a hashed asset,
// through `ops serve` in production mode in front of a real API. Uses the newest production builds (run
// `NODE_ENV=production BUILD_ID=… pnpm build` first). Figures only, for comparisons run back to back:
//   --ops-cli <file>  another ops CLI to measure instead   --compare <file>  also another (runs alternate)
//   --rounds <n>      runs per scenario and host, averaged  --json <file>     where to write the figures
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliArgs, fromInvocation, numberArg } from '../lib/args.mjs';
import { flatOut } from '../lib/flatOut.mjs';
import { stopAll } from '../lib/processes.mjs';
import { machine, saveResult, textTable } from '../lib/results.mjs';
import { deploy, OPS_CLI, startApi, startHost } from './hosts.mjs';

const args = cliArgs();
const PORT = numberArg(args, 'port', 8411);
const API_PORT = numberArg(args, 'api-port', 3411);
const DURATION = numberArg(args, 'duration', 10);
const ROUNDS = numberArg(args, 'rounds', 2);
const CONNECTIONS = numberArg(args, 'connections', 10);
const opsCli = args['ops-cli'] ? fromInvocation(args['ops-cli']) : OPS_CLI;
const compare = args.compare ? fromInvocation(args.compare) : undefined;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };

/** A short warm-up (server builds loaded, files cached), then the measured run. */
async function measure(url) {
  await flatOut({ urls: [url], connections: 2, amount: 50, headers: BROWSER });
  const r = await flatOut({ urls: [url], connections: CONNECTIONS, duration: DURATION, headers: BROWSER });
  return { rps: r.throughput, p50: r.p50, p99: r.p99, requests: r.requests, failed: r.non2xx + r.errors };
}

/** Every host at once (cache on and off, per CLI): sites by `<label> <cache seconds>`. */
async function startHosts(clis, root) {
  const sites = {};
  let port = PORT;
  for (const [label, cli] of clis) {
    for (const cacheSeconds of ['5', '0']) {
      const logLevel = args['log-level'] || 'info';
      sites[`${label} ${cacheSeconds}`] = await startHost({ label, cli, port, apiPort: API_PORT, root, cacheSeconds, logLevel });
      port++;
    }
  }
  return sites;
}

/** Each scenario `ROUNDS` times per CLI, alternating, so a busy moment on a shared machine falls on both alike. */
async function measureScenarios(clis, sites, scenarios) {
  const results = [];
  for (const [name, cacheSeconds, p] of scenarios) {
    const runs = Object.fromEntries(clis.map(([label]) => [label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label] of round % 2 ? [...clis].reverse() : clis)
        runs[label].push(await measure(`${sites[`${label} ${cacheSeconds}`]}${p}`));
    }
    for (const [label, list] of Object.entries(runs)) {
      const mean = (k) => Math.round(list.reduce((a, r) => a + r[k], 0) / list.length);
      results.push({
        scenario: clis.length > 1 ? `${name} [${label}]` : name,
        rps: mean('rps'),
        p50: mean('p50'),
        // The worst p99 of the rounds.
        p99: Math.max(...list.map((r) => r.p99)),
        requests: list.reduce((a, r) => a + r.requests, 0),
        failed: list.reduce((a, r) => a + r.failed, 0),
      });
    }
  }
  return results;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'host-bench-'));
const root = path.join(tmp, 'deploy');
let results;
try {
  const { shellVersion, mainJs } = deploy(root);
  await startApi(API_PORT, path.join(tmp, 'bench.sqlite'));
  const clis = compare
    ? [
        ['this', opsCli],
        ['compare', compare],
      ]
    : [['this', opsCli]];
  const sites = await startHosts(clis, root);
  results = await measureScenarios(clis, sites, [
    ['SSR page /, cache on', '5', '/'],
    ['hashed asset main.js (br)', '5', `/shell/${shellVersion}/${mainJs}`],
    ['SSR page /, cache off', '0', '/'],
  ]);
} finally {
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

const m = machine();
console.log(
  `\nhost bench: ${opsCli}${compare ? ` against ${compare}` : ''}, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per scenario, node ${m.node}, ${m.cpus} cpus, load ${m.load[0].toFixed(1)}`,
);
console.log(
  textTable([['scenario', 'req/s', 'p50 ms', 'p99 ms', 'failed'], ...results.map((r) => [r.scenario, r.rps, r.p50, r.p99, r.failed])]),
);
const out = saveResult(
  'host',
  { at: new Date().toISOString(), machine: m, cli: opsCli, connections: CONNECTIONS, duration: DURATION, results },
  args.json || undefined,
);
console.log(`figures written to ${out}`);
