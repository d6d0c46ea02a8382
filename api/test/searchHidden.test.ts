import { findVariant, makeApp, ok, post, type TestApp } from './helpers';
import { staffToken } from './staffHelpers';

// A hidden product (issue 38) is gone from search: from its results and from the totals it shows (issue 36).
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeApp();
  ({ token: staff } = await staffToken(t, 'staff'));
});
afterAll(() => t.close());

type Page = { products: { slug: string }[]; total: number; last_page: number };
const search = async (text: string, page = 1) => ok(await post<Page>(t.app, '/search-products', { search: text, page }));
const hide = (id: number, hidden: boolean) => post(t.app, `/staff/products/${id}`, { hidden }, { token: staff });

/** The total a search shows, and every product its pages list. */
async function everything(text: string): Promise<{ total: number; slugs: string[] }> {
  const first = await search(text);
  const slugs = first.products.map((p) => p.slug);
  for (let page = 2; page <= first.last_page; page += 1) slugs.push(...(await search(text, page)).products.map((p) => p.slug));
  return { total: first.total, slugs };
}

describe('search and hidden products', () => {
  it('shows a total that is what its pages list, for whole words, parts of words and a misspelling', async () => {
    const v = await findVariant(t.db, { minStock: 1, skip: 11 });
    const { name, brand } = await t.db
      .selectFrom('products')
      .select(['name', 'brand'])
      .where('id', '=', v.productId)
      .executeTakeFirstOrThrow();
    const word = name
      .split(' ')
      .sort((a, b) => b.length - a.length)[0]!
      .toLowerCase();
    const queries = [name, brand, word.slice(1, -1), `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`];
    const found: string[] = [];
    for (const q of queries) if ((await everything(q)).slugs.includes(v.slug)) found.push(q);
    expect(found.length).toBeGreaterThanOrEqual(3);

    ok(await hide(v.productId, true));
    for (const q of found) {
      const { total, slugs } = await everything(q);
      expect({ q, hiddenListed: slugs.includes(v.slug), total }).toEqual({ q, hiddenListed: false, total: slugs.length });
    }
    ok(await hide(v.productId, false));
    for (const q of found) expect({ q, listed: (await everything(q)).slugs.includes(v.slug) }).toEqual({ q, listed: true });
  });
});
