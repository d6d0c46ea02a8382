import { loadConfig, configProblems, DEV_DEFAULTS } from './config';
import { prepareDatabase, productionProblems } from './bootstrap';
import { buildApp } from './app';
import { DEMO_CUSTOMER } from './db/seed';
import { CATEGORIES } from './db/seed/catalogue';
import { prepareCataloguePictures } from './images/pool';

/** One line per problem, then exit: production never starts on unsafe settings (issue 13). */
function refuse(problems: string[]): never {
  for (const p of problems) console.error(`[api] refusing to start in production: ${p}`);
  console.error('[api] see "Running in production" in README.md; NODE_ENV=development runs the development setup');
  process.exit(1);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Configuration is checked before the database is touched, so a mistake cannot seed a production file.
  const early = configProblems(config);
  if (early.length) refuse(early);
  const { db, migrated, seeded } = await prepareDatabase(config);
  const problems = await productionProblems(config, db);
  if (problems.length) {
    await db.destroy();
    refuse(problems);
  }
  const pictures = await prepareCataloguePictures(
    config.photoPoolDir,
    CATEGORIES.map((c) => c.slug),
  );
  const app = await buildApp({ config, db });
  const where = config.databaseUrl
    ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`
    : config.dbFile;
  console.log(`[api] database ${where}${migrated.length ? ` (migrated: ${migrated.join(', ')})` : ''}${seeded ? ' (seeded)' : ''}`);
  console.log(
    `[api] catalogue pictures: ${pictures.drawn ? `drew ${pictures.drawn} of ${pictures.total} in ${(pictures.ms / 1000).toFixed(1)} s (${(pictures.cpuMs / 1000).toFixed(1)} s of CPU)` : `${pictures.total}, already drawn`} (${config.photoPoolDir})`,
  );
  if (config.dev) {
    const shown = (name: keyof typeof DEV_DEFAULTS, value: string) =>
      `${name}=${value}${process.env[name] ? '' : ' (development default)'}`;
    console.log(`[api] ${shown('API_KEY', config.apiKey)}  ${shown('STORE_TOKEN', config.storeToken)}`);
    console.log(
      '[api] mode: development (NODE_ENV=development): one-time codes and reset links are also in answers and at GET /api/dev/outbox',
    );
    console.log(`[api] demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}  mobile ${DEMO_CUSTOMER.mobile}`);
    console.log('[api] coupons: WELCOME10 (10%, min ₹500), FLAT200 (₹200 off, min ₹1,000), EXPIRED50 (expired)');
  } else {
    const senders = [config.messages.sms ? 'SMS gateway' : '', config.messages.smtpUrl ? 'SMTP' : ''].filter(Boolean).join(' + ');
    console.log(
      `[api] mode: production  store ${config.storeUrl}  messages by ${senders}  trusted proxies ${config.trustedProxies.join(', ') || 'none'}`,
    );
  }

  // Stop taking connections, let requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), then close.
  const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
  const stop = async (signal: string) => {
    console.log(`[api] ${signal}: finishing requests in flight, then closing`);
    const deadline = setTimeout(() => {
      console.log(`[api] requests still in flight after ${shutdownMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, shutdownMs);
    deadline.unref();
    await app.close();
    clearTimeout(deadline);
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`[api] listening on http://${config.host}:${port}/api  (OpenAPI: http://${config.host}:${port}/api/openapi.json)`);
}

main().catch((err: unknown) => {
  console.error('[api] failed to start:', err);
  process.exit(1);
});
