// `pnpm --filter @storefront/api seed-products <count>`: grows the configured database (DB_FILE or
// DATABASE_URL; migrated and seeded first if needed) to <count> products, for scale tests. The same as
// starting the API with SEED_PRODUCTS=<count>.
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';
import { growCatalogue } from '../db/seed/large';

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? process.env.SEED_PRODUCTS);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: seed-products <count of products>');
  const config = { ...loadConfig(), seedProducts: 0 };
  const { db } = await prepareDatabase(config);
  const started = Date.now();
  const added = await growCatalogue(db, count);
  await db.destroy();
  console.log(`[api] added ${added} products (catalogue now ${count}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error('[api] seed-products failed:', err);
  process.exit(1);
});
