/**
 * Search relevance figures (issue 36): runs the relevance table (test/support/relevance.ts) against a
 * fresh seeded database and prints the share of queries whose first five results are the expected
 * products, and the share that found nothing. SQLite by default; TEST_DATABASE_URL for PostgreSQL.
 *
 *   pnpm bench:relevance [--verbose]
 */
import type { ProductPage } from '@storefront/contract';
import { RELEVANCE, judge, makeApp, ok, post } from '@storefront/api/testing';

async function main(): Promise<void> {
  const t = await makeApp();
  try {
    let passed = 0;
    let empty = 0;
    for (const c of RELEVANCE) {
      const page = ok(await post<ProductPage>(t.app, '/search-products', { search: c.search }));
      const outcome = judge(c, page.products);
      if (outcome.passed) passed += 1;
      if (page.total === 0) empty += 1;
      if (process.argv.includes('--verbose') || !outcome.passed)
        console.log(
          `${outcome.passed ? 'ok  ' : 'MISS'} ${c.search.padEnd(20)} ${page.total} found${outcome.passed ? '' : `: ${outcome.why}`}`,
        );
    }
    const share = (n: number) => `${n}/${RELEVANCE.length} (${Math.round((n / RELEVANCE.length) * 100)} %)`;
    console.log(
      `${t.config.databaseUrl ? 'PostgreSQL' : 'SQLite'}: expected products in the top 5 for ${share(passed)}; nothing found for ${share(empty)}`,
    );
  } finally {
    await t.close();
  }
}

void main();
