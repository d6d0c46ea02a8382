import type { Kysely } from 'kysely';
import { productSearchWords } from '../lib/searchText';
import { PAIR_WORD_LIMIT } from './migrations/031_search_word_pairs';

/**
 * Writing the search index's input (issue 36): `products.search_words` (the triggers of migration 010 index
 * it) and the catalogue's word list `search_terms` (what spelling tolerance corrects to). Whoever writes
 * products (the seed, the grower, `search reindex`) calls these; both are plain tables on both databases.
 * Kysely<unknown>: migration 010 calls them too.
 */
type Db = Kysely<unknown>;
type SearchTables = {
  products: { id: number; name: string; brand: string; description: string; category_id: number; search_words: string };
  categories: { id: number; name: string };
  search_terms: { term: string; products: number };
};
const typed = (db: Db) => db as unknown as Kysely<SearchTables>;

const TERM_BATCH = 500;

/** Adds products' words to the word list: word → how many more products hold it. */
export async function addSearchTerms(db: Db, counts: ReadonlyMap<string, number>): Promise<void> {
  const all = [...counts];
  for (let i = 0; i < all.length; i += TERM_BATCH) {
    await typed(db)
      .insertInto('search_terms')
      .values(all.slice(i, i + TERM_BATCH).map(([term, products]) => ({ term, products })))
      .onConflict((oc) =>
        oc.column('term').doUpdateSet((eb) => ({ products: eb('search_terms.products', '+', eb.ref('excluded.products')) })),
      )
      .execute();
  }
}

/** Counts each word once per product. */
export function countTerms(into: Map<string, number>, terms: readonly string[]): void {
  for (const t of terms) into.set(t, (into.get(t) ?? 0) + 1);
}

/** Writes every product's search words again, a batch at a time in id order, and the word list from them. */
export async function writeSearchWords(db: Db): Promise<number> {
  await typed(db).deleteFrom('search_terms').execute();
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = await typed(db)
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.name', 'p.brand', 'p.description', 'c.name as category'])
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(1000)
      .execute();
    if (rows.length === 0) return done;
    const terms = new Map<string, number>();
    for (const r of rows) {
      const found = productSearchWords(r);
      countTerms(terms, found.terms);
      await typed(db).updateTable('products').set({ search_words: found.search_words }).where('id', '=', r.id).execute();
    }
    await addSearchTerms(db, terms);
    done += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/**
 * Every pair of a product's plain words (`search_words` less its tagged `0…` words), `0p` word `0` word,
 * the two in code-unit order, as PostgreSQL's `search_word_pairs` (migration 031) makes them from the
 * same words. SQLite calls it from its triggers (migration 033): each connection registers it
 * (`openDatabase`), as SQLite's SQL cannot split a text into words inside a trigger.
 */
export function searchWordPairs(searchWords: string | null): string {
  if (!searchWords) return '';
  const plain = [
    ...new Set(searchWords.split(' ').filter((w) => w !== '' && !w.startsWith('0') && [...w].length <= PAIR_WORD_LIMIT)),
  ].sort();
  const pairs: string[] = [];
  for (let i = 0; i < plain.length; i += 1) for (let j = i + 1; j < plain.length; j += 1) pairs.push(`0p${plain[i]}0${plain[j]}`);
  return pairs.join(' ');
}
