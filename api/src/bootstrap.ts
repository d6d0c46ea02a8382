import { configProblems, type Config } from './config';
import { migrate, openDatabase, type DB } from './db/database';
import { seed } from './db/seed';
import { growCatalogue } from './db/seed/large';
import { hashPassword } from './lib/crypto';
import { systemClock, type Clock } from './lib/clock';
import { DEMO_CUSTOMER } from './db/seed';

/**
 * What in the database makes it unsafe for real shoppers (production only): the demo account, whose
 * password is printed in the docs. One line per problem, as `configProblems` gives them.
 */
export async function databaseProblems(db: DB): Promise<string[]> {
  const demo = await db.selectFrom('customers').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirst();
  return demo
    ? [
        `the database holds the demo account ${DEMO_CUSTOMER.email} (its password is public): delete it, or start from a database created in production mode`,
      ]
    : [];
}

/** Everything that stops a production start: configuration first, then the database. Empty in development. */
export async function productionProblems(config: Config, db: DB): Promise<string[]> {
  if (config.dev) return [];
  return [...configProblems(config), ...(await databaseProblems(db))];
}

/** Opens the database, brings the schema up to date and seeds it when empty. */
export async function prepareDatabase(
  config: Config,
  clock: Clock = systemClock,
): Promise<{ db: DB; migrated: string[]; seeded: boolean }> {
  const db = openDatabase(config.databaseUrl ?? config.dbFile, { pgPoolSize: config.pgPoolSize });
  try {
    const migrated = await migrate(db);
    const seeded = await seed(db, { clock, hashPassword: (p) => hashPassword(p, config.scrypt), demo: config.dev });
    if (config.seedProducts > 0) await growCatalogue(db, config.seedProducts);
    return { db, migrated, seeded };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}
