// The processes the host bench measures: the newest production builds published into a deploy root of
// its own, a real API behind them, and `ops serve` hosts in production mode (render cache on and off; with
// --compare, another ops CLI's too).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BENCH_API_KEY, BENCH_STORE_TOKEN, startApiServer } from '../lib/apiServer.mjs';
import { startProcess, waitForHttp } from '../lib/processes.mjs';
import { ROOT } from '../lib/results.mjs';

/** The key and token of the bench's API and hosts (a production host refuses the development ones). */
const BENCH_KEYS = { API_KEY: BENCH_API_KEY, STORE_TOKEN: BENCH_STORE_TOKEN };
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
export const OPS_CLI = path.join(ROOT, 'ops', 'src', 'cli', 'main.ts');

/** Publishes the newest builds into `root` (`ops deploy-all`); the shell's version and its main script. */
export function deploy(root) {
  const deployed = spawnSync(process.execPath, [tsx, OPS_CLI, 'deploy-all', '--root', root], { cwd: ROOT, encoding: 'utf8' });
  if (deployed.status !== 0) throw new Error(`deploy-all failed: ${deployed.stderr || deployed.stdout}`);
  const shellVersion = JSON.parse(readFileSync(path.join(root, 'remotes.json'), 'utf8')).shell.version;
  const mainJs = readdirSync(path.join(root, 'shell', shellVersion)).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  return { shellVersion, mainJs };
}

/** The API the hosts forward /api to, in development mode over a fresh SQLite file. */
export async function startApi(port, dbFile) {
  const api = startApiServer({ port, env: { NODE_ENV: 'development', DB_FILE: dbFile, ...BENCH_KEYS } });
  await waitForHttp(`http://127.0.0.1:${port}/api/openapi.json`, { ms: 120_000, started: api });
  return api;
}

/**
 * `cli serve` on `port` with the render cache at `cacheSeconds`; resolves once it answers and renders
 * the home page on the server (otherwise the figures would mean nothing).
 */
export async function startHost({ label, cli, port, apiPort, root, cacheSeconds, logLevel }) {
  const site = `http://127.0.0.1:${port}`;
  const host = startProcess(
    `host ${label} cache ${cacheSeconds}`,
    process.execPath,
    [tsx, cli, 'serve', '--port', String(port), '--api', `http://127.0.0.1:${apiPort}`, '--root', root],
    {
      cwd: ROOT,
      env: { NODE_ENV: 'production', STORE_URL: site, ...BENCH_KEYS, SSR_CACHE_SECONDS: cacheSeconds, LOG_LEVEL: logLevel },
    },
  );
  await waitForHttp(`${site}/storefront.config.json`, { ms: 120_000, started: host });
  const page = await (await fetch(`${site}/`)).text();
  if (!page.includes('"ssr":')) throw new Error('the home page was not rendered on the server: the figures would mean nothing');
  return site;
}
