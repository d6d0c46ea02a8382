import * as yup from 'yup';
import { SYNONYM_KINDS, SYNONYM_MESSAGES as M, synonymEntryProblem, type SynonymKindWire } from '@storefront/contract/search-synonyms';

/**
 * The owner's synonyms form (issue 36): the contract's own check of an entry, so the form and the API
 * refuse the same entries with the same words.
 */
export const searchSynonymSchema = yup.object({
  kind: yup.string().required(M.kind).oneOf(SYNONYM_KINDS, M.kind),
  words: yup.string().test('entry', function check(words) {
    const kind = (this.parent as { kind?: string }).kind;
    // A wrong kind is said under the kind; the words are checked against the kinds there are.
    if (!SYNONYM_KINDS.includes(kind as SynonymKindWire)) return true;
    const problem = synonymEntryProblem(kind as SynonymKindWire, words ?? '');
    return problem === null || this.createError({ message: problem });
  }),
});
