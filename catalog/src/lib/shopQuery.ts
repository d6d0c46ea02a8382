import { DEFAULT_PAGE, paths, type Category, type ProductFilters, type SortBy } from '@storefront/shared';

/**
 * The shop's whole filter state, read from and written to the URL (issue 5: reload, share, back and
 * forward reproduce the same list). The URL is the only source of truth; components derive this from
 * `useSearchParams()` on every render and navigate to change it.
 */
export interface ShopState {
  /** Search term (`?search=`); when present the list comes from `/search-products`. */
  search: string;
  /** Lower-cased category names (spec §2), in URL order. */
  categories: string[];
  minPrice?: number;
  maxPrice?: number;
  size: string;
  inStock: boolean;
  outOfStock: boolean;
  sortBy?: SortBy;
  page: number;
}

/** A change of the shop's state, written as a function of the state it applies to (see ShopPage's `useShopChanges`). */
export type ShopChange = (current: ShopState) => ShopState;

/** The sort orders the API accepts (docs/api-contract.md), with the shopper-facing labels. */
export const SORT_OPTIONS: readonly { value: SortBy; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'name_asc', label: 'Name: A to Z' },
  { value: 'name_desc', label: 'Name: Z to A' },
];

const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));

function price(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function flag(raw: string | null): boolean {
  return raw === '1' || raw === 'true';
}

/** Reads the shop state from the query string; unreadable values are ignored, never thrown. */
export function parseShopQuery(params: URLSearchParams): ShopState {
  const categories = (params.get('categories') ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const sort = params.get('sort_by');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('search') ?? '').trim(),
    categories: [...new Set(categories)],
    minPrice: price(params.get('min_price')),
    maxPrice: price(params.get('max_price')),
    size: (params.get('size') ?? '').trim(),
    inStock: flag(params.get('in_stock')),
    outOfStock: flag(params.get('out_of_stock')),
    sortBy: sort && SORT_VALUES.has(sort) ? (sort as SortBy) : undefined,
    page: Number.isFinite(page) && page > 0 ? page : DEFAULT_PAGE,
  };
}

/** The canonical `/shop?...` URL of a state (built with `paths.shop`; page 1 is left out). */
export function shopUrl(state: ShopState): string {
  return paths.shop({
    search: state.search || undefined,
    categories: state.categories,
    min_price: state.minPrice === undefined ? undefined : String(state.minPrice),
    max_price: state.maxPrice === undefined ? undefined : String(state.maxPrice),
    size: state.size || undefined,
    in_stock: state.inStock ? '1' : undefined,
    out_of_stock: state.outOfStock ? '1' : undefined,
    sort_by: state.sortBy,
    page: state.page > DEFAULT_PAGE ? String(state.page) : undefined,
  });
}

/** A filter change: everything else kept, back to page 1 (issue 5). */
export function withFilter(state: ShopState, patch: Partial<Omit<ShopState, 'page'>>): ShopState {
  return { ...state, ...patch, page: DEFAULT_PAGE };
}

/** The same filters on another page. */
export function withPage(state: ShopState, page: number): ShopState {
  return { ...state, page: Math.max(DEFAULT_PAGE, Math.floor(page)) };
}

/** True when any list filter (not the search, not the page) is set. */
export function hasFilters(state: ShopState): boolean {
  return (
    state.categories.length > 0 ||
    state.minPrice !== undefined ||
    state.maxPrice !== undefined ||
    state.size !== '' ||
    state.inStock ||
    state.outOfStock ||
    state.sortBy !== undefined
  );
}

/** No filters, no search, page 1. */
export const EMPTY_SHOP_STATE: ShopState = {
  search: '',
  categories: [],
  size: '',
  inStock: false,
  outOfStock: false,
  page: DEFAULT_PAGE,
};

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The store's categories named in the URL. A name matches a category's lower-cased name (spec §2),
 * else its slug; a name that matches neither picks the categories with that word in their name, so a
 * banner link such as `?categories=watch` still lands on the watches.
 */
export function matchCategories(names: readonly string[], categories: readonly Category[]): Category[] {
  const out: Category[] = [];
  const add = (c: Category) => {
    if (!out.includes(c)) out.push(c);
  };
  for (const name of names) {
    const exact = categories.find((c) => c.name.toLowerCase() === name) ?? categories.find((c) => c.slug.toLowerCase() === name);
    if (exact) {
      add(exact);
      continue;
    }
    const wanted = words(name);
    if (wanted.length === 0) continue;
    for (const c of categories) {
      const have = words(c.name);
      if (wanted.every((w) => have.includes(w))) add(c);
    }
  }
  return out;
}

/** The spec §3 filters of `POST /get-products` for a state; category names become sub-category ids. */
export function toProductFilters(state: ShopState, categories: readonly Category[]): ProductFilters {
  const filters: ProductFilters = { page: state.page };
  const ids = matchCategories(state.categories, categories).map((c) => c.id);
  if (ids.length) filters.sub_category = ids;
  if (state.minPrice !== undefined) filters.min_price = state.minPrice;
  if (state.maxPrice !== undefined) filters.max_price = state.maxPrice;
  if (state.size) filters.size = state.size;
  if (state.inStock) filters.in_stock = true;
  if (state.outOfStock) filters.out_of_stock = true;
  if (state.sortBy) filters.sort_by = state.sortBy;
  return filters;
}
