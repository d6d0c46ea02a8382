// `pnpm --filter @storefront/ops bench [-- --port 8411 --api-port 3411 --duration 10 --connections 10]`
// The edge host under load (issue 15): throughput and p99 latency of a server-rendered page with the
// render cache on (SSR_CACHE_SECONDS=5) and off (0), and of a hashed asset, through `ops serve` in
// production mode in front of a real API process. Uses the newest production builds (run
// `NODE_ENV=production BUILD_ID=… pnpm build` first) published into a deploy root of its own.
//   --ops-cli <file>   another ops CLI to measure instead of this one
//   --compare <file>   also measure another ops CLI (e.g. a copy of the previous ops/src/cli/main.ts), the runs
//                      of both alternating, for a before/after on a busy machine
//   --rounds <n>       runs per scenario and host (default 2), averaged
//   --json <file>      also write the figures there
// It asserts nothing about time: the figures are for comparisons on one machine, run back to back.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The key and token of the bench's API and hosts (a production host refuses the development ones). */
const BENCH_KEYS = { API_KEY: 'bench-api-key', STORE_TOKEN: 'bench-store-token' };
const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const PORT = Number(opt('port', '8411'));
const API_PORT = Number(opt('api-port', '3411'));
const DURATION = Number(opt('duration', '10'));
const ROUNDS = Number(opt('rounds', '2'));
const CONNECTIONS = Number(opt('connections', '10'));
const opsCli = path.resolve(opt('ops-cli', path.join(repo, 'ops', 'src', 'cli', 'main.ts')));
const tsx = require.resolve('tsx/cli');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'host-bench-'));
const root = path.join(tmp, 'deploy');
const children = new Set();

function start(name, args, env) {
  const child = spawn(process.execPath, [tsx, ...args], { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // Only the tail: a host logs a line per request.
  const keep = (d) => (out = (out + d).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', () => children.delete(child));
  children.add(child);
  child.output = () => out;
  child.label = name;
  return child;
}

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${child.label} exited: ${child.output()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.label} did not answer at ${url}: ${child.output()}`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(label, url, headers) {
  // A short warm-up (server builds loaded, files cached), then the measured run.
  await new Promise((resolve, reject) =>
    autocannon({ url, connections: 2, amount: 50, headers }, (err) => (err ? reject(err) : resolve())),
  );
  const r = await cannon(url, headers);
  const bad = r.non2xx + r.errors + r.timeouts;
  return {
    scenario: label,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failed: bad,
  };
}

const results = [];
const compare = opt('compare');
let api;
try {
  const deployed = spawnSync(process.execPath, [tsx, path.join(repo, 'ops', 'src', 'cli', 'main.ts'), 'deploy-all', '--root', root], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (deployed.status !== 0) throw new Error(`deploy-all failed: ${deployed.stderr || deployed.stdout}`);
  api = start('api', [path.join(repo, 'api', 'src', 'server.ts')], {
    API_PORT: String(API_PORT),
    API_HOST: '127.0.0.1',
    DB_FILE: path.join(tmp, 'bench.sqlite'),
    NODE_ENV: 'development',
    ...BENCH_KEYS,
  });
  await waitFor(`http://127.0.0.1:${API_PORT}/api/openapi.json`, api);

  const shellVersion = JSON.parse(readFileSync(path.join(root, 'remotes.json'), 'utf8')).shell.version;
  const mainJs = readdirSync(path.join(root, 'shell', shellVersion)).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };
  // Every host runs at once (render cache on and off; with --compare, the other CLI too) and the runs
  // alternate, so a busy moment on a shared machine falls on both sides alike.
  const clis = compare
    ? [
        ['this', opsCli],
        ['compare', path.resolve(compare)],
      ]
    : [['this', opsCli]];
  const sites = {};
  let port = PORT;
  for (const [label, cli] of clis) {
    for (const cacheSeconds of ['5', '0']) {
      const site = `http://127.0.0.1:${port}`;
      const host = start(
        `host ${label} cache ${cacheSeconds}`,
        [cli, 'serve', '--port', String(port), '--api', `http://127.0.0.1:${API_PORT}`, '--root', root],
        {
          NODE_ENV: 'production',
          STORE_URL: site,
          // A production host refuses the development key and token: both sides use the bench's own.
          ...BENCH_KEYS,
          SSR_CACHE_SECONDS: cacheSeconds,
          LOG_LEVEL: opt('log-level', 'info'),
        },
      );
      await waitFor(`${site}/storefront.config.json`, host);
      const page = await (await fetch(`${site}/`)).text();
      if (!page.includes('"ssr":')) throw new Error('the home page was not rendered on the server: the figures would mean nothing');
      sites[`${label} ${cacheSeconds}`] = site;
      port++;
    }
  }
  const scenarios = [
    ['SSR page /, cache on', '5', '/'],
    ['hashed asset main.js (br)', '5', `/shell/${shellVersion}/${mainJs}`],
    ['SSR page /, cache off', '0', '/'],
  ];
  for (const [name, cacheSeconds, p] of scenarios) {
    const runs = Object.fromEntries(clis.map(([label]) => [label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label] of round % 2 ? [...clis].reverse() : clis) {
        runs[label].push(await measure(name, `${sites[`${label} ${cacheSeconds}`]}${p}`, browser));
      }
    }
    for (const [label, list] of Object.entries(runs)) {
      const sum = (k) => list.reduce((a, r) => a + r[k], 0);
      results.push({
        scenario: clis.length > 1 ? `${name} [${label}]` : name,
        rps: Math.round(sum('rps') / list.length),
        p50: Math.round(sum('p50') / list.length),
        // The worst p99 of the rounds.
        p99: Math.max(...list.map((r) => r.p99)),
        requests: sum('requests'),
        failed: sum('failed'),
      });
    }
  }
} finally {
  for (const c of [...children]) await stop(c);
  rmSync(tmp, { recursive: true, force: true });
}

console.log(
  `\nhost bench: ${opsCli}${compare ? ` against ${compare}` : ''}, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s per scenario, node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}`,
);
console.log('scenario                                   req/s    p50 ms   p99 ms   failed');
for (const r of results) {
  console.log(
    `${r.scenario.padEnd(42)} ${String(r.rps).padStart(6)}  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}  ${String(r.failed).padStart(7)}`,
  );
}
const json = opt('json');
if (json)
  writeFileSync(
    json,
    JSON.stringify({ at: new Date().toISOString(), cli: opsCli, connections: CONNECTIONS, duration: DURATION, results }, null, 2),
  );
