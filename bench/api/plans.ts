// Query plans of the catalogue calls (issue 16): runs each call of the scale bench through the catalogue
// repository, captures the SQL it sends, and prints the database's plan of each statement (SQLite
// `explain query plan`; PostgreSQL `explain analyze`).
//   pnpm bench:plans <DB_FILE or postgres:// URL> [--repeat 50] [--repo <catalog.ts>]
// --repo: another version's catalogue repository module (the same constructor and calls), to compare.
// --repeat N: each call then timed N times in process (no HTTP, page cache off, totals counted once per
// filter as in the API), median and p99: a figure that compares sizes on a busy machine better than a load run.
import path from 'node:path';
import { CompiledQuery, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { CatalogCache, CatalogRepository, isPostgres, openDatabase, type ProductQuery } from '@storefront/api/bench';
import { cliArgs, databaseArg, fromInvocation, numberArg } from '../lib/args.mjs';
import { percentile } from '../lib/stats.mjs';

type Db = ReturnType<typeof openDatabase>;
type Call = [name: string, run: () => Promise<unknown>];

/** The calls of the scale bench, through `repo`. */
async function catalogueCalls(db: Db, repo: CatalogRepository): Promise<Call[]> {
  const kurtas = await db.selectFrom('categories').select('id').where('slug', '=', 'kurtas').executeTakeFirstOrThrow();
  const filtered: Omit<ProductQuery, 'page'> = { subCategories: [kurtas.id], minPrice: 500_00, maxPrice: 2500_00, sortBy: 'price_asc' };
  const slug = (await db.selectFrom('products').select('slug').orderBy('id').offset(500).limit(1).executeTakeFirstOrThrow()).slug;
  return [
    ['list, no filter, page 1', () => repo.listProducts({ page: 1, sortBy: 'newest' })],
    ['list, category + price + sort, page 1', () => repo.listProducts({ ...filtered, page: 1 })],
    ['same, page 50', () => repo.listProducts({ ...filtered, page: 50 })],
    ['search, common word (watch)', () => repo.listProducts({ page: 1, search: 'watch', sortBy: 'newest' })],
    ['search, rare word (paithani)', () => repo.listProducts({ page: 1, search: 'paithani', sortBy: 'newest' })],
    ['details by slug', () => repo.productBySlug(slug)],
  ];
}

/** A Kysely plugin that keeps every statement the repository sends (cleared by the caller between calls). */
function capturing(db: Db, captured: CompiledQuery[]): KyselyPlugin {
  return {
    transformQuery: ({ node, queryId }) => {
      captured.push(db.getExecutor().compileQuery(node as RootOperationNode, queryId));
      return node;
    },
    transformResult: async ({ result }): Promise<QueryResult<UnknownRow>> => result,
  };
}

/** Each call's statements with the database's plan of each. */
async function printPlans(db: Db, calls: Call[], captured: CompiledQuery[]): Promise<void> {
  const pg = isPostgres(db);
  for (const [name, run] of calls) {
    captured.length = 0;
    await run();
    console.log(`\n## ${name}`);
    for (const q of captured) {
      console.log(`\n${q.sql}\n  params: ${JSON.stringify(q.parameters).slice(0, 200)}`);
      const explain = pg ? 'explain (analyze, costs off, timing on)' : 'explain query plan';
      const plan = await db.executeQuery(CompiledQuery.raw(`${explain} ${q.sql}`, [...q.parameters]));
      for (const row of plan.rows as Record<string, unknown>[])
        console.log(`  ${pg ? String(row['QUERY PLAN']) : `${String(row.id)}|${String(row.parent)}| ${String(row.detail)}`}`);
    }
  }
}

/**
 * The repository timed as the API runs with CATALOG_CACHE=0: pages from the database every time, totals
 * counted once per filter. A --repo version from before issue 16 takes its VersionedCache(maxEntries,
 * ttlMs) instead, whose TTL below zero never hits (it counts on every call).
 */
async function timedRepository(db: Db, Repo: typeof CatalogRepository, repoPath: string | undefined): Promise<CatalogRepository> {
  if (!repoPath) return new Repo(db, new CatalogCache({ maxEntries: 0, ttlMs: 60_000 }));
  const old = (await import(path.join(path.dirname(repoPath), '..', '..', 'lib', 'cache'))) as {
    VersionedCache: new (max: number, ttl: number) => unknown;
  };
  return new Repo(db, new old.VersionedCache(0, -1) as CatalogCache);
}

async function timeCalls(calls: Call[], repeat: number): Promise<void> {
  console.log(`\n## in-process time per call (${repeat} runs, ms)`);
  for (const [name, run] of calls) {
    const ms: number[] = [];
    for (let i = 0; i < repeat; i += 1) {
      const t0 = performance.now();
      await run();
      ms.push(performance.now() - t0);
    }
    console.log(`${name}: median ${percentile(ms, 50).toFixed(2)}  p99 ${percentile(ms, 99).toFixed(2)}`);
  }
}

async function main(): Promise<void> {
  const args = cliArgs();
  const target = databaseArg();
  if (!target) throw new Error('usage: plans.ts <sqlite file or postgres url>');
  const db = openDatabase(target);
  const repoPath = args.repo ? fromInvocation(args.repo) : undefined;
  const Repo: typeof CatalogRepository = repoPath
    ? ((await import(repoPath)) as { CatalogRepository: typeof CatalogRepository }).CatalogRepository
    : CatalogRepository;
  const captured: CompiledQuery[] = [];
  await printPlans(db, await catalogueCalls(db, new Repo(db.withPlugin(capturing(db, captured)))), captured);
  const repeat = numberArg(args, 'repeat', 0);
  if (repeat > 0) await timeCalls(await catalogueCalls(db, await timedRepository(db, Repo, repoPath)), repeat);
  await db.destroy();
}

main().catch((err: unknown) => {
  console.error('[plans] failed:', err);
  process.exit(1);
});
