import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, LIST_TOTAL_CAP, MESSAGES } from '@storefront/shared';
import { createFakeApi, makeProduct, makeVariation, renderWithStores } from '@storefront/shared/testing';
import { HistoryButtons } from '../../testing/HistoryButtons';
import ShopPage from './ShopPage';

function renderShop(route: string, options: Parameters<typeof renderWithStores>[1] = {}) {
  return renderWithStores(
    <>
      <ShopPage />
      <HistoryButtons />
    </>,
    { route, path: '/shop', ...options },
  );
}

const productNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

async function shownProducts() {
  await waitFor(() => expect(screen.getByRole('list', { name: 'Products' })).not.toHaveAttribute('aria-busy'));
  return productNames();
}

/** 30 T-shirts priced ₹100, ₹110 … so pages and sorting are visible. */
function manyShirts() {
  return Array.from({ length: 30 }, (_, i) =>
    makeProduct({
      id: 500 + i,
      product_name: `Shirt ${String(i + 1).padStart(2, '0')}`,
      sub_category_id: 1,
      variations: [makeVariation({ final_price: `${100 + i * 10}.00`, product_variation: i % 2 ? 'M' : 'S' })],
    }),
  );
}

describe('ShopPage: filters live in the URL', () => {
  it('shows the category from ?categories= (lower-cased name → sub-category id)', async () => {
    const { api } = renderShop('/shop?categories=t-shirts');
    expect(await screen.findByRole('heading', { level: 1, name: 'T-Shirts' })).toBeInTheDocument();
    expect(await shownProducts()).toEqual(['Classic Cotton T-Shirt']);
    expect(api.callsOf('getProducts').at(-1)).toEqual([{ page: 1, sub_category: [1] }]);
    expect(screen.getByRole('checkbox', { name: 'T-Shirts' })).toBeChecked();
    expect(screen.getByText('Showing 1–1 of 1 product')).toBeInTheDocument();
    // Card: name, price in ₹ with two decimals, out-of-stock badge only where due.
    expect(screen.getByText('₹499.00')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Products' })).queryByText('Out of stock')).not.toBeInTheDocument();
  });

  it('a reload of a filtered URL reproduces the controls and the request', async () => {
    const { api } = renderShop('/shop?categories=t-shirts,wallet&min_price=400&max_price=1500&size=M&in_stock=1&sort_by=price_desc&page=1');
    expect(await shownProducts()).toEqual(['Classic Cotton T-Shirt']);
    expect(api.callsOf('getProducts').at(-1)).toEqual([
      { page: 1, sub_category: [1, 2], min_price: 400, max_price: 1500, size: 'M', in_stock: true, sort_by: 'price_desc' },
    ]);
    expect(screen.getByRole('checkbox', { name: 'T-Shirts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wallet' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Denims' })).not.toBeChecked();
    expect(screen.getByLabelText('Minimum price')).toHaveValue(400);
    expect(screen.getByLabelText('Maximum price')).toHaveValue(1500);
    expect(screen.getByLabelText('Size')).toHaveValue('M');
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Out of stock' })).not.toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
  });

  it('each filter change is written to the URL and back/forward restore the list', async () => {
    const { user, location } = renderShop('/shop');
    expect(await shownProducts()).toHaveLength(4);

    await user.click(screen.getByRole('checkbox', { name: 'In stock' }));
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1'));
    expect(await shownProducts()).toEqual(['Classic Cotton T-Shirt', 'Leather Wallet', "Analog Men's Watch"]);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1&sort_by=price_desc'));
    expect(await shownProducts()).toEqual(["Analog Men's Watch", 'Leather Wallet', 'Classic Cotton T-Shirt']);

    await user.type(screen.getByLabelText('Maximum price'), '1500');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(location()).toBe('/shop?max_price=1500&in_stock=1&sort_by=price_desc'));
    expect(await shownProducts()).toEqual(['Leather Wallet', 'Classic Cotton T-Shirt']);

    await user.click(screen.getByRole('button', { name: 'History back' }));
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1&sort_by=price_desc'));
    expect(await shownProducts()).toEqual(["Analog Men's Watch", 'Leather Wallet', 'Classic Cotton T-Shirt']);
    expect(screen.getByLabelText('Maximum price')).toHaveValue(null);

    await user.click(screen.getByRole('button', { name: 'History back' }));
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');

    await user.click(screen.getByRole('button', { name: 'History forward' }));
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1&sort_by=price_desc'));
    expect(await shownProducts()).toEqual(["Analog Men's Watch", 'Leather Wallet', 'Classic Cotton T-Shirt']);
  });

  it('sizes come from the sub-category variations, de-duplicated; choosing one filters the list', async () => {
    const { user, location, api } = renderShop('/shop?categories=t-shirts');
    const size = await screen.findByLabelText('Size');
    await waitFor(() =>
      expect(
        within(size)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All sizes', 'S', 'M', 'L']),
    );
    expect(api.callsOf('getSubcategoryVariations').at(-1)).toEqual([[1]]);
    await user.selectOptions(size, 'L');
    await waitFor(() => expect(location()).toBe('/shop?categories=t-shirts&size=L'));
    expect(api.callsOf('getProducts').at(-1)).toEqual([{ page: 1, sub_category: [1], size: 'L' }]);
  });

  it('clearing all filters goes back to the whole catalogue', async () => {
    const { user, location } = renderShop('/shop?categories=denims&out_of_stock=1');
    expect(await shownProducts()).toEqual(['Slim Fit Denims']);
    expect(within(screen.getByRole('list', { name: 'Products' })).getByText('Out of stock')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(await shownProducts()).toHaveLength(4);
  });

  it('says so when nothing matches, with a way out', async () => {
    const { user, location } = renderShop('/shop?min_price=90000');
    const message = (await screen.findByText('No products match these filters.')).parentElement!;
    await user.click(within(message).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(location()).toBe('/shop'));
  });
});

/**
 * Two controls used one right after the other, before the router has committed the first one's
 * navigation (a busy phone, a quick thumb): React handles both events before it renders, so the second
 * handler runs with the first render's props. Every change must still build on the one before it.
 */
describe('ShopPage: changes made back to back compose', () => {
  /** Runs the events as one task, as a browser does with input that arrives before React has rendered. */
  function backToBack(...events: (() => void)[]) {
    act(() => {
      for (const e of events) e();
    });
  }

  it('a size and then "In stock": both reach the URL and the controls', async () => {
    const { location } = renderShop('/shop?categories=t-shirts');
    const size = await screen.findByLabelText('Size');
    await waitFor(() => expect(within(size).getAllByRole('option')).toHaveLength(4));
    backToBack(
      () => fireEvent.change(size, { target: { value: 'M' } }),
      () => fireEvent.click(screen.getByRole('checkbox', { name: 'In stock' })),
    );
    await waitFor(() => expect(location()).toBe('/shop?categories=t-shirts&size=M&in_stock=1'));
    expect(screen.getByLabelText('Size')).toHaveValue('M');
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();
  });

  it('a category, availability, a price and a sort, all at once', async () => {
    const { user, location } = renderShop('/shop');
    expect(await shownProducts()).toHaveLength(4);
    await user.type(screen.getByLabelText('Maximum price'), '1500');
    backToBack(
      () => fireEvent.click(screen.getByRole('checkbox', { name: 'T-Shirts' })),
      () => fireEvent.click(screen.getByRole('checkbox', { name: 'Wallet' })),
      () => fireEvent.click(screen.getByRole('checkbox', { name: 'In stock' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Apply price' })),
      () => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_desc' } }),
    );
    await waitFor(() => expect(location()).toBe('/shop?categories=t-shirts%2Cwallet&max_price=1500&in_stock=1&sort_by=price_desc'));
    expect(await shownProducts()).toEqual(['Leather Wallet', 'Classic Cotton T-Shirt']);
    expect(screen.getByRole('checkbox', { name: 'T-Shirts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wallet' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
  });

  it('a filter and then a page link: the page keeps the filter', async () => {
    const api = createFakeApi({ products: manyShirts() });
    const { location } = renderShop('/shop', { api });
    expect(await shownProducts()).toHaveLength(12);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    backToBack(
      () => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_desc' } }),
      () => fireEvent.click(within(nav).getByRole('link', { name: 'Page 2' })),
    );
    await waitFor(() => expect(location()).toBe('/shop?sort_by=price_desc&page=2'));
    await waitFor(() => expect(screen.getByText('Showing 13–24 of 30 products')).toBeInTheDocument());
    expect(productNames()[0]).toBe('Shirt 18');
  });

  it('after back, the next change builds on the URL the shopper went back to', async () => {
    const { user, location } = renderShop('/shop');
    expect(await shownProducts()).toHaveLength(4);
    backToBack(
      () => fireEvent.click(screen.getByRole('checkbox', { name: 'In stock' })),
      () => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_desc' } }),
    );
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1&sort_by=price_desc'));
    await user.click(screen.getByRole('button', { name: 'History back' }));
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1'));
    await user.click(screen.getByRole('checkbox', { name: 'Out of stock' }));
    await waitFor(() => expect(location()).toBe('/shop?in_stock=1&out_of_stock=1'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });
});

describe('ShopPage: pages', () => {
  it('shows the total, moves between pages by URL, and a filter change goes back to page 1', async () => {
    const api = createFakeApi({ products: manyShirts() });
    const { user, location } = renderShop('/shop', { api });
    expect(await shownProducts()).toHaveLength(12);
    expect(screen.getByText('Showing 1–12 of 30 products')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe('/shop?page=3'));
    await waitFor(() => expect(screen.getByText('Showing 25–30 of 30 products')).toBeInTheDocument());
    expect(productNames()[0]).toBe('Shirt 25');

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(location()).toBe('/shop?page=2'));
    await waitFor(() => expect(screen.getByText('Showing 13–24 of 30 products')).toBeInTheDocument());

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    await waitFor(() => expect(location()).toBe('/shop?sort_by=price_desc'));
    await waitFor(() => expect(productNames()[0]).toBe('Shirt 30'));
    expect(api.callsOf('getProducts').at(-1)).toEqual([{ page: 1, sort_by: 'price_desc' }]);
  });

  it('a page past the end offers the first page', async () => {
    const api = createFakeApi({ products: manyShirts() });
    renderShop('/shop?page=9', { api });
    expect(await screen.findByText('There are no products on page 9.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/shop');
  });
});

describe('ShopPage: totals past the count cap', () => {
  it('shows "1,000+" when the server stopped counting', async () => {
    const products = Array.from({ length: LIST_TOTAL_CAP + 5 }, (_, i) => makeProduct({ id: 2000 + i, product_name: `Tee ${i}` }));
    renderShop('/shop', { api: createFakeApi({ products }) });
    await shownProducts();
    expect(screen.getByText('Showing 1–12 of 1,000+ products')).toBeInTheDocument();
  });
});

describe('ShopPage: search', () => {
  it('runs /search-products for ?search= and shows what was searched for', async () => {
    const { api } = renderShop('/shop?search=wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “wallet”' })).toBeInTheDocument();
    expect(await shownProducts()).toEqual(['Leather Wallet']);
    expect(api.callsOf('searchProducts')).toEqual([['wallet', 1]]);
    expect(api.callsOf('getProducts')).toHaveLength(0);
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('wallet');
  });

  it('says which words it shows results for when the typed ones found nothing (spelling tolerance)', async () => {
    const api = createFakeApi();
    const search = api.searchProducts.bind(api);
    // The server answers a misspelt search with its correction (issue 36); the fake API knows no spelling.
    api.searchProducts = async (term, page, o) => {
      const res = await search(term === 'wallte' ? 'wallet' : term, page, o);
      return res?.data && term === 'wallte' ? { ...res, data: { ...res.data, showing_results_for: 'wallet' } } : res;
    };
    renderShop('/shop?search=wallte', { api });
    expect(await shownProducts()).toEqual(['Leather Wallet']);
    const note = screen.getByText(/Showing results for/);
    expect(note).toHaveTextContent('Showing results for wallet');
    expect(within(note).getByText('wallet').tagName).toBe('B');
  });

  it('does not claim a correction when the typed words found the products', async () => {
    renderShop('/shop?search=wallet');
    expect(await shownProducts()).toEqual(['Leather Wallet']);
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });

  it('empty results say so and lead back to the shop', async () => {
    const { user, location } = renderShop('/shop?search=saree');
    expect(await screen.findByText('No products found for “saree”.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse all products' }));
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(await shownProducts()).toHaveLength(4);
  });

  it('a new search from the page goes to /shop?search=<term>; a blank one does nothing', async () => {
    const { user, location } = renderShop('/shop');
    await shownProducts();
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/shop');
    await user.clear(box);
    await user.type(box, " men's watch ");
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/shop?search=men%27s+watch'));
  });

  it('a failed search is not toasted but shown in place', async () => {
    const api = createFakeApi();
    api.failNext('searchProducts', new ApiError(0, []));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShop('/shop?search=shirt', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.searchFailed);
    expect(log).toHaveBeenCalledWith(MESSAGES.searchFailed, expect.anything());
    log.mockRestore();
    // The toast host is mounted: a toast would be a second copy of the message.
    expect(screen.getAllByText(MESSAGES.searchFailed)).toHaveLength(1);
  });
});

describe('ShopPage: failures and the wishlist', () => {
  it('a failed list shows the spec message (toast and in place) and Try again reloads it', async () => {
    const api = createFakeApi();
    api.failNext('getProducts', new ApiError(500, []));
    const { user } = renderShop('/shop', { api });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(MESSAGES.productsFailed);
    // And the toast of spec §8.
    await waitFor(() => expect(screen.getAllByText(MESSAGES.productsFailed)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await shownProducts()).toHaveLength(4);
  });

  it('a guest who taps the heart is sent to sign in', async () => {
    const { user, location } = renderShop('/shop');
    await shownProducts();
    await user.click(screen.getByRole('button', { name: 'Add Leather Wallet to wishlist' }));
    await waitFor(() => expect(location()).toBe('/signin'));
  });

  it('a signed-in shopper adds to the wishlist from a card', async () => {
    const { user, api } = renderShop('/shop', { signedIn: true });
    await shownProducts();
    await user.click(screen.getByRole('button', { name: 'Add Leather Wallet to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove Leather Wallet from wishlist' })).toBeInTheDocument();
    expect(api.state.wishlist).toEqual([2]);
  });
});
