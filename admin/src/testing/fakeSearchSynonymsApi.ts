import { ApiError, withCheckedAnswers } from '@storefront/shared';
import { SYNONYM_MESSAGES, type SearchSynonymsApi, type SearchSynonymWire } from '@storefront/shared/staff';
import { recordCalls } from './recordCalls';

export interface FakeSynonymsState {
  synonyms: SearchSynonymWire[];
  calls: { method: keyof SearchSynonymsApi; args: unknown[] }[];
  /** What the next add answers instead of adding: a 422 with these field errors, as the API refuses an entry. */
  refuseAdd: Record<string, string> | null;
}

export type FakeSearchSynonymsApi = SearchSynonymsApi & { state: FakeSynonymsState };

/** An in-memory synonyms API: two of the shop's defaults, adds and removes as the real one answers them. */
export function createFakeSearchSynonymsApi(init: Partial<FakeSynonymsState> = {}): FakeSearchSynonymsApi {
  const state: FakeSynonymsState = {
    synonyms: [
      { id: 1, kind: 'same', words: 'saree, sari' },
      { id: 2, kind: 'includes', words: 'red: maroon, wine, crimson' },
    ],
    calls: [],
    refuseAdd: null,
    ...init,
  };
  const api: SearchSynonymsApi = {
    async list() {
      return { success: true, data: { synonyms: state.synonyms.map((s) => ({ ...s })) } };
    },
    async add(kind, words) {
      const refused = state.refuseAdd;
      if (refused) throw new ApiError(422, Object.values(refused), refused);
      const synonym = { id: Math.max(0, ...state.synonyms.map((s) => s.id)) + 1, kind, words };
      state.synonyms = [...state.synonyms, synonym];
      return { success: true, message: 'Synonyms added', data: { synonym } };
    },
    async remove(id) {
      if (!state.synonyms.some((s) => s.id === id)) throw new ApiError(404, [SYNONYM_MESSAGES.notFound]);
      state.synonyms = state.synonyms.filter((s) => s.id !== id);
      return { success: true, message: 'Synonyms removed' };
    },
  };
  const recorded = recordCalls(api, state.calls);
  return Object.assign(withCheckedAnswers(recorded), { state });
}
