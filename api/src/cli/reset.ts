// `pnpm --filter @storefront/api reset`: deletes the SQLite file (and its WAL files), then creates,
// migrates and seeds a fresh one. Stop the server first. Refused in production: it deletes every order.
import fs from 'node:fs';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.dev) {
    console.error(`[api] reset refused: NODE_ENV is not development, and reset deletes every order and customer in ${config.dbFile}`);
    console.error('[api] take a backup (pnpm --filter @storefront/api backup <file>) and remove the file by hand if you really mean it');
    process.exit(1);
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${config.dbFile}${suffix}`, { force: true });
  const { db, migrated } = await prepareDatabase(config);
  await db.destroy();
  console.log(`[api] reset ${config.dbFile}: migrated ${migrated.join(', ')} and seeded`);
}

main().catch((err: unknown) => {
  console.error('[api] reset failed:', err);
  process.exit(1);
});
