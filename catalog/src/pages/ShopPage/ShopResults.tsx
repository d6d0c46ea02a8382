import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { listTotalText, paths, type SortBy } from '@storefront/shared';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid/ProductGrid';
import {
  EMPTY_SHOP_STATE,
  SORT_OPTIONS,
  hasFilters,
  shopUrl,
  withFilter,
  withPage,
  type ShopChange,
  type ShopState,
} from '../../lib/shopQuery';
import type { ProductStore } from '../../stores/ProductStore';

/** Skeleton cards while the first list loads: one page's worth, so the footer does not jump. */
const SKELETON_CARDS = 12;

/** "Showing 1–12 of 40 products", or what stands in for it while loading or with nothing to show. */
export function countText(products: ProductStore, current: boolean): string {
  if (!current) return 'Loading products…';
  if (products.list.length === 0) return 'No products';
  const { total, totalCapped, page, perPage } = products.pageInfo;
  const from = (page - 1) * perPage + 1;
  const to = from + products.list.length - 1;
  return `Showing ${from}–${to} of ${listTotalText(total, totalCapped)} ${total === 1 && !totalCapped ? 'product' : 'products'}`;
}

interface ShopResultsProps {
  products: ProductStore;
  /** The list shown answers the URL (else it is the previous one, or none yet). */
  current: boolean;
  inFlight: boolean;
  searching: boolean;
  /** The URL's state, and the controls' (the shopper's latest choice). */
  state: ShopState;
  shown: ShopState;
  change: (update: ShopChange) => void;
  onRetry: () => void;
}

/** The results area: the failure with Try again, skeletons, an empty list's way out, or the grid. */
export const ShopResults = observer(function ShopResults(props: ShopResultsProps) {
  const { products, current, inFlight, searching, onRetry } = props;
  if (products.error && !inFlight) {
    return (
      <div className="cat-shop__message" role="alert">
        <p>{products.error}</p>
        <button type="button" className="sf-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (products.list.length === 0) {
    return current ? <EmptyResults {...props} /> : <ProductGridSkeleton count={SKELETON_CARDS} label="Loading products" />;
  }
  return (
    <ProductGrid
      products={products.list}
      label="Products"
      headingLevel={2}
      eagerCount={4}
      priorityFirst
      busy={!current}
      layout={searching ? 'full' : 'filters'}
    />
  );
});

/** Why the list is empty, with the way out that fits: all products, the first page, no filters, home. */
function EmptyResults({ products, searching, state, shown, change }: ShopResultsProps) {
  return (
    <div className="cat-shop__message">
      {searching ? (
        <>
          <p>No products found for “{state.search}”.</p>
          <Link className="sf-button" to={paths.shop()}>
            Browse all products
          </Link>
        </>
      ) : products.pageInfo.total > 0 ? (
        <>
          <p>There are no products on page {state.page}.</p>
          <Link className="sf-button" to={shopUrl(withPage(shown, 1))}>
            Go to the first page
          </Link>
        </>
      ) : hasFilters(state) ? (
        <>
          <p>No products match these filters.</p>
          <button type="button" className="sf-button" onClick={() => change(() => EMPTY_SHOP_STATE)}>
            Clear all filters
          </button>
        </>
      ) : (
        <>
          <p>No products yet.</p>
          <Link className="sf-button" to={paths.home}>
            Back to home
          </Link>
        </>
      )}
    </div>
  );
}

export function SortSelect({ shown, change }: { shown: ShopState; change: (update: ShopChange) => void }) {
  return (
    <label className="cat-shop__sort">
      <span>Sort by</span>
      <select
        className="sf-input"
        value={shown.sortBy ?? 'newest'}
        onChange={(e) => {
          const sortBy = e.target.value === 'newest' ? undefined : (e.target.value as SortBy);
          change((s) => withFilter(s, { sortBy }));
        }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
