/**
 * Search words (issue 36): the one normalisation the catalogue is indexed with and a shopper's search is
 * read with, the shop's synonyms applied to a search, and the spelling candidates of a word. Pure: no
 * database, no Fastify: in lib/, below db/ and domain/, since the index writers (db/) read it too. The
 * repository (db/repositories/catalog/) turns a plan into index queries.
 *
 * A change to `words()` changes what the index holds: run `search-reindex` (docs/search.md) after it.
 */

/** Words that say nothing about the product ("shoes for men"): dropped from both sides. */
const STOP_WORDS = new Set(['a', 'an', 'the', 'for', 'with', 'and', 'or', 'of', 'in', 'on', 'to', 'by', 'from', 'at', 'is', 'my']);

/** A search reads at most this many words; the route keeps the text to 100 characters. */
export const MAX_SEARCH_WORDS = 8;

/** Spelling tolerance applies to words of at least this many letters (shorter ones have too many neighbours). */
export const MIN_CORRECTED_LETTERS = 4;

/**
 * Plural endings to a common stem, the same for catalogue and search: watches → watch, sarees → saree,
 * sunglasses → sunglass, accessories → accessory, men's → mens → men. Words of three letters or fewer,
 * and endings that are not plurals (dress, status, analysis), stay as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Lower case without accents, apostrophes dropped (men's = mens), hyphens joined (t-shirt = tshirt). */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/(?<=[\p{L}\p{N}])[-‐‑–](?=[\p{L}\p{N}])/gu, '');
}

const runs = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The words of a text as the index holds them: folded, stop words dropped, a lone letter joined to the
 * word after it ("t shirt" = "tshirt", "v neck" = "vneck"), plurals stemmed.
 */
export function words(text: string): string[] {
  const kept = runs(fold(text)).filter((w) => !STOP_WORDS.has(w));
  const out: string[] = [];
  for (let i = 0; i < kept.length; i += 1) {
    const w = kept[i] as string;
    const next = kept[i + 1];
    if (/^\p{L}$/u.test(w) && next !== undefined) {
      out.push(stem(w + next));
      i += 1;
    } else out.push(stem(w));
  }
  return out;
}

/** The parts of a hyphenated word ("cotton-linen": cotton, linen), indexed at the lowest weight. */
function hyphenParts(text: string): string[] {
  const hyphenated = text.match(/[\p{L}\p{N}]+(?:[-‐‑–][\p{L}\p{N}]+)+/gu) ?? [];
  return hyphenated.flatMap((h) => words(h.replace(/[-‐‑–]/g, ' '))).filter((w) => w.length > 1);
}

/**
 * Where a word was found, as a tag on the indexed word: `0n` name or category, `0b` those or the brand;
 * untagged, anywhere. A normalised word is letters and digits from the shopper's text, so a tagged one
 * is never typed in practice. One index then answers "in the name" as a plain word look-up, the way
 * both FTS5 and a tsvector GIN index are fast at, rather than by reading every match's positions.
 */
export const FIELD_TAGS = { name: '0n', nameBrand: '0b', any: '' } as const;
export type SearchField = keyof typeof FIELD_TAGS;

/** A product's search words (`products.search_words`, what the index holds) and its plain words (the word list). */
export interface ProductSearchWords {
  search_words: string;
  terms: string[];
}

/**
 * Name and category are the heaviest field, then the brand, then the description (colour, material) and
 * the parts of hyphenated words ("cotton-linen": cotton, linen).
 */
export function productSearchWords(p: { name: string; category: string; brand: string; description: string }): ProductSearchWords {
  const name = new Set(words(`${p.name} ${p.category}`));
  const brand = new Set(words(p.brand));
  const more = new Set([...words(p.description), ...hyphenParts(`${p.name} ${p.category} ${p.brand}`)]);
  const terms = [...new Set([...name, ...brand, ...more])];
  const tagged = [...[...name].map((w) => FIELD_TAGS.name + w), ...[...new Set([...name, ...brand])].map((w) => FIELD_TAGS.nameBrand + w)];
  return { search_words: [...terms, ...tagged].join(' '), terms };
}

/**
 * One row of the shop's synonyms table (`search_synonyms`): 'same' words mean one thing (sari, saree);
 * 'includes': the first word's search also finds the others (red: maroon, wine), not the other way round.
 */
export interface SynonymRow {
  kind: 'same' | 'includes';
  words: string;
}

export type SynonymKind = SynonymRow['kind'];

