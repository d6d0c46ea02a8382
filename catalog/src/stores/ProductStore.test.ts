import { ApiError, MESSAGES } from '@storefront/shared';
import { changesDuring, createFakeApi, makeProduct } from '@storefront/shared/testing';
import { ProductStore } from './ProductStore';

function setup(products = createFakeApi().state.products) {
  const api = createFakeApi({ products });
  return { api, store: new ProductStore(api) };
}

describe('ProductStore: the product list (spec §3, §4)', () => {
  it('is loading while the request is in flight and replaces the list on success', async () => {
    const { api, store } = setup();
    const release = api.holdNext('getProducts');
    const done = store.fetchProducts({ sub_category: [1], page: 1 }, 'k1');
    expect(store.loading).toBe(true);
    expect(store.list).toEqual([]);
    release();
    await expect(done).resolves.toBe(true);
    expect(store.loading).toBe(false);
    expect(store.list.map((p) => p.slug)).toEqual(['classic-cotton-t-shirt']);
    expect(store.pageInfo).toEqual({ total: 1, totalCapped: false, page: 1, perPage: 12, lastPage: 1, showingResultsFor: null });
    expect(store.listKey).toBe('k1');
    expect(store.error).toBeNull();
    expect(api.callsOf('getProducts')).toEqual([[{ sub_category: [1], page: 1 }]]);
  });

  it('a failure resets the list with "Failed to fetch products information" when the server says nothing', async () => {
    const { api, store } = setup();
    await store.fetchProducts({ page: 1 }, 'all');
    expect(store.list).toHaveLength(4);
    api.failNext('getProducts', new ApiError(500, []));
    await expect(store.fetchProducts({ page: 2 }, 'p2')).resolves.toBe(false);
    expect(store.list).toEqual([]);
    expect(store.listKey).toBeNull();
    expect(store.error).toBe(MESSAGES.productsFailed);
    expect(store.loading).toBe(false);
  });

  it("a failure keeps the server's own message", async () => {
    const { api, store } = setup();
    api.failNext('getProducts', 'The size filter is not valid');
    await store.fetchProducts({ size: '??' });
    expect(store.error).toBe('The size filter is not valid');
  });

  it('an answer that arrives after a newer request is dropped', async () => {
    const { api, store } = setup();
    const releaseFirst = api.holdNext('getProducts');
    const first = store.fetchProducts({ sub_category: [1] }, 'first');
    await store.fetchProducts({ sub_category: [2] }, 'second');
    releaseFirst();
    await expect(first).resolves.toBe(false);
    expect(store.listKey).toBe('second');
    expect(store.list.map((p) => p.slug)).toEqual(['leather-wallet']);
    expect(store.loading).toBe(false);
  });
});

describe('ProductStore: search (spec §4)', () => {
  it('sets the searching flag, replaces the list and clears the details', async () => {
    const { api, store } = setup();
    await store.fetchProductDetails('leather-wallet');
    expect(store.productDetails?.slug).toBe('leather-wallet');
    const release = api.holdNext('searchProducts');
    const done = store.searchProducts('watch', 1, 'q');
    expect(store.searchLoading).toBe(true);
    release();
    await expect(done).resolves.toBe(true);
    expect(store.searchLoading).toBe(false);
    expect(store.list.map((p) => p.slug)).toEqual(['analog-mens-watch']);
    expect(store.productDetails).toBeNull();
    expect(api.callsOf('searchProducts')).toEqual([['watch', 1]]);
  });

  it('a failure is logged ("Failed to search products"), not toasted, and the list stays', async () => {
    const { api, store } = setup();
    await store.fetchProducts({}, 'all');
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.failNext('searchProducts', new ApiError(0, []));
    await expect(store.searchProducts('shirt')).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith(MESSAGES.searchFailed, expect.any(ApiError));
    log.mockRestore();
    expect(store.error).toBe(MESSAGES.searchFailed);
    expect(store.list).toHaveLength(4);
    expect(store.searchLoading).toBe(false);
  });
});

describe('ProductStore: details and variations', () => {
  it('loads a product by slug', async () => {
    const { store } = setup();
    const outcome = await store.fetchProductDetails('classic-cotton-t-shirt');
    expect(outcome.status).toBe('ok');
    expect(store.productDetails?.variations.map((v) => v.product_variation)).toEqual(['S', 'M', 'L']);
    expect(store.loading).toBe(false);
  });

  it('given the same product again (a hydrated page reads the server answer twice) it changes nothing, so nothing renders again', async () => {
    // While a page hydrates, the server's answers are handed out as they are: the same object each time.
    const api = createFakeApi();
    const answer = await api.getProductDetails('classic-cotton-t-shirt');
    const store = new ProductStore({ ...api, getProductDetails: () => Promise.resolve(answer) });
    await store.fetchProductDetails('classic-cotton-t-shirt');
    expect(
      await changesDuring(
        () => store.productDetails,
        () => store.fetchProductDetails('classic-cotton-t-shirt'),
      ),
    ).toEqual([]);
    expect(store.productDetails?.slug).toBe('classic-cotton-t-shirt');
  });

  it('an unknown slug is a failure with the spec message as fallback; only a missing product is "not found"', async () => {
    const { api, store } = setup();
    await expect(store.fetchProductDetails('no-such-thing')).resolves.toEqual({
      status: 'failed',
      message: 'Product not found',
      notFound: true,
    });
    api.failNext('getProductDetails', new ApiError(502, []));
    await expect(store.fetchProductDetails('leather-wallet')).resolves.toEqual({
      status: 'failed',
      message: MESSAGES.productsFailed,
      notFound: false,
    });
    expect(store.productDetails).toBeNull();
  });

  it('an unsuccessful answer (success: false) is a failure too', async () => {
    const { api, store } = setup();
    api.getProductDetails = async () => ({ success: false, message: 'Product is no longer sold' });
    await expect(store.fetchProductDetails('leather-wallet')).resolves.toEqual({
      status: 'failed',
      message: 'Product is no longer sold',
      notFound: true,
    });
  });

  it('size labels are trimmed and de-duplicated (spec §3)', async () => {
    const { store } = setup([
      makeProduct({ sub_category_id: 1, sub_category_variation: 'S, M , L' }),
      makeProduct({ sub_category_id: 1, sub_category_variation: ' M,XL,  S' }),
      makeProduct({ sub_category_id: 2, sub_category_variation: 'Free Size' }),
    ]);
    await store.fetchVariations([1]);
    expect(store.productVariations).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('a variations failure also resets the list (spec §8)', async () => {
    const { api, store } = setup();
    await store.fetchProducts({}, 'all');
    api.failNext('getSubcategoryVariations', new ApiError(500, []));
    await expect(store.fetchVariations([1])).resolves.toBe(false);
    expect(store.list).toEqual([]);
    expect(store.error).toBe(MESSAGES.productsFailed);
  });

  it('the list can be reset and the details cleared', async () => {
    const { store } = setup();
    await store.fetchProducts({}, 'all');
    await store.fetchProductDetails('leather-wallet');
    store.resetList();
    store.clearDetails();
    expect(store.list).toEqual([]);
    expect(store.pageInfo.total).toBe(0);
    expect(store.productDetails).toBeNull();
  });
});
