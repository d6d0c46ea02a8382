/**
 * The shop's search synonyms as the back office edits them (issue 36, docs/search.md "The synonyms
 * table"): `/api/staff/search-synonyms`, owner only, each change recorded with who made it. The
 * `synonyms` command of the API changes the same table through the same repository.
 */

/** `same`: the words mean one thing (saree, sari). `includes`: the first word also finds the others (red: maroon, wine). */
export const SYNONYM_KINDS = ['same', 'includes'] as const;
export type SynonymKindWire = (typeof SYNONYM_KINDS)[number];

export interface SearchSynonymWire {
  id: number;
  kind: SynonymKindWire;
  /** As the owner wrote it: "saree, sari" or "red: maroon, wine". */
  words: string;
}

/** The most characters an entry's words may have (a family of a dozen colour names fits). */
export const SYNONYM_WORDS_MAX = 300;

/** The messages a form and the API give for an entry (the API answers them as field errors). */
export const SYNONYM_MESSAGES = {
  kind: 'Choose "same" or "includes"',
  wordsRequired: 'Words are required',
  wordsTooLong: `Cannot exceed ${SYNONYM_WORDS_MAX} characters`,
  twoWords: 'Write at least two words, separated by commas',
  oneWordEach: 'Each entry must be one word ("sunglasses, specs", not "sun glasses, specs")',
  includesShape: 'Write the word first, then a colon and what it also finds ("red: maroon, wine")',
  notFound: 'No such synonyms entry',
} as const;

/**
 * What is wrong with an entry as written, or null: the shape a form can check before sending. The API
 * checks it again, and also that each entry is one word once normalised as search reads it.
 */
export function synonymEntryProblem(kind: SynonymKindWire, words: string): string | null {
  const text = words.trim();
  if (text === '') return SYNONYM_MESSAGES.wordsRequired;
  if (text.length > SYNONYM_WORDS_MAX) return SYNONYM_MESSAGES.wordsTooLong;
  if (kind === 'includes' && !/^[^,:]+:[^:]+$/.test(text)) return SYNONYM_MESSAGES.includesShape;
  if (kind === 'same' && text.includes(':')) return SYNONYM_MESSAGES.twoWords;
  const entries = text
    .split(/[,:]/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (entries.length < 2) return SYNONYM_MESSAGES.twoWords;
  if (entries.some((w) => /\s/.test(w))) return SYNONYM_MESSAGES.oneWordEach;
  return null;
}
