import type { Config } from './config';
import { migrate, openDatabase, type DB } from './db/database';
import { seed } from './db/seed';
import { growCatalogue } from './db/seed/large';
import { hashPassword } from './lib/crypto';
import { systemClock, type Clock } from './lib/clock';

/** Opens the database, brings the schema up to date and seeds it when empty. */
export async function prepareDatabase(config: Config, clock: Clock = systemClock): Promise<{ db: DB; migrated: string[]; seeded: boolean }> {
  const db = openDatabase(config.databaseUrl ?? config.dbFile);
  try {
    const migrated = await migrate(db);
    const seeded = await seed(db, { clock, hashPassword: (p) => hashPassword(p, config.scrypt) });
    if (config.seedProducts > 0) await growCatalogue(db, config.seedProducts);
    return { db, migrated, seeded };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}
