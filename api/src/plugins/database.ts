import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createRepositories, type Repositories } from '../db/repositories';
import type { Clock } from '../lib/clock';
import { CatalogCache } from '../lib/cache';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    repos: Repositories;
    clock: Clock;
    /** Runs `work` in one database transaction with repositories bound to it. */
    tx<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  }
}

export interface DatabaseOptions {
  config: Config;
  /** Migrated and seeded; the caller owns it and closes it. */
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * The configuration, the clock, the database and the repositories over it (`app.repos`, `app.tx`).
 * Catalogue reads are most of the traffic (issue 3: product list p99 ≤ 25 ms at 500 req/s): served from
 * memory until a write touches them, here or in another API process (the change log, lib/cache.ts).
 */
export const databasePlugin = fp(
  async (app, { config, db, clock }: DatabaseOptions) => {
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('clock', clock);
    const catalogCache = new CatalogCache({
      maxEntries: config.catalogCache.entries,
      ttlMs: config.catalogCache.ttlMs,
      pollMs: config.catalogCache.pollMs,
    });
    const repos = createRepositories(db, clock, catalogCache);
    catalogCache.readFrom((afterId, limit) => repos.catalog.changesSince(afterId, limit));
    app.decorate('repos', repos);
    app.decorate('tx', <T>(work: (repos: Repositories) => Promise<T>) =>
      db.transaction().execute((trx) => work(createRepositories(trx, clock, catalogCache))),
    );
  },
  { name: 'database' },
);
