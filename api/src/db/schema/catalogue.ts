import type { Generated } from 'kysely';

// The catalogue: store information, categories, products and variations, search words, the change log, home-page content.

export interface StoreInfoTable {
  id: number;
  store_name: string;
  logo: string;
  email: string;
  mobile_no: string;
  store_time: string;
  offer_text: string;
  facebook_url: string;
  instagram_url: string;
  twitter_url: string;
  font_family: string;
  background_color: string;
  button_background_color: string;
  top_header_background_color: string;
  header_background_color: string;
  footer_background_color: string;
  bottom_footer_background_color: string;
  banner_type: string;
  category_layout: string;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  slug: string;
  sort_order: number;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  brand: string;
  category_id: number;
  image_count: number;
  retailer_id: number;
  wholesaler_id: number | null;
  featured: number;
  created_at: string;
  /** Denormalised from the variations (first in-stock one, else the first): kept in step by the repository. */
  display_price: number;
  display_mrp: number;
  total_stock: number;
  /** Lower-case name, brand, category and description: what search matches. */
  search_text: string;
  /** The owner's pictures (comma-separated ids, cover first); null: the generated ones (issue 20). */
  images: string | null;
  /** Migration 010: the product's words as lib/searchText.ts normalises them (db/searchWords.ts); what search matches. */
  search_words: Generated<string>;
  /** Migration 019: 1 while the staff keep the product out of the shop (issue 38). */
  hidden: Generated<number>;
}

/** Migration 010: every plain word of the catalogue (spelling tolerance corrects to these; the rarest is read first). */
export interface SearchTermTable {
  term: string;
  /** How many products hold the word (kept as products are written; `search-reindex` recounts). */
  products: number;
}

/** Migration 010: the shop's synonyms (lib/searchText.ts SynonymRow; docs/search.md). */
export interface SearchSynonymTable {
  id: Generated<number>;
  kind: 'same' | 'includes';
  words: string;
}

/** Migration 004: what a write changed in the catalogue, read by every API process (lib/cache.ts). */
export interface CatalogChangeTable {
  id: Generated<number>;
  /** null: the whole catalogue. */
  product_id: number | null;
  /** Bit flags: CHANGE in lib/cache.ts. */
  kind: number;
  created_at: string;
}

export interface VariationTable {
  id: Generated<number>;
  product_id: number;
  label: string;
  price: number;
  mrp: number;
  stock: number;
  sort_order: number;
}

export interface BannerTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  cta: string;
  sort_order: number;
}

export interface HomeSectionTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  type: string;
  sort_order: number;
}

export interface AboutSectionTable {
  id: Generated<number>;
  title: string;
  body: string;
  image: string;
  sort_order: number;
}
