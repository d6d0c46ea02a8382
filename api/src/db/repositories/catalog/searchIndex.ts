import { sql, type Expression, type RawBuilder } from 'kysely';
import type { SearchField } from '../../../lib/searchText';
import { PAIR_WORD_LIMIT } from '../../migrations/031_search_word_pairs';

/** Escapes LIKE wildcards; used with `escape '\'`, which SQLite and PostgreSQL both understand. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Which fields the words of a search are found in: name and category (the heaviest), those or the
 * brand, or anywhere (description, colour, material too): FIELD_TAGS.
 */
export type Field = SearchField;

/**
 * A search as index queries: every word (`all`) or any word (the partial fallback) found in `field`, each
 * word as any of its alternatives (synonyms), and, with `except`, not so found in that narrower field.
 */
export interface Match {
  groups: readonly (readonly string[])[];
  all: boolean;
  field: Field;
  except?: Field;
}

/**
 * Relevance, best first: the words in the name or category; else there or in the brand; else anywhere.
 * Each tier lists what is in stock before what is sold out, newest (highest id) first: every tier is a
 * range of an index read in id order, so a page costs the same for a common word as for a rare one.
 */
export const TIERS: Pick<Match, 'field' | 'except'>[] = [
  { field: 'name' },
  { field: 'nameBrand', except: 'name' },
  { field: 'any', except: 'nameBrand' },
];

/** The first stage of a search that found anything (`Search.firstFound`). */
export interface FirstFound {
  /** Its index in the stages given. */
  stage: number;
  /** How many products it matches, counted at most to the cap. */
  count: number;
  /** When the same read told it exactly, the page of ids in relevance order (TIERS), else null. */
  ids: number[] | null;
  /** With `PageRows`, where the database read them in the same statement: the page's rows. */
  rows?: Record<string, unknown>[];
}

/**
 * The rows of a page of ids (`ids`: an integer array in SQL), as a subquery the search can join: on
 * PostgreSQL the page then comes in the search's own round trip (one statement instead of two).
 */
export type PageRows = (ids: RawBuilder<number[]>) => Expression<unknown>;

export interface Search {
  /**
   * The stages of a search in turn (every word, the corrected words, any of them: `SearchAnswers`), the
   * first that finds anything answering with its bounded count and, when the read tells it, the page of
   * `limit` ids from `offset`; null when none finds anything. `known`: the total of a search already
   * counted (one stage, read again for another page): not counted again.
   */
  firstFound(
    stages: readonly Match[],
    cap: number,
    limit: number,
    offset: number,
    pageRows?: PageRows,
    known?: number,
  ): Promise<FirstFound | null>;
  /** One page of the matching ids in relevance order (TIERS). */
  ranked(m: Match, limit: number, offset: number): Promise<number[]>;
  /** A subquery of the matching ids, to combine with the other filters (`p.id in …`). */
  matching(m: Match): RawBuilder<number>;
  /** Parts of words (migration 004's trigram indexes): the last fallback, ranked while there are few. */
  partsCount(words: string[], cap: number): Promise<number>;
  partsPage(words: string[], ranked: boolean, limit: number, offset: number): Promise<number[]>;
  partsMatching(words: string[]): RawBuilder<number>;
}

/** One tier's in-stock or sold-out half: a page of it (newest first), and its size counted up to `cap`. */
export interface TierHalf {
  page(m: Match, inStock: boolean, limit: number, offset: number): Promise<number[]>;
  count(m: Match, inStock: boolean, cap: number): Promise<number>;
}

/** A page in TIERS order: each tier's in-stock half, then its sold-out half; a half before the page is skipped by its count (at most the offset). */
export async function tieredPage(
  half: TierHalf,
  match: Match,
  tiers: readonly Pick<Match, 'field' | 'except'>[],
  limit: number,
  offset: number,
) {
  const ids: number[] = [];
  let skip = offset;
  for (const tier of tiers) {
    for (const inStock of [true, false]) {
      if (ids.length >= limit) return { ids, skip };
      const part = { ...match, ...tier };
      const found = await half.page(part, inStock, limit - ids.length, skip);
      if (found.length) {
        ids.push(...found);
        skip = 0;
      } else if (skip > 0) skip -= await half.count(part, inStock, skip);
    }
  }
  return { ids, skip };
}

export const NOTHING = sql`0 = 1`;

/**
 * A search of every word as pairs of words (the pairs indexes: migrations 031, 033): for each group after
 * the first (rarest), the pair tokens of any of the first group's alternatives with any of its own, either
 * order. A product holding a token of every group holds every word. Null when pairs cannot say it: one
 * group, any word, a narrower field, a word the pairs leave out (starting with `0`, over PAIR_WORD_LIMIT
 * letters), or a word in two groups (no pair of a word with itself).
 */
export function pairTokens(m: Match): string[][] | null {
  const [first, ...rest] = m.groups;
  if (!m.all || m.field !== 'any' || m.except || first === undefined || rest.length === 0) return null;
  const all = [first, ...rest].flat();
  if (all.some((w) => w === '' || w.startsWith('0') || [...w].length > PAIR_WORD_LIMIT)) return null;
  if (rest.some((alts) => alts.some((w) => first.includes(w)))) return null;
  return rest.map((alts) => first.flatMap((a) => alts.flatMap((b) => [`0p${a}0${b}`, `0p${b}0${a}`])));
}
