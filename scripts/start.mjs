// `npm start`: obtain pnpm, install from the lockfile, build every section for production, publish
// and activate the builds in the deploy root, start the API server and the static host, print the URL.
//   --skip-install   reuse node_modules        --skip-build   reuse the newest builds in */dist
// Environment: PORT (8080), HOST (127.0.0.1), API_PORT (3100), DB_FILE, DEPLOY_ROOT, API_KEY, STORE_TOKEN.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensurePnpm, log, run, startChild, waitForHttp } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const PORT = process.env.PORT ?? '8080';
const HOST = process.env.HOST ?? '127.0.0.1';
const API_PORT = process.env.API_PORT ?? '3100';
const API_URL = `http://127.0.0.1:${API_PORT}`;
const [pnpm, ...pnpmArgs] = ensurePnpm();
const p = (...a) => [...pnpmArgs, ...a];

if (!args.has('--skip-install')) run(pnpm, p('install', '--frozen-lockfile'), { timed: 'install' });
if (!args.has('--skip-build')) {
  const buildId = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  run(pnpm, p('run', 'build'), { env: { BUILD_ID: buildId, NODE_ENV: 'production' }, timed: 'build' });
}
run(pnpm, p('run', 'ops', 'deploy-all'));

const hasApi = existsSync(path.join(ROOT, 'api', 'src', 'server.ts'));
if (hasApi) {
  // The API builds absolute shop links (sitemaps) on STORE_URL: by default the site this script serves.
  startChild('api', pnpm, p('--filter', '@storefront/api', 'start'), { API_PORT, API_HOST: '127.0.0.1', STORE_URL: process.env.STORE_URL ?? `http://${HOST}:${PORT}` });
  const up = await waitForHttp(`${API_URL}/api/openapi.json`, 120_000);
  if (!up) log(`the API did not answer at ${API_URL}; the site will show its error states`);
} else {
  log('no API server in this checkout: the site starts and shows its empty and error states');
}
startChild('host', pnpm, p('run', 'ops', 'serve', '--port', PORT, '--api', API_URL), { PORT, HOST });
const url = `http://${HOST}:${PORT}`;
if (await waitForHttp(`${url}/storefront.config.json`, 60_000)) {
  log(`the storefront is running at ${url}  (Ctrl+C stops it)`);
} else {
  log(`the static host did not answer at ${url}`);
}
