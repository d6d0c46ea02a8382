/**
 * The distinct searches of the scale bench (issue 36), made of the grown catalogue's words: exact (every
 * word found), partial (words that never meet in one product) and misspelt (a typo in the item). The i-th
 * string of each kind differs from its neighbours in every word, so nothing is answered from a kept plan.
 */
/** The grown catalogue's words (seed/large.ts, seed/catalogue.ts): what the distinct searches are made of. */
const DESCRIPTORS = [
  'classic',
  'festive',
  'premium',
  'everyday',
  'slim',
  'relaxed',
  'heritage',
  'urban',
  'essential',
  'signature',
  'vintage',
  'modern',
];
const COLOURS = [
  'indigo',
  'maroon',
  'olive',
  'mustard',
  'teal',
  'charcoal',
  'ivory',
  'rust',
  'navy',
  'saffron',
  'emerald',
  'black',
  'tan',
  'peach',
  'wine',
];
const ITEMS = [
  'watch',
  'saree',
  'kurta',
  'wallet',
  'backpack',
  'sunglasses',
  'jeans',
  'shirt',
  'sneakers',
  'loafers',
  'belt',
  'clutch',
  'chappals',
  'tote',
];
/** Categories whose words no item of another category holds: a search naming two of them finds no product with both. */
export const APART = ['sarees', 'wallet', 'belts', 'caps', 'kurtas', 'backpacks', 'sunglasses', 'handbags', 'watch'];

/**
 * The i-th combination of one word from each list: i's digits in the lists' mixed radix, each list indexed
 * by the sum of its digit and the ones before it. Still one of each combination per pass (each digit is
 * recovered from the sums in turn), but i and i + 1 differ in every position: in plain digit order the
 * last list changed only every 180 exact strings, so 180 "… watch" searches (twice most items' matches)
 * arrived within 0.36 s at 500/s, a run no shoppers' searches make (bench/lib/searchTexts.test.mjs).
 */
function nth<T>(lists: readonly (readonly T[])[], i: number): T[] {
  let rest = i;
  let sum = 0;
  return lists.map((list) => {
    sum += rest % list.length;
    rest = Math.floor(rest / list.length);
    return list[sum % list.length] as T;
  });
}

/** A typo a shopper makes: two neighbouring letters swapped (position from `k`). */
const swapped = (word: string, k: number) => {
  const at = 1 + (k % Math.max(1, word.length - 2));
  return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
};

/** How many strings each pass over the word lists makes. */
const space = (lists: readonly (readonly unknown[])[]) => lists.reduce((n, list) => n * list.length, 1);

/**
 * The words of the `pass`-th pass over the lists, as a shopper may type the same words: in another order
 * (six for three words), then with capitals. A bench run sends 14,000 searches of each kind
 * and the lists make 540–2,520: without this, four in five strings had been seen before (the kept
 * total, the page read again: not what a new search costs). Pass 0 is the words as they are.
 */
function arranged(words: string[], pass: number): string {
  const orders = [
    [0, 1, 2],
    [2, 0, 1],
    [1, 2, 0],
    [1, 0, 2],
    [0, 2, 1],
    [2, 1, 0],
  ] as const;
  const order = orders[pass % orders.length] ?? orders[0];
  // Then capitals: word j capitalised when bit j of the pass's round is set.
  const capitals = Math.floor(pass / orders.length);
  const capital = (w: string, j: number) => ((capitals >> j) & 1 ? w.charAt(0).toUpperCase() + w.slice(1) : w);
  return order.map((k, j) => capital(words[k] ?? '', j)).join(' ');
}

const NAMED = [DESCRIPTORS, COLOURS, ITEMS] as const;
/** Two of APART, each pair once (its other order is another pass's arrangement). */
const APART_PAIRS = APART.flatMap((a, k) => APART.slice(k + 1).map((b) => [a, b] as const));
const APART_WORDS = [COLOURS, APART_PAIRS] as const;

/** Every word found: a descriptor, a colour and an item (`classic maroon watch`). */
export const exact = (i: number) => arranged(nth(NAMED, i), Math.floor(i / space(NAMED)));
export const partial = (i: number) => {
  const [colour, pair] = nth<string | readonly [string, string]>(APART_WORDS, i) as [string, readonly [string, string]];
  return arranged([colour, ...pair], Math.floor(i / space(APART_WORDS)));
};
export const misspelt = (i: number) => {
  const [descriptor, colour, item] = nth(NAMED, i);
  const k = Math.floor(i / space(NAMED));
  return arranged([descriptor ?? '', colour ?? '', swapped(item ?? '', k)], k);
};

/**
 * Everyday two-word searches ("leather wallet", "mens shoes", "cotton kurta"): a material, colour or
 * shopper and an item, both common (at 1,000,000 products most pairs are held by 4,000–66,000 together;
 * about a third by none, which makes them partial). Each pass is another way of typing the same two words: either
 * order, capitals, a small word between ("shoes for mens", "wallet in leather").
 */
const EVERYDAY_WORDS = [
  'leather',
  'cotton',
  'mens',
  'silk',
  'black',
  'blue',
  'red',
  'white',
  'maroon',
  'navy',
  'olive',
  'tan',
  'gents',
  'denim',
  'gold',
  'formal',
  'womens',
];
const EVERYDAY_ITEMS = [
  'wallet',
  'kurta',
  'belt',
  'saree',
  'shoes',
  'jeans',
  'shirt',
  'watch',
  'handbag',
  'tshirt',
  'sneakers',
  'backpack',
  'sunglasses',
  'cap',
];
/** The small words an everyday search may have between its two (the first: none). */
export const BETWEEN = ['', 'for', 'with', 'in', 'the', 'of', 'a', 'and'];
export const everyday = (i: number) => {
  const [word, item] = nth([EVERYDAY_WORDS, EVERYDAY_ITEMS], i) as [string, string];
  const pass = Math.floor(i / space([EVERYDAY_WORDS, EVERYDAY_ITEMS]));
  const [a, b] = pass % 2 ? [item, word] : [word, item];
  const capital = (w: string, on: number) => (on ? w.charAt(0).toUpperCase() + w.slice(1) : w);
  const caps = Math.floor(pass / 2) % 4;
  const between = BETWEEN[Math.floor(pass / 8) % BETWEEN.length] ?? '';
  return [capital(a, caps & 1), between, capital(b, caps & 2)].filter(Boolean).join(' ');
};

/** How many word sets each kind's pass goes through: a pass holds each once. */
export const KIND_SPACES = {
  exact: space(NAMED),
  misspelt: space(NAMED),
  partial: space(APART_WORDS),
  everyday: space([EVERYDAY_WORDS, EVERYDAY_ITEMS]),
} as const;

/** `count` of each kind, from the start of each space: what bench/searchSame.ts compares. */
export const benchSearches = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => [exact(i), partial(i), misspelt(i), everyday(i)]).flat();
