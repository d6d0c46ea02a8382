/**
 * The owner's search synonyms calls (issue 36, `/staff/search-synonyms`), over the back office's staff
 * client. Exported from `@storefront/shared/staff`: only the admin remote loads it.
 */
import type { ApiEnvelope } from '@storefront/contract/wire';
import type { SearchSynonymWire, SynonymKindWire } from '@storefront/contract/search-synonyms';
import type { ApiClient } from './client';
import type { Call, CallOptions } from './Api';
import { withCheckedAnswers } from './checked';

export type { SearchSynonymWire, SynonymKindWire } from '@storefront/contract/search-synonyms';
export { SYNONYM_KINDS, SYNONYM_MESSAGES, SYNONYM_WORDS_MAX, synonymEntryProblem } from '@storefront/contract/search-synonyms';

export interface SearchSynonymsApi {
  /** Every entry, ordered by id. */
  list(o?: CallOptions): Call<ApiEnvelope<{ synonyms: SearchSynonymWire[] }>>;
  /** A refused entry rejects with field errors under `words` (or `kind`): the contract's SYNONYM_MESSAGES. */
  add(kind: SynonymKindWire, words: string, o?: CallOptions): Call<ApiEnvelope<{ synonym: SearchSynonymWire }>>;
  remove(id: number, o?: CallOptions): Call<ApiEnvelope>;
}

export function createSearchSynonymsApi(c: ApiClient): SearchSynonymsApi {
  return withCheckedAnswers<SearchSynonymsApi>({
    list: (o) => c.get('/staff/search-synonyms', o),
    add: (kind, words, o) => c.post('/staff/search-synonyms', { kind, words }, o),
    remove: (id, o) => c.post(`/staff/search-synonyms/${id}/remove`, {}, o),
  });
}
