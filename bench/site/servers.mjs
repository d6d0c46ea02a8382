// The site as `npm start` runs it, for `pnpm bench`: the newest builds deployed into .deploy/bench, the
// API (fresh database, production mode) and the static host (production mode, on a free port behind the
// measuring scripts' proxy on STORE_URL's origin), with a local SMS gateway stand-in for sign-in codes.
import http from 'node:http';
import path from 'node:path';
import { BENCH_API_KEY, benchProductionEnv, startApiServer } from '../lib/apiServer.mjs';
import { freePort, startProcess, waitForHttp } from '../lib/processes.mjs';
import { ROOT } from '../lib/results.mjs';

export const DEPLOY_ROOT = path.join(ROOT, '.deploy', 'bench');
const BENCH_OPS_TOKEN = 'bench-ops-token-0123456789';

/**
 * The SMS gateway as the API sees it (the default JSON body: {"to": "+91…", "message": "… code …"}): it
 * keeps the last message per number, for the signed-in shopper's sign-in code.
 */
export async function startSmsGateway() {
  const inbox = new Map();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const m = JSON.parse(body);
        if (typeof m.to === 'string') inbox.set(m.to, String(m.message ?? ''));
      } catch {
        /* not a message */
      }
      res.writeHead(202).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  return { url: `http://127.0.0.1:${server.address().port}/sms`, inbox };
}

/**
 * Starts the API on `apiPort` and the host on a free port, both in production mode for the origin
 * http://127.0.0.1:`port`; resolves with the host's URL once both answer.
 */
export async function startSite({ port, apiPort, smsUrl, dbFile, ssr }) {
  // As in production, without the API benches' widened per-address limits.
  const production = { STORE_URL: `http://127.0.0.1:${port}`, SMS_WEBHOOK_URL: smsUrl, RATE_LIMIT_SCALE: '1' };
  const api = startApiServer({ port: apiPort, env: { ...production, DB_FILE: dbFile }, output: 'inherit' });
  await waitForHttp(`http://127.0.0.1:${apiPort}/api/openapi.json`, { ms: 180_000, started: api });
  const hostPort = await freePort();
  const host = startProcess(
    'host',
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'ops', 'src', 'cli', 'main.ts'),
      'serve',
      '--port',
      String(hostPort),
      '--api',
      `http://127.0.0.1:${apiPort}`,
    ],
    {
      cwd: ROOT,
      env: {
        ...benchProductionEnv,
        ...production,
        DEPLOY_ROOT,
        PORT: String(hostPort),
        OPS_TOKEN: BENCH_OPS_TOKEN,
        ...(ssr ? {} : { SSR: 'off' }),
      },
      output: 'inherit',
    },
  );
  // A probe path: the production host answers other paths only for STORE_URL's host (the proxy's), and
  // /readyz only with its OPS_TOKEN.
  const readyz = `http://127.0.0.1:${hostPort}/readyz`;
  await waitForHttp(readyz, { ms: 60_000, headers: { authorization: `Bearer ${BENCH_OPS_TOKEN}` }, started: host });
  return `http://127.0.0.1:${hostPort}`;
}

/** A real product page: the first product the API lists (a default when it cannot say). */
export async function firstProductPath(apiPort, log) {
  try {
    const res = await fetch(`http://127.0.0.1:${apiPort}/api/new-arrivals`, { headers: { 'x-api-key': BENCH_API_KEY } });
    const slug = (await res.json())?.data?.data?.[0]?.slug;
    if (slug) return `/products/${slug}`;
  } catch {
    log('could not read a product slug; using the default');
  }
  return '/products/classic-cotton-t-shirt';
}
