import type { Kysely } from 'kysely';
import { productSearchWords } from '../domain/search';

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
  search_terms: { term: string };
};
const typed = (db: Db) => db as unknown as Kysely<SearchTables>;

const TERM_BATCH = 500;

/** Adds words to the word list (those already there are left as they are). */
export async function addSearchTerms(db: Db, terms: Iterable<string>): Promise<void> {
  const all = [...new Set(terms)];
  for (let i = 0; i < all.length; i += TERM_BATCH) {
    await typed(db)
      .insertInto('search_terms')
      .values(all.slice(i, i + TERM_BATCH).map((term) => ({ term })))
      .onConflict((oc) => oc.column('term').doNothing())
      .execute();
  }
}

/** Writes every product's search words again, a batch at a time in id order, and the word list from them. */
export async function writeSearchWords(db: Db): Promise<number> {
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
    const terms = new Set<string>();
    for (const r of rows) {
      const found = productSearchWords(r);
      for (const t of found.terms) terms.add(t);
      await typed(db).updateTable('products').set({ search_words: found.search_words }).where('id', '=', r.id).execute();
    }
    await addSearchTerms(db, terms);
    done += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
