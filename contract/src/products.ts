// Wire shapes of the catalogue (spec §3 products, variations, list filters and pages).
import type { Money } from './store';

export interface Variation {
  id: number;
  product_variation: string;
  final_price: Money;
  mrp: Money;
  stock: number;
}

export interface Product {
  id: number;
  product_id: number;
  retailer_product_id: number;
  slug: string;
  product_name: string;
  description: string;
  brand: string;
  sub_category_id: number;
  sub_category_name: string;
  cover_image: string | null;
  /** Comma-separated image URLs; "" when none. */
  product_images: string;
  final_price: Money;
  mrp: Money;
  in_stock: boolean;
  stock: number;
  retailer_id: number;
  wholesaler_id: number | null;
  /** Comma-separated size labels, e.g. "S, M, L". */
  sub_category_variation: string;
  variations: Variation[];
  created_at: string;
}

export type SortBy = 'newest' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc';

/** Spec §3 product list filters. Prices in rupees. */
export interface ProductFilters {
  sub_category?: number[];
  min_price?: number;
  max_price?: number;
  size?: string;
  in_stock?: boolean;
  out_of_stock?: boolean;
  sort_by?: SortBy;
  product_id?: number;
  page?: number;
}

export interface ProductPage {
  products: Product[];
  /** Matching products, counted up to LIST_TOTAL_CAP + 1 (a count that stays cheap for any new search). */
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  /** Counting stopped at the cap: there are more than `total` (the shop shows "1,000+", listTotalText). */
  total_capped: boolean;
  /**
   * The search the results are for when the typed words found nothing and spelling tolerance stepped in
   * ("wallte" → "wallet"; the shop says "Showing results for wallet"). Absent otherwise.
   */
  showing_results_for?: string;
}

export interface SubcategoryVariation {
  sub_category_id: number;
  sub_category_variation: string;
}
