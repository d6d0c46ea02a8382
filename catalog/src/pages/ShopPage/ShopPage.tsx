import { observer } from 'mobx-react-lite';
import { useEffect, useId, useLayoutEffect, useMemo, useOptimistic, useRef, useState, useTransition, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@storefront/shared/router';
import { HydrationBoundary, paths, type Category, type PageLoader, pageTitle, useDocumentMeta } from '@storefront/shared';
import { Pagination } from '../../components/Pagination/Pagination';
import { ShopFilters } from '../../components/ShopFilters/ShopFilters';
import { storeInfoReady, useStoreInfo } from '../../lib/useStoreInfo';
import { matchCategories, parseShopQuery, shopUrl, toProductFilters, withPage, type ShopChange, type ShopState } from '../../lib/shopQuery';
import type { ProductStore } from '../../stores/ProductStore';
import { catalogStoresFor, useCatalogStores } from '../../stores/useCatalogStores';
import { ShopResults, SortSelect, countText } from './ShopResults';
import './ShopPage.css';

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

/** Reads the list and the sizes the URL asks for; the list again on Try again (the returned function). */
function useShopReads(products: ProductStore, plan: ShopPlan): () => void {
  const { requestKey, canFetch, sizeKey } = plan;
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void fetchList(products, plan);
    // `filters` and the search are both inside requestKey; `attempt` is the Try again trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, canFetch, products, attempt]);
  useEffect(() => {
    void fetchSizes(products, sizeKey);
  }, [sizeKey, products]);
  return () => setAttempt((n) => n + 1);
}

/** A new page from the pagination links: bring the top of the results back into view. */
function useScrollToTopOnNewPage(page: number) {
  const resultsRef = useRef<HTMLElement>(null);
  const lastPage = useRef(page);
  useEffect(() => {
    if (lastPage.current !== page) resultsRef.current?.scrollIntoView?.({ block: 'start' });
    lastPage.current = page;
  }, [page]);
  return resultsRef;
}

/** The page's heading, title and description: the search, the chosen categories, or the whole shop. */
function useShopTitle({ state, chosen, searching }: ShopPlan, storeName: string): string {
  const names = chosen.map((c) => c.name).join(', ');
  const title = searching ? `Search results for “${state.search}”` : chosen.length ? names : 'Shop';
  useDocumentMeta(
    pageTitle(searching ? `Search: ${state.search}` : title, storeName),
    searching
      ? `Products matching “${state.search}” at ${storeName}.`
      : `Shop ${chosen.length ? names : 'all products'} at ${storeName}: prices in ₹, delivery all over India.`,
  );
  return title;
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
  const { state, searching, canFetch, requestKey } = plan;
  const retry = useShopReads(products, plan);
  const resultsRef = useScrollToTopOnNewPage(state.page);
  const { shown, change } = useShopChanges(state);
  const title = useShopTitle(plan, storeInfo.storeName);

  const current = products.listKey === requestKey;
  const inFlight = products.listLoading || products.searchLoading || !canFetch;
  const { page, lastPage: last, showingResultsFor } = products.pageInfo;

  return (
    <div className="cat-shop sf-container" data-section="catalog">
      <header className="cat-shop__head">
        <div>
          <h1 className="cat-shop__title">{title}</h1>
          <p className="cat-shop__count" aria-live="polite">
            {countText(products, current)}
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
              <SortSelect shown={shown} change={change} />
            )}
          </div>
          <ShopResults
            products={products}
            current={current}
            inFlight={inFlight}
            searching={searching}
            state={state}
            shown={shown}
            change={change}
            onRetry={retry}
          />
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
