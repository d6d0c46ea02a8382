// `pnpm bench` (issue 8): builds for production, starts the site as `npm start` does (servers.mjs) and
// measures it in Debian Chromium — pages, navigations, the shopper's own content, interactions — and the
// API under load and at catalogue scale; prints tables and writes bench-results/bench-<time>.json.
// Figures only: these machines are noisy (docs/performance.md "How the bench measures").
//   --skip-build   reuse the newest builds      --runs N   runs per page (5)     --no-ssr   SSR=off
//   --pages a,b    only these pages (home, cart, my-account, static-cart, …)    --port, --api-port
//   --skip-nav, --skip-api, --skip-own, --skip-interactions, --skip-scale   leave that part out
//   --scale-sizes 1000,20000   --scale-rounds N (3): the catalogue-scale run (PostgreSQL too with TEST_DATABASE_URL)
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNode, ensurePnpm, log, run } from '../../scripts/lib.mjs';
import { telemetrySize } from '../../scripts/telemetry-size.mjs';
import { cliArgs } from '../lib/args.mjs';
import { stopAll } from '../lib/processes.mjs';
import { machine, RESULTS_DIR, saveResult, timeStamp } from '../lib/results.mjs';
import { kb, printReport } from './report.mjs';
import { apiBench, measureInteractions, measureNavigations, measureOwnContent, measurePages } from './runs.mjs';
import { DEPLOY_ROOT, firstProductPath, startSite, startSmsGateway } from './servers.mjs';
import { signedInSession } from './shopper.mjs';

// The project runs on Node 24 (better-sqlite3 is built for it): on an older Node, the bench reruns on it.
await ensureNode();

const args = cliArgs();
const has = (flag) => flag in args;
const RUNS = args.runs || '5';
// --port: the site's origin (STORE_URL), where the measuring scripts' proxy listens as a reverse proxy
// would (browser/siteProxy.mjs); the static host itself listens on a free port behind it.
const PORT = args.port || '8190';
const API_PORT = args['api-port'] || '3190';
const pnpm = ensurePnpm();
const stamp = timeStamp();

/** Builds (unless --skip-build), deploys and starts the site; the signed-in shopper's session file, if made. */
async function prepareSite(workDir) {
  if (!has('skip-build'))
    run(pnpm[0], [...pnpm.slice(1), 'run', 'build'], { env: { BUILD_ID: stamp, NODE_ENV: 'production' }, timed: 'build' });
  run(pnpm[0], [...pnpm.slice(1), 'run', 'ops', 'deploy-all'], { env: { DEPLOY_ROOT } });
  const sms = await startSmsGateway();
  const dbFile = path.join(workDir, 'bench.sqlite');
  const host = await startSite({ port: PORT, apiPort: API_PORT, smsUrl: sms.url, dbFile, ssr: !has('no-ssr') });
  const product = await firstProductPath(API_PORT, log);
  try {
    const session = path.join(workDir, 'session.json');
    writeFileSync(session, JSON.stringify(await signedInSession(API_PORT, sms.inbox, log)));
    return { host, product, session };
  } catch (err) {
    log(`could not sign a shopper in (${err.message}); the account pages are left out`);
    return { host, product, session: null };
  }
}

/** The API under load and at catalogue scale (page cache off), each through its own bench command. */
function measureApi(workDir) {
  log('measuring the API…');
  const api = has('skip-api') ? null : apiBench(pnpm, 'api', [], path.join(workDir, 'api-bench.json'));
  if (has('skip-scale')) return { api, scale: null };
  log('measuring the API at catalogue scale (page cache off)…');
  const scaleArgs = ['--sizes', args['scale-sizes'] || '1000,20000,200000', '--rounds', args['scale-rounds'] || '3'];
  if (process.env.TEST_DATABASE_URL) scaleArgs.push('--pg', process.env.TEST_DATABASE_URL);
  else scaleArgs.push('--db', 'sqlite');
  return { api, scale: apiBench(pnpm, 'scale', scaleArgs, path.join(workDir, 'api-scale.json')) };
}

function telemetry() {
  try {
    const t = telemetrySize();
    const line = `Telemetry client (issue 17; loaded after hydration): ${kb(t.gzip)} gzip, ${kb(t.brotli)} brotli, ${kb(t.raw)} raw (${t.files.join(', ')}); budget 3 KB gzip.`;
    return { figures: t, line };
  } catch (err) {
    return { figures: null, line: `Telemetry client: not measured (${err.message})` };
  }
}

async function main() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const { host, product, session } = await prepareSite(workDir);
  const site = { host, port: PORT, runs: RUNS };
  const pages = args.pages || undefined;
  const measured = measurePages(site, { pages, session, product }, log);
  if (!measured) throw new Error('the browser measurement failed');
  const navigations = has('skip-nav') ? {} : measureNavigations(site, log);
  const ownContent = has('skip-own') ? null : measureOwnContent(site, { pages, session }, log);
  const interactions = has('skip-interactions') ? null : measureInteractions(site, product, log);
  const { api, scale } = measureApi(workDir);
  const tele = telemetry();
  const results = { site: measured, navigations, ownContent, interactions, api, scale, telemetry: tele.figures };
  printReport(results, tele.line);
  const { cpus, node } = machine();
  const data = { at: new Date().toISOString(), runs: Number(RUNS), machine: { cpus, node }, ...results };
  const file = saveResult('bench', data, path.join(RESULTS_DIR, `bench-${stamp}.json`));
  log(`wrote ${path.relative(process.cwd(), file)}`);
}

try {
  await main();
} catch (err) {
  log(err.message);
  process.exitCode = 1;
} finally {
  await stopAll();
}
