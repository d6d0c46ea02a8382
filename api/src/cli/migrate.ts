// `pnpm --filter @storefront/api migrate`: what every API process does before it listens, done once, so that
// `npm run start:prod` can then start several processes at the same moment: the settings checked with the
// production rules (one line per problem, exit 1), pending migrations run, an empty database seeded, the
// database checked (no demo account in production), the catalogue pictures drawn.
import { configProblems, loadConfig } from '../config';
import { prepareDatabase, productionProblems } from '../bootstrap';
import { CATEGORIES } from '../db/seed/catalogue';
import { prepareCataloguePictures } from '../images/pool';

async function main(): Promise<void> {
  const config = loadConfig();
  const refuse = (problems: string[]): never => {
    for (const p of problems) console.error(`[api] refusing to start in production: ${p}`);
    process.exit(1);
  };
  // Settings first: a mistake must not touch, let alone seed, a production database.
  const early = configProblems(config);
  if (early.length) refuse(early);
  const { db, migrated, seeded } = await prepareDatabase(config);
  try {
    const problems = await productionProblems(config, db);
    if (problems.length) refuse(problems);
  } finally {
    await db.destroy();
  }
  const pictures = await prepareCataloguePictures(
    config.photoPoolDir,
    CATEGORIES.map((c) => c.slug),
  );
  const where = config.databaseUrl
    ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`
    : config.dbFile;
  const changes = [migrated.length ? `migrated: ${migrated.join(', ')}` : 'schema up to date', seeded ? 'seeded' : ''].filter(Boolean);
  console.log(`[api] database ${where}: ${changes.join(', ')}; settings checked (${config.mode}); ${pictures.total} catalogue pictures`);
}

main().catch((err: unknown) => {
  console.error('[api] migrate failed:', err);
  process.exit(1);
});
