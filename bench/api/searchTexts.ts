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
const APART = ['sarees', 'wallet', 'belts', 'caps', 'kurtas', 'backpacks', 'sunglasses', 'handbags', 'watch'];

/** The i-th of `n` distinct strings, spread over every word list (i and i + 1 differ in every position). */
function nth<T>(lists: readonly (readonly T[])[], i: number): T[] {
  let rest = i;
  return lists.map((list) => {
    const item = list[rest % list.length] as T;
    rest = Math.floor(rest / list.length);
    return item;
  });
}

/** A typo a shopper makes: two neighbouring letters swapped (position from `k`). */
const swapped = (word: string, k: number) => {
  const at = 1 + (k % Math.max(1, word.length - 2));
  return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
};

/** Every word found: a descriptor, a colour and an item (`classic maroon watch`). */
export const exact = (i: number) => nth([DESCRIPTORS, COLOURS, ITEMS], i).join(' ');
export const partial = (i: number) => {
  const [colour, a, b] = nth([COLOURS, APART, APART], i);
  return `${colour} ${a} ${b === a ? APART[(APART.indexOf(a ?? '') + 1) % APART.length] : b}`;
};
export const misspelt = (i: number) => {
  const [descriptor, colour, item] = nth([DESCRIPTORS, COLOURS, ITEMS], i);
  const k = Math.floor(i / (DESCRIPTORS.length * COLOURS.length * ITEMS.length));
  return `${descriptor} ${colour} ${swapped(item ?? '', k)}`;
};

/** `count` of each kind, from the start of each space: what bench/searchSame.ts compares. */
export const benchSearches = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => [exact(i), partial(i), misspelt(i)]).flat();
