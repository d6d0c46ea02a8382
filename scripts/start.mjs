// `npm start`: obtain pnpm, install from the lockfile, build every section for production, publish
// and activate the builds in the deploy root, start the API server and the static host, print the URL.
//   --skip-install   reuse node_modules        --skip-build   reuse the newest builds in */dist
// Environment: PORT (8080), HOST (127.0.0.1), API_PORT (3100), DB_FILE, DEPLOY_ROOT, API_KEY, STORE_TOKEN,
// NODE_ENV (unset: development, said in the banner; production needs README's "Running in production"),
// DATABASE_URL (PostgreSQL instead of the SQLite file), API_INSTANCES (1: that many API processes on
// API_PORT, API_PORT+1, …, all handed to the host; more than one needs DATABASE_URL).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureNode, ensurePnpm, log, run, startChild, waitForHttp } from './lib.mjs';

await ensureNode();

const args = new Set(process.argv.slice(2));
const PORT = process.env.PORT ?? '8080';
const HOST = process.env.HOST ?? '127.0.0.1';
const API_PORT = process.env.API_PORT ?? '3100';
// `npm start` is the one place where an unset NODE_ENV means development: the API itself treats an unset
// NODE_ENV as production and refuses development keys (issue 13).
const MODE = process.env.NODE_ENV || 'development';
if (!process.env.NODE_ENV) {
  log('development mode (NODE_ENV unset): development keys, the demo account, and one-time codes shown on the page.');
  log('Not for real shoppers: see "Running in production" in README.md.');
}
let instances = Math.max(1, Number.parseInt(process.env.API_INSTANCES ?? '1', 10) || 1);
if (instances > 1 && !process.env.DATABASE_URL) {
  log("API_INSTANCES > 1 needs DATABASE_URL (PostgreSQL): SQLite is one process's database; starting one API process");
  instances = 1;
}
const API_URLS = Array.from({ length: instances }, (_, i) => `http://127.0.0.1:${Number(API_PORT) + i}`);
const [pnpm, ...pnpmArgs] = ensurePnpm();
const p = (...a) => [...pnpmArgs, ...a];

if (!args.has('--skip-install')) run(pnpm, p('install', '--frozen-lockfile'), { timed: 'install' });
if (!args.has('--skip-build')) {
  const buildId = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  run(pnpm, p('run', 'build'), { env: { BUILD_ID: buildId, NODE_ENV: 'production' }, timed: 'build' });
}
run(pnpm, p('run', 'ops', 'deploy-all'));

const hasApi = existsSync(path.join(ROOT, 'api', 'src', 'server.ts'));
if (hasApi) {
  // The first process migrates and seeds; the others start once it answers (no two seeds at once). The
  // API builds absolute shop links (sitemaps, e-mails) on STORE_URL: by default the site this script serves.
  const storeUrl = process.env.STORE_URL ?? `http://${HOST}:${PORT}`;
  for (const [i, url] of API_URLS.entries()) {
    startChild(
      instances > 1 ? `api ${i + 1}` : 'api',
      pnpm,
      p('--filter', '@storefront/api', 'start'),
      {
        API_PORT: new URL(url).port,
        API_HOST: '127.0.0.1',
        NODE_ENV: MODE,
        STORE_URL: storeUrl,
      },
      { pretty: true },
    );
    const up = await waitForHttp(`${url}/api/openapi.json`, 120_000);
    if (!up) log(`the API did not answer at ${url}; the site will show its error states`);
  }
} else {
  log('no API server in this checkout: the site starts and shows its empty and error states');
}
// Several API processes: the host gets them all, comma-separated (API_URL and --api).
startChild(
  'host',
  pnpm,
  p('run', 'ops', 'serve', '--port', PORT, '--api', API_URLS.join(',')),
  {
    PORT,
    HOST,
    API_URL: API_URLS.join(','),
    NODE_ENV: MODE,
  },
  { pretty: true },
);
const url = `http://${HOST}:${PORT}`;
if (await waitForHttp(`${url}/storefront.config.json`, 60_000)) {
  log(`the storefront is running at ${url} in ${MODE} mode  (Ctrl+C stops it)`);
} else {
  log(`the static host did not answer at ${url}`);
}
