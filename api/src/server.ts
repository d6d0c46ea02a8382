import { loadConfig, DEV_DEFAULTS } from './config';
import { prepareDatabase } from './bootstrap';
import { buildApp } from './app';
import { DEMO_CUSTOMER } from './db/seed';
import { CATEGORIES } from './db/seed/catalogue';
import { prepareCataloguePictures } from './images/pool';

async function main(): Promise<void> {
  const config = loadConfig();
  const { db, migrated, seeded } = await prepareDatabase(config);
  const pictures = await prepareCataloguePictures(config.photoPoolDir, CATEGORIES.map((c) => c.slug));
  const app = await buildApp({ config, db });
  const shown = (name: keyof typeof DEV_DEFAULTS, value: string) =>
    `${name}=${value}${process.env[name] ? '' : ' (development default)'}`;
  console.log(`[api] database ${config.dbFile}${migrated.length ? ` (migrated: ${migrated.join(', ')})` : ''}${seeded ? ' (seeded)' : ''}`);
  console.log(`[api] catalogue pictures: ${pictures.drawn ? `drew ${pictures.drawn} of ${pictures.total} in ${(pictures.ms / 1000).toFixed(1)} s (${(pictures.cpuMs / 1000).toFixed(1)} s of CPU)` : `${pictures.total}, already drawn`} (${config.photoPoolDir})`);
  console.log(`[api] ${shown('API_KEY', config.apiKey)}  ${shown('STORE_TOKEN', config.storeToken)}`);
  console.log(`[api] mode: ${config.dev ? 'development (OTP codes and reset tokens are returned in responses)' : 'production'}`);
  console.log(`[api] demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}  mobile ${DEMO_CUSTOMER.mobile}`);
  console.log('[api] coupons: WELCOME10 (10%, min ₹500), FLAT200 (₹200 off, min ₹1,000), EXPIRED50 (expired)');

  const stop = async (signal: string) => {
    console.log(`[api] ${signal}: closing`);
    await app.close();
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
