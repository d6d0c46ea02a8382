import { observer } from 'mobx-react-lite';
import { useEffect, useId, useLayoutEffect, useMemo, useOptimistic, useRef, useState, useTransition, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@storefront/shared/router';
import {
  HydrationBoundary,
  listTotalText,
  paths,
  type Category,
  type PageLoader,
  type SortBy,
  pageTitle,
  useDocumentMeta,
} from '@storefront/shared';
import { Pagination } from '../../components/Pagination/Pagination';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid/ProductGrid';
import { ShopFilters } from '../../components/ShopFilters/ShopFilters';
import { storeInfoReady, useStoreInfo } from '../../lib/useStoreInfo';
import {
  EMPTY_SHOP_STATE,
  SORT_OPTIONS,
  hasFilters,
  matchCategories,
  parseShopQuery,
  shopUrl,
  toProductFilters,
  withFilter,
  withPage,
  type ShopChange,
  type ShopState,
} from '../../lib/shopQuery';
import type { ProductStore } from '../../stores/ProductStore';
import { catalogStoresFor, useCatalogStores } from '../../stores/useCatalogStores';
import './ShopPage.css';

/** Skeleton cards while the first list loads: one page's worth, so the footer does not jump. */
const SKELETON_CARDS = 12;

function SearchBox({ current }: { current: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Spec §5: the term is trimmed; an empty term is not submitted.
    if (!text.trim()) return;
    navigate(paths.search(text));
  };
  return (
    <form role="search" className="cat-shop__search" onSubmit={submit}>
      <label htmlFor={`${id}-q`} className="sf-visually-hidden">
        Search products
      </label>
      <input
        id={`${id}-q`}
        className="sf-input"
        type="search"
        placeholder="Search by name, brand or category"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="sf-button">
        Search
      </button>
    </form>
  );
}

/**
 * What the shop shows for a URL and which reads it needs (spec §3, §7): the list or the search
 * results, and the size labels of the chosen categories (or of every category when none is chosen).
 * Category names become ids through store info, so a category filter waits until it is `ready`.
 */
function shopPlan(params: URLSearchParams, categories: readonly Category[], ready: boolean) {
  const state = parseShopQuery(params);
  const chosen = matchCategories(state.categories, categories);
  const searching = state.search !== '';
  const filters = toProductFilters(state, categories);
  return {
    state,
    chosen,
    searching,
    filters,
    canFetch: searching || state.categories.length === 0 || ready,
    requestKey: searching ? `search:${state.search}:${state.page}` : `list:${JSON.stringify(filters)}`,
    sizeKey: searching || !ready ? '' : (chosen.length ? chosen : categories).map((c) => c.id).join(','),
  };
}
type ShopPlan = ReturnType<typeof shopPlan>;

function fetchList(products: ProductStore, plan: ShopPlan): Promise<boolean> | null {
  if (!plan.canFetch) return null;
  return plan.searching
    ? products.searchProducts(plan.state.search, plan.state.page, plan.requestKey)
    : products.fetchProducts(plan.filters, plan.requestKey);
}

function fetchSizes(products: ProductStore, sizeKey: string): Promise<boolean> | null {
  return sizeKey === '' ? null : products.fetchVariations(sizeKey.split(',').map(Number));
}

/** The shop's reads for the URL (the shell has store info by then). */
export const load: PageLoader = async (session, at) => {
  const { products } = catalogStoresFor(session);
  const plan = shopPlan(new URLSearchParams(at.search), session.storeInfo.categories, storeInfoReady(session.storeInfo));
  await Promise.all([fetchList(products, plan), fetchSizes(products, plan.sizeKey)]);
};

/**
 * The shop's controls write the URL: each change is a navigation the router commits in a transition,
 * some time later (a busy phone: long after the next tap). Every change is therefore made from the
 * state the shopper last asked for, not from the URL of the last render, which may not hold the
 * previous change yet: a size and then "In stock" tapped before the size's navigation landed keep both.
 * Until a navigation lands the controls show the shopper's choice at once (`shown`; a controlled
 * checkbox would otherwise flick back). Back, forward and links change the URL alone: once no change of
 * ours is on its way, the next one starts from the URL again.
 */
function useShopChanges(state: ShopState): { shown: ShopState; change: (update: ShopChange) => void } {
  const navigate = useNavigate();
  const [shown, setShown] = useOptimistic(state);
  const [navigating, startNavigation] = useTransition();
  // The state of the newest change not yet in the URL (null: none on its way); the URL's state as last committed.
  const asked = useRef<ShopState | null>(null);
  const committed = useRef(state);
  useLayoutEffect(() => {
    committed.current = state;
    // React commits `navigating` false with the last of our navigations (the same transition), never before.
    if (!navigating) asked.current = null;
  });
  const change = (update: ShopChange) => {
    const next = update(asked.current ?? committed.current);
    asked.current = next;
    startNavigation(() => {
      setShown(next);
      void navigate(shopUrl(next));
    });
  };
  return { shown, change };
}

/**
 * Shop (spec §2 `/shop`): the product grid with the filters of spec §3, search results for `?search=`,
 * sort and pages. The URL holds the whole state (issue 5), so reload, share, back and forward reproduce
 * the same list; this component only reads it and navigates.
 */
const ShopPage = observer(function ShopPage() {
  const [params] = useSearchParams();
  const { products } = useCatalogStores();
  const { storeInfo, ready } = useStoreInfo();
  const categories = storeInfo.categories;
  const plan = useMemo(() => shopPlan(params, categories, ready), [params, categories, ready]);
  const { state, chosen, searching, canFetch, requestKey, sizeKey } = plan;

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void fetchList(products, plan);
    // `filters` and the search are both inside requestKey; `attempt` is the Try again trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, canFetch, products, attempt]);

  useEffect(() => {
    void fetchSizes(products, sizeKey);
  }, [sizeKey, products]);

  // A new page from the pagination links: bring the top of the results back into view.
  const resultsRef = useRef<HTMLElement>(null);
  const lastPage = useRef(state.page);
  useEffect(() => {
    if (lastPage.current !== state.page) resultsRef.current?.scrollIntoView?.({ block: 'start' });
    lastPage.current = state.page;
  }, [state.page]);

  const { shown, change } = useShopChanges(state);

  const title = searching ? `Search results for “${state.search}”` : chosen.length ? chosen.map((c) => c.name).join(', ') : 'Shop';
  const storeName = storeInfo.storeName;
  useDocumentMeta(
    pageTitle(searching ? `Search: ${state.search}` : title, storeName),
    searching
      ? `Products matching “${state.search}” at ${storeName}.`
      : `Shop ${chosen.length ? chosen.map((c) => c.name).join(', ') : 'all products'} at ${storeName}: prices in ₹, delivery all over India.`,
  );

  const current = products.listKey === requestKey;
  const inFlight = products.listLoading || products.searchLoading || !canFetch;
  const { total, totalCapped, page, perPage, lastPage: last, showingResultsFor } = products.pageInfo;
  const from = (page - 1) * perPage + 1;
  const to = from + products.list.length - 1;
  const countText = !current
    ? 'Loading products…'
    : products.list.length === 0
      ? 'No products'
      : `Showing ${from}–${to} of ${listTotalText(total, totalCapped)} ${total === 1 && !totalCapped ? 'product' : 'products'}`;

  let content;
  if (products.error && !inFlight) {
    content = (
      <div className="cat-shop__message" role="alert">
        <p>{products.error}</p>
        <button type="button" className="sf-button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  } else if (!current && products.list.length === 0) {
    content = <ProductGridSkeleton count={SKELETON_CARDS} label="Loading products" />;
  } else if (current && products.list.length === 0) {
    content = (
      <div className="cat-shop__message">
        {searching ? (
          <>
            <p>No products found for “{state.search}”.</p>
            <Link className="sf-button" to={paths.shop()}>
              Browse all products
            </Link>
          </>
        ) : total > 0 ? (
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
  } else {
    content = (
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
  }

  return (
    <div className="cat-shop sf-container" data-section="catalog">
      <header className="cat-shop__head">
        <div>
          <h1 className="cat-shop__title">{title}</h1>
          <p className="cat-shop__count" aria-live="polite">
            {countText}
          </p>
          {searching && current && showingResultsFor ? (
            <p className="cat-shop__corrected">
              Showing results for <b>{showingResultsFor}</b>
            </p>
          ) : null}
        </div>
        <SearchBox current={state.search} />
      </header>
      <div className={`cat-shop__layout ${searching ? 'is-search' : ''}`}>
        {searching ? null : (
          <HydrationBoundary>
            <ShopFilters state={shown} categories={categories} sizes={products.productVariations} onChange={change} />
          </HydrationBoundary>
        )}
        <section className="cat-shop__results" ref={resultsRef} aria-label="Results" aria-busy={inFlight || undefined}>
          <div className="cat-shop__toolbar">
            {searching ? (
              <Link to={paths.shop()} className="cat-shop__clear">
                Clear search
              </Link>
            ) : (
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
            )}
          </div>
          {content}
          {current && products.list.length > 0 ? (
            <Pagination
              page={page}
              lastPage={last}
              hrefOf={(n) => shopUrl(withPage(shown, n))}
              onPage={(n) => change((s) => withPage(s, n))}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
});

export default ShopPage;
