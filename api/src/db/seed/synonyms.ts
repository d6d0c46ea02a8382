import type { SynonymRow } from '../../lib/searchText';

/**
 * The synonyms a new shop starts with (issue 36): Indian spellings, everyday names and colour families.
 * Migration 010 puts them in `search_synonyms`; from then on the shop's table is the owner's to edit
 * (`pnpm --filter @storefront/api synonyms …`, docs/search.md). Each entry is one word.
 */
export const DEFAULT_SYNONYMS: SynonymRow[] = [
  // Spellings and names of the same thing.
  { kind: 'same', words: 'saree, sari' },
  { kind: 'same', words: 'kurta, kurti, kurtha' },
  { kind: 'same', words: 'tshirt, tee, tees' },
  { kind: 'same', words: 'jeans, denim' },
  { kind: 'same', words: 'sunglasses, specs, shades, goggles, glares' },
  { kind: 'same', words: 'chappal, chappals, slippers, chappali' },
  { kind: 'same', words: 'jutti, mojari' },
  { kind: 'same', words: 'sneakers, trainers' },
  { kind: 'same', words: 'dupatta, chunni, stole' },
  { kind: 'same', words: 'lehenga, lehnga, lengha' },
  { kind: 'same', words: 'salwar, shalwar' },
  { kind: 'same', words: 'pyjama, pajama' },
  { kind: 'same', words: 'women, woman, ladies, female, womens' },
  { kind: 'same', words: 'men, man, gents, male, mens' },
  { kind: 'same', words: 'kids, children, child' },
  { kind: 'same', words: 'colour, color' },
  { kind: 'same', words: 'grey, gray' },
  // A word that covers several things: its search finds them all.
  { kind: 'includes', words: 'purse: wallet, handbag, clutch' },
  { kind: 'includes', words: 'bag: backpack, handbag, tote, sling, satchel, clutch, daypack' },
  { kind: 'includes', words: 'shoes: sneakers, loafers, boots, derby' },
  { kind: 'includes', words: 'footwear: shoes, sandals, chappal, jutti, heels, flats, boots, loafers, sneakers' },
  { kind: 'includes', words: 'sandals: chappal, kolhapuri' },
  // Colour families: a search for the family finds its shades.
  { kind: 'includes', words: 'red: maroon, wine, crimson, scarlet, burgundy, cherry, rust' },
  { kind: 'includes', words: 'blue: navy, indigo, teal, sky, azure, cobalt, turquoise' },
  { kind: 'includes', words: 'green: olive, emerald, teal, mint, bottle, sage' },
  { kind: 'includes', words: 'yellow: mustard, saffron, lemon' },
  { kind: 'includes', words: 'orange: saffron, rust, peach, coral' },
  { kind: 'includes', words: 'brown: tan, rust, chocolate, coffee, camel' },
  { kind: 'includes', words: 'white: ivory, cream, offwhite' },
  { kind: 'includes', words: 'grey: charcoal, silver, ash' },
  { kind: 'includes', words: 'pink: peach, rose, blush, magenta' },
  { kind: 'includes', words: 'purple: wine, lavender, violet, plum' },
];
