import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '@storefront/contract';
import type { Database } from '../../schema';
import type { CatalogCache } from '../../../lib/cache';
import {
  MAX_SEARCH_WORDS,
  buildSynonyms,
  correctable,
  correctedText,
  oneEditAway,
  planSearch,
  replaceWords,
  type SearchGroup,
  type SearchPlan,
  type Synonyms,
} from '../../../lib/searchText';
import { PER_PAGE } from './products';
import { NOTHING, type Match, type PageRows, type Search } from './searchIndex';

/**
 * What a search is answered with (issue 36), in order: all its words; all its words with misspelt ones
 * corrected (only when the typed words find nothing); any of its words, ranked (partial); parts of words.
 * `count` is bounded: at most LIST_TOTAL_CAP + 1.
 */
export type Resolved =
  | { kind: 'words'; match: Match; count: number; corrected?: string }
  | { kind: 'parts'; words: string[]; count: number }
  | { kind: 'none'; count: 0 };

/**
 * A search worked out: how it is answered; when this call worked it out and the same read told them, the
 * page of ids from the offset asked for, and (PostgreSQL, with `PageRows`) that page's rows.
 */
export interface Loaded {
  found: Resolved;
  ids: number[] | null;
  rows?: Record<string, unknown>[];
  /** Kept from an earlier call: the page is to be read (`ids` null). */
  kept?: true;
}

/** Works out how a search is answered (Resolved), through the database's own index (`search`). */
export class SearchAnswers {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: CatalogCache,
    readonly search: Search,
  ) {}

  /** The shop's synonyms (migration 010), read again after a catalogue change (`search synonyms` records one). */
  private synonyms(): Promise<Synonyms> {
    return this.cache.lasting('search:synonyms', async () =>
      buildSynonyms(await this.db.selectFrom('search_synonyms').select(['kind', 'words']).orderBy('id').execute()),
    );
  }

  /**
   * How a search is answered (`Resolved`), kept per search text like a list total; with it, when this call
   * worked it out and the same read told it, the page of ids from `offset` (a kept answer has none: the
   * page is read afresh, in stock first as the stock is now).
   */
  async resolve(text: string, offset: number, pageRows?: PageRows): Promise<Loaded> {
    let loaded: Loaded | null = null;
    const found = await this.cache.lasting(`search:${text}`, async () => {
      loaded = await this.loadResolved(text, offset, pageRows);
      return loaded.found;
    });
    return loaded ?? { found, ids: null, kept: true };
  }

  private async loadResolved(text: string, offset: number, pageRows?: PageRows): Promise<Loaded> {
    const none = { found: { kind: 'none', count: 0 } as const, ids: null };
    const synonyms = await this.synonyms();
    const plan = planSearch(text, synonyms);
    if (plan.groups.length === 0) return none;
    const cap = LIST_TOTAL_CAP + 1;
    const counts = await this.wordCounts(plan.groups.flatMap((g) => g.alternatives));
    const held = (g: SearchGroup) => g.alternatives.reduce((sum, a) => sum + (counts.get(a) ?? 0), 0);
    // The rarest word first: an index intersects several words fastest from the shortest list.
    const every = (p: SearchPlan): Match => ({
      groups: [...p.groups].sort((a, b) => held(a) - held(b)).map((g) => g.alternatives),
      all: true,
      field: 'any',
    });
    // The stages, each tried only when those before it found nothing (one round trip for them all on
    // PostgreSQL): every word as typed, unless a word is in no product; spelling tolerance (misspelt words
    // are those no product holds, so it never corrects a search whose words were all found); any word.
    const stages: { match: Match; corrected?: string }[] = [];
    if (!plan.groups.some((g) => held(g) === 0)) stages.push({ match: every(plan) });
    const fixes = await this.corrections(plan, synonyms, counts);
    const fixed = fixes.size ? replaceWords(plan, fixes, synonyms) : plan;
    // The corrected words' counts too: a misspelt word counted as held by none was put first, as the rarest.
    if (fixes.size) for (const [w, n] of await this.wordCounts(fixed.groups.flatMap((g) => g.alternatives))) counts.set(w, n);
    const corrected = fixes.size ? { corrected: correctedText(text, fixes) } : {};
    if (fixes.size) stages.push({ match: every(fixed), ...corrected });
    if (fixed.groups.length > 1) stages.push({ match: { ...every(fixed), all: false }, ...corrected });
    const first = await this.search.firstFound(
      stages.map((s) => s.match),
      cap,
      PER_PAGE,
      offset,
      pageRows,
    );
    const stage = first ? stages[first.stage] : undefined;
    if (first && stage) return { found: { kind: 'words', ...stage, count: first.count }, ids: first.ids, rows: first.rows };
    // Parts of words ("atch"): the words as typed, lower case.
    const parts = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    const count = parts.length ? await this.search.partsCount(parts, cap) : 0;
    return count > 0 ? { found: { kind: 'parts', words: parts, count }, ids: null } : none;
  }

  /**
   * Misspelt words (4+ letters, not in the catalogue's word list, no synonym of theirs in it) → the first
   * word one edit away that the list or the synonyms hold.
   */
  private async corrections(plan: SearchPlan, synonyms: Synonyms, known: ReadonlyMap<string, number>): Promise<Map<string, string>> {
    const fixes = new Map<string, string>();
    const groups = plan.groups.filter((g) => correctable(g.word));
    if (groups.length === 0) return fixes;
    const misspelt = groups.filter((g) => !g.alternatives.some((a) => known.has(a)));
    if (misspelt.length === 0) return fixes;
    const candidates = new Map(misspelt.map((g) => [g.word, oneEditAway(g.word)]));
    const found = await this.wordCounts([...new Set([...candidates.values()].flat())]);
    for (const [word, list] of candidates) {
      const best = list.find((c) => found.has(c) || synonyms.has(c));
      if (best !== undefined) fixes.set(word, best);
    }
    return fixes;
  }

  /**
   * The catalogue's word list (`search_terms`: word → how many products hold it), kept like the synonyms
   * until the catalogue changes: a few thousand words even for a large shop, looked up many times a search.
   */
  private vocabulary(): Promise<ReadonlyMap<string, number>> {
    return this.cache.lasting('search:words', async () => {
      const rows = await this.db.selectFrom('search_terms').select(['term', 'products']).where('products', '>', 0).execute();
      return new Map(rows.map((r) => [r.term, r.products]));
    });
  }

  /** How many products hold each of these words (words no product holds are absent). */
  private async wordCounts(list: string[]): Promise<Map<string, number>> {
    const all = await this.vocabulary();
    return new Map(list.flatMap((w) => (all.has(w) ? [[w, all.get(w) ?? 0] as const] : [])));
  }

  matching(found: Resolved): RawBuilder<number> {
    if (found.kind === 'words') return this.search.matching(found.match);
    if (found.kind === 'parts') return this.search.partsMatching(found.words);
    return sql<number>`(select 0 where ${NOTHING})`;
  }
}