/** A synonym row's words, normalised; an entry that is not one word after normalising is dropped. */
export function synonymWords(row: SynonymRow): string[] {
  return row.words
    .split(/[,:]/)
    .map((w) => words(w))
    .filter((w) => w.length === 1)
    .map((w) => w[0] as string);
}

/** What each word of a search also finds: word → its alternatives (itself first). */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

export function buildSynonyms(rows: readonly SynonymRow[]): Synonyms {
  const same = new Map<string, Set<string>>();
  const includes = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, values: string[]) => {
    const set = map.get(key) ?? new Set<string>();
    for (const v of values) set.add(v);
    map.set(key, set);
  };
  for (const row of rows) {
    const list = synonymWords(row);
    if (list.length < 2) continue;
    if (row.kind === 'same') for (const w of list) add(same, w, list);
    else add(includes, list[0] as string, list.slice(1));
  }
  const out = new Map<string, string[]>();
  for (const w of new Set([...same.keys(), ...includes.keys()])) {
    const alike = [w, ...(same.get(w) ?? [])];
    // A word finds its equals and what each of them includes ("laal" = "red" ⊃ "maroon").
    const all = new Set(alike.flatMap((a) => [a, ...(includes.get(a) ?? [])]));
    out.set(w, [...all]);
  }
  return out;
}

/** One word of a search: the word as read, and every word the index may hold for it. */
export interface SearchGroup {
  word: string;
  alternatives: string[];
}

/** A search as the index reads it; `groups` empty: nothing searchable (only stop words or punctuation). */
export interface SearchPlan {
  groups: SearchGroup[];
}

export function planSearch(text: string, synonyms: Synonyms): SearchPlan {
  let list = words(text);
  // Only stop words ("the", "for"): search for them rather than for nothing.
  if (list.length === 0) list = runs(fold(text)).map(stem);
  const unique = [...new Set(list)].slice(0, MAX_SEARCH_WORDS);
  return { groups: distinct(unique.map((word) => ({ word, alternatives: [...(synonyms.get(word) ?? [word])] }))) };
}

/**
 * Groups of the same alternatives once: "denim jeans" (synonyms: jeans = denim) is one word's search, not
 * two groups that hold each other's words (which the pairs cannot say: 27 ms instead of 1 at 1,000,000
 * products). A product holds one exactly when it holds the other, so the matches and their order are the same.
 */
function distinct(groups: SearchGroup[]): SearchGroup[] {
  const seen = new Set<string>();
  return groups.filter((g) => {
    const key = [...new Set(g.alternatives)].sort().join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The plan with some words replaced (spelling corrections), their synonyms applied again. */
export function replaceWords(plan: SearchPlan, replacements: ReadonlyMap<string, string>, synonyms: Synonyms): SearchPlan {
  return {
    groups: distinct(
      plan.groups.map((g) => {
        const word = replacements.get(g.word);
        return word === undefined ? g : { word, alternatives: [...(synonyms.get(word) ?? [word])] };
      }),
    ),
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one edit away (a letter dropped, swapped with the next, changed or added), ordered as a
 * correction is preferred: swaps and changes (a typo) before drops and additions. A few hundred strings,
 * looked up in the index's word list in one query.
 */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  const letters = [...word];
  for (let i = 0; i + 1 < letters.length; i += 1) {
    const s = [...letters];
    [s[i], s[i + 1]] = [s[i + 1] as string, s[i] as string];
    out.add(s.join(''));
  }
  for (let i = 0; i < letters.length; i += 1)
    for (const c of LETTERS) if (c !== letters[i]) out.add([...letters.slice(0, i), c, ...letters.slice(i + 1)].join(''));
  for (let i = 0; i < letters.length; i += 1) out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  for (let i = 0; i <= letters.length; i += 1) for (const c of LETTERS) out.add([...letters.slice(0, i), c, ...letters.slice(i)].join(''));
  out.delete(word);
  return [...out];
}

/** Whether a word of the search may be corrected: long enough, letters only (not a size or a model number). */
export const correctable = (word: string) => [...word].length >= MIN_CORRECTED_LETTERS && /^\p{L}+$/u.test(word);

/**
 * The search as the shopper would read it with the corrections in place: their own words, each corrected
 * one replaced by the index's word (with the typed word's plural ending when that reads back the same).
 */
export function correctedText(text: string, replacements: ReadonlyMap<string, string>): string {
  return runs(fold(text))
    .map((typed) => {
      const normal = stem(typed);
      const fixed = replacements.get(normal);
      if (fixed === undefined) return typed;
      const ending = typed.slice(normal.length);
      return ending && stem(fixed + ending) === fixed ? fixed + ending : fixed;
    })
    .join(' ');
}
