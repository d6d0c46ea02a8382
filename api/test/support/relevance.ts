/**
 * The search relevance table of issue 36: what shoppers in India type, and which products of the seeded
 * catalogue must come first (and must not). Read by the relevance test (both databases) and by
 * `bench/api/relevance.ts` (`pnpm bench:relevance`), which prints the shares the closing note asks for.
 */
import type { Product } from '@storefront/contract';

export interface RelevanceCase {
  search: string;
  /** Every one of the first five results (or all, when fewer) must pass; there must be at least one. */
  top: (p: Product) => boolean;
  /** None of the first page may pass. */
  not?: (p: Product) => boolean;
}

const category =
  (...names: string[]) =>
  (p: Product) =>
    names.includes(p.sub_category_name);
const named = (pattern: RegExp) => (p: Product) => pattern.test(p.product_name);
const both =
  (...tests: ((p: Product) => boolean)[]) =>
  (p: Product) =>
    tests.every((t) => t(p));

const WATCHES = category("Men's - Watch", "Women's - Watch");
const RED = /maroon|wine|rust|red|crimson/i;

export const RELEVANCE: RelevanceCase[] = [
  // The table.
  { search: 'watches', top: WATCHES },
  { search: 'mens shoes', top: category("Men's Shoes") },
  { search: 'shoes for men', top: category("Men's Shoes") },
  { search: 'tshirt', top: category('T-Shirts') },
  { search: 'leather wallet', top: category('Wallet') },
  { search: 'red saree', top: both(category('Sarees'), named(RED)) },
  { search: 'sari', top: category('Sarees') },
  { search: 'wallte', top: category('Wallet') },
  // Case, apostrophes, hyphens, plurals.
  { search: 'watch', top: WATCHES },
  { search: "Men's Shoes", top: category("Men's Shoes") },
  { search: 'MENS SHOE', top: category("Men's Shoes") },
  { search: 't-shirt', top: category('T-Shirts') },
  { search: 't shirt', top: category('T-Shirts') },
  { search: 'T-Shirts', top: category('T-Shirts') },
  { search: 'sarees', top: category('Sarees') },
  { search: 'kurtas', top: category('Kurtas') },
  { search: 'wallets', top: category('Wallet') },
  { search: 'belts', top: category('Belts') },
  { search: 'sunglass', top: category('Sunglasses') },
  // Men's and women's apart.
  { search: 'mens watch', top: category("Men's - Watch"), not: category("Women's - Watch") },
  { search: 'womens watch', top: category("Women's - Watch"), not: category("Men's - Watch") },
  { search: 'watch for women', top: category("Women's - Watch"), not: category("Men's - Watch") },
  { search: 'ladies watches', top: category("Women's - Watch"), not: category("Men's - Watch") },
  { search: 'womens footwear', top: category("Women's Footwear") },
  // Indian spellings and synonyms.
  { search: 'saree', top: category('Sarees') },
  { search: 'jeans', top: category('Denims') },
  { search: 'specs', top: category('Sunglasses') },
  { search: 'shades', top: category('Sunglasses') },
  { search: 'goggles', top: category('Sunglasses') },
  { search: 'tee', top: category('T-Shirts') },
  { search: 'chappal', top: category("Women's Footwear") },
  { search: 'purse', top: category('Handbags', 'Wallet') },
  { search: 'kurti', top: category('Kurtas') },
  // Several words, fields with weights.
  { search: 'samay watch', top: both(WATCHES, (p) => p.brand === 'Samay') },
  { search: 'rose gold watch', top: named(/rose gold/i) },
  { search: 'polo tshirt', top: named(/polo t-shirt/i) },
  { search: 'laptop bag', top: named(/laptop backpack/i) },
  { search: 'running shoes', top: named(/running shoes/i) },
  { search: 'chikankari kurta', top: named(/chikankari kurta/i) },
  { search: 'silk saree', top: category('Sarees') },
  { search: 'blue jeans', top: category('Denims') },
  { search: 'leather belt', top: category('Belts') },
  { search: 'analog watch', top: named(/analog/i) },
  // Misspelt.
  { search: 'walet', top: category('Wallet') },
  { search: 'kurtha', top: category('Kurtas') },
  { search: 'sunglases', top: category('Sunglasses') },
  { search: 'backpak', top: category('Backpacks') },
  { search: 'sneekers', top: named(/sneakers/i) },
];

export interface RelevanceOutcome {
  search: string;
  found: number;
  passed: boolean;
  /** Why it failed: the first results that broke the rule, or "nothing found". */
  why: string;
}

/** Judges one answer against its case (the first page of the search's answer). */
export function judge(c: RelevanceCase, products: Product[]): RelevanceOutcome {
  const top = products.slice(0, 5);
  const wrongTop = top.filter((p) => !c.top(p));
  const wrongPage = c.not ? products.filter((p) => c.not?.(p)) : [];
  const passed = top.length > 0 && wrongTop.length === 0 && wrongPage.length === 0;
  const why =
    top.length === 0
      ? 'nothing found'
      : [...wrongTop, ...wrongPage]
          .slice(0, 3)
          .map((p) => `${p.product_name} (${p.sub_category_name})`)
          .join('; ');
  return { search: c.search, found: products.length, passed, why };
}
