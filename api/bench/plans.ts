/**
 * Query plans of the catalogue calls (issue 16): runs each call of bench/scale.ts through the catalogue
 * repository, captures the SQL it sends, and prints the database's plan of each statement (SQLite
 * `explain query plan`; PostgreSQL `explain analyze`).
 *
 *   pnpm --filter @storefront/api exec tsx bench/plans.ts <DB_FILE or postgres:// URL> [--repeat 50] [--repo <catalog.ts>]
 *
 * --repo: another version's catalogue repository module (the same constructor and calls), to compare.
 *
 * With --repeat N, each call is then timed N times in process (no HTTP, page cache off; the repository's
 * own work: queries and shaping; totals counted once per filter, as in the API) and its median and p99 printed: a figure that compares sizes on a busy
 * machine better than a load run does.
 */
import path from 'node:path';
import { CompiledQuery, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { isPostgres, openDatabase } from '../src/db/database';
import { CatalogRepository, type ProductQuery } from '../src/db/repositories/catalog';
import { CatalogCache } from '../src/lib/cache';

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('usage: plans.ts <sqlite file or postgres url>');
  const db = openDatabase(target);
  const pg = isPostgres(db);
  let captured: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      captured.push(db.getExecutor().compileQuery(node as RootOperationNode, queryId));
      return node;
    },
    transformResult: async ({ result }): Promise<QueryResult<UnknownRow>> => result,
  };
  const repoPath = process.argv.includes('--repo') ? process.argv[process.argv.indexOf('--repo') + 1] : undefined;
  const Repo: typeof CatalogRepository = repoPath
    ? ((await import(repoPath)) as { CatalogRepository: typeof CatalogRepository }).CatalogRepository
    : CatalogRepository;
  const repo = new Repo(db.withPlugin(capture));
  const kurtas = await db.selectFrom('categories').select('id').where('slug', '=', 'kurtas').executeTakeFirstOrThrow();
  const filtered: Omit<ProductQuery, 'page'> = { subCategories: [kurtas.id], minPrice: 500_00, maxPrice: 2500_00, sortBy: 'price_asc' };
  const calls: [string, () => Promise<unknown>][] = [
    ['list, no filter, page 1', () => repo.listProducts({ page: 1, sortBy: 'newest' })],
    ['list, category + price + sort, page 1', () => repo.listProducts({ ...filtered, page: 1 })],
    ['same, page 50', () => repo.listProducts({ ...filtered, page: 50 })],
    ['search, common word (watch)', () => repo.listProducts({ page: 1, search: 'watch', sortBy: 'newest' })],
    ['search, rare word (paithani)', () => repo.listProducts({ page: 1, search: 'paithani', sortBy: 'newest' })],
    [
      'details by slug',
      async () =>
        repo.productBySlug(
          (await db.selectFrom('products').select('slug').orderBy('id').offset(500).limit(1).executeTakeFirstOrThrow()).slug,
        ),
    ],
  ];
  for (const [name, run] of calls) {
    captured = [];
    await run();
    console.log(`\n## ${name}`);
    for (const q of captured) {
      console.log(`\n${q.sql}\n  params: ${JSON.stringify(q.parameters).slice(0, 200)}`);
      const plan = await db.executeQuery(
        CompiledQuery.raw(`${pg ? 'explain (analyze, costs off, timing on)' : 'explain query plan'} ${q.sql}`, [...q.parameters]),
      );
      for (const row of plan.rows as Record<string, unknown>[])
        console.log(`  ${pg ? String(row['QUERY PLAN']) : `${String(row.id)}|${String(row.parent)}| ${String(row.detail)}`}`);
    }
  }
  const repeat = Number(process.argv[process.argv.indexOf('--repeat') + 1] ?? 0);
  if (process.argv.includes('--repeat') && repeat > 0) {
    // As the API runs with CATALOG_CACHE=0: pages from the database every time, totals counted once per
    // filter (the old repository has no such cache: --repo versions count on every call).
    let timed = new Repo(db, new CatalogCache({ maxEntries: 0, ttlMs: 60_000 }));
    if (repoPath) {
      // The pre-issue-16 repository takes its VersionedCache(maxEntries, ttlMs): a TTL below zero never hits.
      const old = (await import(path.join(path.dirname(repoPath), '..', '..', 'lib', 'cache'))) as {
        VersionedCache: new (max: number, ttl: number) => unknown;
      };
      timed = new Repo(db, new old.VersionedCache(0, -1) as CatalogCache);
    }
    const again: [string, () => Promise<unknown>][] = calls.map(([name]) => [name, () => Promise.resolve()]);
    const slug = (await db.selectFrom('products').select('slug').orderBy('id').offset(500).limit(1).executeTakeFirstOrThrow()).slug;
    again[0] = [again[0]?.[0] ?? '', () => timed.listProducts({ page: 1, sortBy: 'newest' })];
    again[1] = [again[1]?.[0] ?? '', () => timed.listProducts({ ...filtered, page: 1 })];
    again[2] = [again[2]?.[0] ?? '', () => timed.listProducts({ ...filtered, page: 50 })];
    again[3] = [again[3]?.[0] ?? '', () => timed.listProducts({ page: 1, search: 'watch', sortBy: 'newest' })];
    again[4] = [again[4]?.[0] ?? '', () => timed.listProducts({ page: 1, search: 'paithani', sortBy: 'newest' })];
    again[5] = [again[5]?.[0] ?? '', () => timed.productBySlug(slug)];
    console.log(`\n## in-process time per call (${repeat} runs, ms)`);
    for (const [name, run] of again) {
      const ms: number[] = [];
      for (let i = 0; i < repeat; i += 1) {
        const t0 = performance.now();
        await run();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      const at = (p: number) => (ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)] ?? 0).toFixed(2);
      console.log(`${name}: median ${at(0.5)}  p99 ${at(0.99)}`);
    }
  }
  await db.destroy();
}

main().catch((err: unknown) => {
  console.error('[plans] failed:', err);
  process.exit(1);
});
