// `pnpm dev`: the API server and rspack dev servers (hot reload) for the shell and every remote.
// Shell http://127.0.0.1:3000 (serves its own /storefront.config.json and /remotes.json pointing at the
// remotes' dev servers), catalog :3001, cart-checkout :3002, account :3003, admin :3004, API :3100.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureNode, ensurePnpm, log, startChild } from './lib.mjs';

await ensureNode();

const [pnpm, ...pre] = ensurePnpm();
const p = (...a) => [...pre, ...a];
if (existsSync(path.join(ROOT, 'api', 'src', 'server.ts'))) {
  // Development by definition (the API alone treats an unset NODE_ENV as production).
  // Its request log on (no host in front to log them), one short line per request (lib.mjs prettyLogs).
  startChild(
    'api',
    pnpm,
    p('--filter', '@storefront/api', 'start'),
    { API_PORT: process.env.API_PORT ?? '3100', NODE_ENV: process.env.NODE_ENV || 'development', API_LOG: process.env.API_LOG ?? '1' },
    { pretty: true },
  );
}
for (const pkg of ['catalog', 'cart-checkout', 'account', 'admin', 'shell']) {
  startChild(pkg, pnpm, p('--filter', `@storefront/${pkg}`, 'run', 'dev'));
}
log('dev servers starting: open http://127.0.0.1:3000');
