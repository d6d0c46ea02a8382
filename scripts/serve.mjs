// `npm run start:prod` (or `pnpm serve`): the shop in production on one machine, from a settings file.
//   1. reads the settings file (.env, or --env-file <file>; a variable already in the environment wins),
//   2. installs from the lockfile, builds every section, publishes and activates the builds,
//   3. checks the settings with the API's production rules and migrates the database (api `migrate`),
//   4. runs API_INSTANCES API processes and the edge host under a supervisor that restarts a process that
//      dies (with a growing pause) and, on SIGTERM or Ctrl+C, drains the host, then the API processes,
//   5. prints where the shop answers.
//   --env-file <file>   the settings file (default .env; .env.example lists every variable)
//   --skip-install      reuse node_modules        --skip-build   reuse the newest builds in */dist
// README "Running in production" and docs/operators.md "One machine" tell the rest.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, ensureNode, ensurePnpm, run, waitForHttp } from './lib.mjs';
import { Supervisor } from './supervisor.mjs';

await ensureNode();

const { values: opts } = parseArgs({
  options: {
    'env-file': { type: 'string' },
    'skip-install': { type: 'boolean' },
    'skip-build': { type: 'boolean' },
  },
});

const envFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), opts['env-file'] ?? path.join(ROOT, '.env'));
if (!existsSync(envFile)) {
  console.error(`[serve] no settings file at ${envFile}: copy .env.example to .env and fill it in (README "Running in production")`);
  process.exit(2);
}
process.loadEnvFile(envFile);
// Production unless the file says otherwise: the API fails closed on an unset NODE_ENV too.
process.env.NODE_ENV ||= 'production';
const production = process.env.NODE_ENV !== 'development' && process.env.NODE_ENV !== 'test';

/** Production logs stay JSON lines (pino's shape and levels), like the API's and the host's. */
function log(level, msg, fields = {}) {
  if (production) {
    const levels = { info: 30, warn: 40, error: 50 };
    console.log(JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, name: 'supervisor', msg, ...fields }));
  } else {
    const colour = { info: 36, warn: 33, error: 31 }[level];
    console.log(`\x1b[${colour}m[serve]\x1b[0m ${msg}`);
  }
}
function fail(msg) {
  log('error', msg);
  process.exit(1);
}

const env = process.env;
const PORT = Number(env.PORT || 8080);
const HOST = env.HOST || '127.0.0.1';
const API_PORT = Number(env.API_PORT || 3100);
const instances = Number(env.API_INSTANCES || 1);
if (!Number.isInteger(instances) || instances < 1 || instances > 32)
  fail(`API_INSTANCES must be a whole number from 1 to 32, not ${env.API_INSTANCES}`);
if (instances > 1 && !env.DATABASE_URL) fail(`API_INSTANCES=${instances} needs DATABASE_URL: SQLite is one process's database`);
const apiUrls = Array.from({ length: instances }, (_, i) => `http://127.0.0.1:${API_PORT + i}`);
log('info', `settings from ${envFile}: ${env.NODE_ENV} mode, ${instances} API process${instances > 1 ? 'es' : ''}`, { envFile });

const [pnpm, ...pre] = ensurePnpm();
if (!opts['skip-install']) run(pnpm, [...pre, 'install', '--frozen-lockfile'], { timed: 'install' });
if (!opts['skip-build']) {
  const buildId = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  run(pnpm, [...pre, 'run', 'build'], { env: { BUILD_ID: buildId, NODE_ENV: 'production' }, timed: 'build' });
}
run(pnpm, [...pre, 'run', 'ops', 'deploy-all']);

// The API processes listen on loopback behind the host: the host is the one proxy they believe, whatever
// TRUSTED_PROXIES says (in this file it names what stands in front of the host, e.g. Caddy).
const apiEnv = { ...env, API_HOST: '127.0.0.1', TRUSTED_PROXIES: '127.0.0.1,::1', API_LOG: env.API_LOG ?? '1' };
const node = process.execPath;
// Settings, migrations, seed and pictures once, before several processes start at the same moment.
run(node, ['--import', 'tsx', 'src/cli/migrate.ts'], { env: apiEnv, cwd: path.join(ROOT, 'api') });

const supervisor = new Supervisor({ log, stopTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS || 10_000) + 5_000 });
const apiNames = apiUrls.map((_, i) => `api-${i + 1}`);
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('info', `${signal}: draining the host, then the API processes`);
    // The host first: requests it is still finishing need the API processes.
    void supervisor.stop([['host'], apiNames]).then(() => {
      log('info', 'stopped');
      process.exit(0);
    });
  });
}

for (const [i, url] of apiUrls.entries()) {
  supervisor.add({
    name: apiNames[i],
    cmd: node,
    args: ['--import', 'tsx', 'src/server.ts'],
    cwd: path.join(ROOT, 'api'),
    env: { ...apiEnv, API_PORT: String(new URL(url).port) },
  });
}
for (const url of apiUrls) {
  if (!(await waitForHttp(`${url}/healthz`, 120_000))) log('warn', `the API did not answer at ${url} yet; the supervisor keeps trying`);
}
supervisor.add({
  name: 'host',
  cmd: node,
  args: ['--import', 'tsx', 'ops/src/cli/main.ts', 'serve', '--host', HOST, '--port', String(PORT), '--api', apiUrls.join(',')],
  cwd: ROOT,
  env: { ...env, API_URL: apiUrls.join(',') },
});
const local = `http://${HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST}:${PORT}`;
if (await waitForHttp(`${local}/healthz`, 60_000)) {
  const ready = await fetch(`${local}/readyz`).then(
    (r) => r.status === 200,
    () => false,
  );
  log(
    'info',
    `the shop answers at ${local} (public address ${env.STORE_URL || 'STORE_URL unset'})${ready ? '' : '; not ready yet: see GET /readyz'}`,
    {
      url: local,
      storeUrl: env.STORE_URL,
      api: apiUrls,
    },
  );
} else {
  log('error', `the host did not answer at ${local}; the supervisor keeps trying`);
}
