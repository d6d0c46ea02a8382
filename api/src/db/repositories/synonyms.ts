import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { SYNONYM_MESSAGES, synonymEntryProblem, type SearchSynonymWire } from '@storefront/contract/search-synonyms';
import { synonymWords, type SynonymKind } from '../../lib/searchText';
import { CHANGE } from '../../lib/cache';
import { CatalogRepository } from './catalog';
import { writeSearchWords } from '../searchWords';

/** A row of the shop's synonyms table as the owner sees it. */
export type SynonymEntry = SearchSynonymWire;

/**
 * The shop's synonyms table (migration 010, docs/search.md), edited by the owner in the back office
 * (domain/searchSynonyms.ts) or with `synonyms` (src/cli/search.ts). Every edit is recorded as a catalogue change: each API process reads the
 * table again (and drops the searches it answered with the old one) at its next look at the change log.
 */
export class SynonymRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<SynonymEntry[]> {
    return this.db.selectFrom('search_synonyms').select(['id', 'kind', 'words']).orderBy('id').execute();
  }

  get(id: number): Promise<SynonymEntry | undefined> {
    return this.db.selectFrom('search_synonyms').select(['id', 'kind', 'words']).where('id', '=', id).executeTakeFirst();
  }

  /** Adds an entry; refuses one that is not at least two single words (`synonymCheck`). Returns its id. */
  async add(kind: SynonymKind, words: string): Promise<number> {
    const problem = synonymCheck(kind, words);
    if (problem) throw new SynonymEntryError(problem);
    const row = await this.db.insertInto('search_synonyms').values({ kind, words: words.trim() }).returning('id').executeTakeFirstOrThrow();
    await this.changed();
    return row.id;
  }

  /** Removes an entry; false when there is none with that id. */
  async remove(id: number): Promise<boolean> {
    const res = await this.db.deleteFrom('search_synonyms').where('id', '=', id).executeTakeFirst();
    await this.changed();
    return Number(res.numDeletedRows) > 0;
  }

  /** Writes every product's search words again (after the normalisation in lib/searchText.ts changed). */
  async reindex(): Promise<number> {
    const done = await writeSearchWords(this.db as unknown as Kysely<unknown>);
    await this.changed();
    return done;
  }

  private changed(): Promise<void> {
    return new CatalogRepository(this.db).recordChanges([{ product_id: null, kind: CHANGE.ALL }]);
  }
}

/** An entry the table refuses (`synonymCheck`'s message): the back office shows it under the words. */
export class SynonymEntryError extends Error {}

/**
 * What is wrong with a synonyms entry, or null: the contract's shape check (what the back office's form
 * checks too), then that each entry is one word as search normalises it ("t-shirt" is one, "sun glasses" two).
 */
export function synonymCheck(kind: SynonymKind, words: string): string | null {
  const problem = synonymEntryProblem(kind, words);
  if (problem) return problem;
  const entries = words
    .split(/[,:]/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (synonymWords({ kind, words }).length !== entries.length) return SYNONYM_MESSAGES.oneWordEach;
  return null;
}
