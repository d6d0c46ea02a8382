import type { ProductPage } from '@storefront/contract';
import { makeApp, ok, post, type TestApp } from './helpers';
import { RELEVANCE, judge } from './support/relevance';

// Issue 36: what shoppers type finds what they mean, first. The table is in support/relevance.ts.
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('search relevance', () => {
  it('has at least 40 queries', () => {
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(RELEVANCE.map((c) => [c.search, c] as const))('%s', async (_search, c) => {
    const page = ok(await post<ProductPage>(t.app, '/search-products', { search: c.search }));
    const outcome = judge(c, page.products);
    expect(outcome.why).toBe(outcome.passed ? outcome.why : 'the expected products first');
    expect(outcome.passed).toBe(true);
  });
});
