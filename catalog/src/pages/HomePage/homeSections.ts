import type { HomeSection } from '@storefront/shared';

/** The blocks of the home page below the banner. */
export type HomeBlock = 'categories' | 'new_arrivals' | 'featured_products';

const DEFAULTS: Record<HomeBlock, { title: string; subtitle: string }> = {
  categories: { title: 'Shop by Category', subtitle: '' },
  new_arrivals: { title: 'New Arrivals', subtitle: '' },
  featured_products: { title: 'Featured Products', subtitle: '' },
};

const TYPES: Record<string, HomeBlock> = {
  categories: 'categories',
  category: 'categories',
  new_arrivals: 'new_arrivals',
  featured_products: 'featured_products',
  featured: 'featured_products',
};

/**
 * The blocks in the order (and with the titles) the server's home sections give; blocks the server
 * does not mention follow in the default order with default titles, so the home never loses its
 * categories or product rows because of a short or missing section list.
 */
export function homeBlocks(sections: readonly HomeSection[] | undefined): { block: HomeBlock; title: string; subtitle: string }[] {
  const out: { block: HomeBlock; title: string; subtitle: string }[] = [];
  for (const s of sections ?? []) {
    const block = TYPES[s.type];
    if (!block || out.some((o) => o.block === block)) continue;
    out.push({ block, title: s.title || DEFAULTS[block].title, subtitle: s.subtitle ?? '' });
  }
  for (const block of Object.keys(DEFAULTS) as HomeBlock[]) {
    if (!out.some((o) => o.block === block)) out.push({ block, ...DEFAULTS[block] });
  }
  return out;
}
