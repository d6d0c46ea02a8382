/**
 * Search answers of two versions of the catalogue repository, compared (issue 36, speed at scale): the
 * same searches, pages and filters through this tree's repository and another's (`--repo`, e.g. main's),
 * on one grown database. Prints each difference (ids, totals, "showing results for") and how many calls
 * matched; also each version's time per call in process, a figure next to the scale bench's.
 *
 *   pnpm bench:search-same <DB_FILE or postgres:// URL> --repo <path to repositories/catalog/index.ts>
 *     [--count 300] (distinct searches of each kind) [--pages 1,2,9,90]
 */
import path from 'node:path';
import { CatalogCache, CatalogRepository, openDatabase, type ProductQuery } from '@storefront/api/bench';
import { cliArgs, databaseArg, fromInvocation, listArg, numberArg } from '../lib/args.mjs';
import { benchSearches } from './searchTexts';

const args = cliArgs();

async function main(): Promise<void> {
  const target = databaseArg();
  const repoPath = args.repo ? fromInvocation(args.repo) : undefined;
  if (!target || !repoPath) throw new Error('usage: searchSame.ts <sqlite file or postgres url> --repo <repositories/catalog/index.ts>');
  const Other = ((await import(repoPath)) as { CatalogRepository: typeof CatalogRepository }).CatalogRepository;
  const db = openDatabase(target);
  const fresh = () => new CatalogCache({ maxEntries: 0, maxCounts: 0, ttlMs: 0 });
  const mine = new CatalogRepository(db, fresh());
  // The other tree's own database module: its repository tells the databases apart by its own Kysely's classes.
  // The `db` folder the repository is under (repositories/catalog.ts then, repositories/catalog/index.ts now).
  const dbDir = repoPath.slice(0, repoPath.lastIndexOf(`${path.sep}db${path.sep}`) + 3);
  const other = (await import(path.join(dbDir, 'database'))) as { openDatabase: typeof openDatabase };
  const otherDb = other.openDatabase(target);
  const theirs = new Other(otherDb, fresh());
  const count = numberArg(args, 'count', 300);
  const pages = listArg(args, 'pages', '1,2,9,90').map(Number);
  const kurtas = await db.selectFrom('categories').select('id').where('slug', '=', 'kurtas').executeTakeFirstOrThrow();
  const texts = [
    'watch',
    'paithani',
    'red saree',
    'leather wallet',
    'mens shoes',
    'wallte',
    'atch',
    'formal saree',
    'sunglasses for men',
    ...benchSearches(count),
  ];
  const queries: ProductQuery[] = texts.flatMap((search, i) => [
    ...pages.map((page) => ({ search, page })),
    ...(i % 10 === 0 ? [{ search, page: 1, subCategories: [kurtas.id], sortBy: 'price_asc' as const }] : []),
  ]);
  let same = 0;
  const ms = { mine: 0, theirs: 0 };
  for (const q of queries) {
    let t0 = performance.now();
    const a = await mine.listProducts(q);
    ms.mine += performance.now() - t0;
    t0 = performance.now();
    const b = await theirs.listProducts(q);
    ms.theirs += performance.now() - t0;
    const view = (p: typeof a) =>
      JSON.stringify({ ids: p.products.map((x) => x.id), total: p.total, capped: p.total_capped, fix: p.showing_results_for });
    if (view(a) === view(b)) same += 1;
    else console.log(`differs: ${JSON.stringify(q)}\n  this tree: ${view(a)}\n  --repo:    ${view(b)}`);
  }
  const per = (t: number) => (t / queries.length).toFixed(2);
  console.log(`${same} / ${queries.length} calls the same; ms per call in process: this tree ${per(ms.mine)}, --repo ${per(ms.theirs)}`);
  await db.destroy();
  await otherDb.destroy();
  if (same !== queries.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error('[searchSame] failed:', err);
  process.exit(1);
});
