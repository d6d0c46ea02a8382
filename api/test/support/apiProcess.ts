/**
 * One API process over a database another made (test support): argv[2] is the PostgreSQL URL (or SQLite
 * file), already migrated and seeded. Development settings with the test suite's keys, wide limits and a
 * cheap scrypt; listens on a free loopback port and prints `{"port":…}` once it does. SIGTERM closes it.
 * The outage test starts two of these: what API_INSTANCES=2 runs.
 */
import { buildApp } from '../../src/app';
import { loadConfig, productionLimits } from '../../src/config';
import { openDatabase } from '../../src/db/database';

async function main(): Promise<void> {
  const target = process.argv[2] ?? '';
  const base = loadConfig({ NODE_ENV: 'development', API_KEY: 'test-api-key', STORE_TOKEN: 'test-store-token' });
  const config = {
    ...base,
    databaseUrl: target,
    scrypt: { N: 1024, r: 8, p: 1 },
    limits: productionLimits(1000),
    logger: false,
    payments: { ...base.payments, sweepSeconds: 0 },
  };
  const db = openDatabase(target, { pgPoolSize: 4 });
  const app = await buildApp({ config, db });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String((err as Error).stack ?? err)}\n`);
  process.exit(1);
});
