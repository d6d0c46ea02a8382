import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, CATEGORY_CAROUSEL_AUTOPLAY_MS, MESSAGES, type Category } from '@storefront/shared';
import { carouselsReady, createFakeApi, fixtureStoreInfo, layOutCarousels, renderWithStores } from '@storefront/shared/testing';
import HomePage from './HomePage';

function apiWithCategories(count: number) {
  const api = createFakeApi();
  const info = fixtureStoreInfo();
  info.sub_category_list = Array.from({ length: count }, (_, i): Category => ({
    id: i + 1,
    name: `Category ${i + 1}`,
    slug: `category-${i + 1}`,
    image: `/api/images/categories/${i + 1}.svg`,
    product_count: 1,
  }));
  api.getStoreInfo = async () => ({ success: true, data: info });
  return api;
}

/** Waits until nothing is loading any more, so no update lands after the test has finished. */
async function settle() {
  await waitFor(() => expect(screen.queryAllByText(/^Loading /)).toHaveLength(0));
}

describe('HomePage', () => {
  it('shows skeletons of the product rows, then the products', async () => {
    const api = createFakeApi();
    const release = api.holdNext('getNewArrivals');
    renderWithStores(<HomePage />, { api });
    expect(screen.getByText('Loading new arrivals')).toBeInTheDocument();
    // Featured products are not held: they arrive while new arrivals still load.
    const featured = await screen.findByRole('list', { name: 'Featured products' });
    expect(within(featured).getByRole('link', { name: 'Leather Wallet' })).toBeInTheDocument();
    release();
    const arrivals = await screen.findByRole('list', { name: 'New arrivals' });
    expect(
      within(arrivals)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Classic Cotton T-Shirt', 'Leather Wallet']);
    expect(screen.queryByText('Loading new arrivals')).not.toBeInTheDocument();
    expect(
      within(arrivals)
        .getAllByText(/₹\d/)
        .map((p) => p.textContent),
    ).toEqual(['₹499.00', '₹699.00', '₹1,299.00', '₹1,599.00']); // price, then the MRP struck through
    await settle();
  });

  it('shows the first banner as a plain, sized, high-priority image with its call to action', async () => {
    renderWithStores(<HomePage />);
    expect(screen.getByText('Loading banners')).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: 'Festive Sale: Up to 40% off' });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', '2400');
    expect(img).toHaveAttribute('height', '900');
    expect(screen.getByRole('link', { name: 'Shop now: Festive Sale' })).toHaveAttribute('href', '/shop');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Test Bazaar | Shop online across India'));
    await settle();
  });

  it('several banners are an autoplaying carousel with a pause button; a static banner type keeps one banner', async () => {
    const banners = [
      { id: 1, title: 'Festive Sale', subtitle: '', image: '/b1.svg', link: '/shop', cta: 'Shop now' },
      { id: 2, title: 'Denim Days', subtitle: '', image: '/b2.svg', link: '/shop?categories=denims', cta: 'Shop denims' },
    ];
    const api = createFakeApi({ homeSections: { banners, sections: [] } });
    const takeLayoutBack = layOutCarousels({ perView: 1 });
    try {
      const first = renderWithStores(<HomePage />, { api });
      const carousel = await screen.findByRole('region', { name: 'Banners' });
      expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      expect(within(carousel).getByRole('button', { name: 'Pause banners' })).toBeInTheDocument();
      expect(within(carousel).getByRole('img', { name: 'Festive Sale' })).toHaveAttribute('fetchpriority', 'high');
      expect(within(carousel).getByRole('img', { name: 'Denim Days' })).toHaveAttribute('loading', 'lazy');
      await settle();
      await carouselsReady();
      expect(within(carousel).getByRole('group', { name: '2 of 2' })).toHaveAttribute('inert');
      expect(within(carousel).getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
      first.unmount();
    } finally {
      takeLayoutBack();
    }

    const api2 = createFakeApi({ homeSections: { banners, sections: [] } });
    const { store } = renderWithStores(<HomePage />, { api: api2 });
    act(() => store.storeInfo.setBannerType('static'));
    expect(await screen.findByRole('img', { name: 'Festive Sale' })).toBeInTheDocument();
    await settle();
    expect(screen.queryByRole('img', { name: 'Denim Days' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Banners' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause banners' })).not.toBeInTheDocument();
  });

  it('categories link to the shop by lower-cased name; grid layout is a list of them', async () => {
    const { store } = renderWithStores(<HomePage />);
    act(() => store.storeInfo.setCategoryLayout('grid'));
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/shop?categories=t-shirts', '/shop?categories=wallet', '/shop?categories=men%27s+-+watch', '/shop?categories=denims']);
    expect(within(list).getByRole('link', { name: 'T-Shirts' })).toBeInTheDocument();
    await settle();
  });

  /** The "N of M" slides of a carousel that are in view: the ones not inert. */
  const shownIn = (carousel: HTMLElement) =>
    within(carousel)
      .getAllByRole('group')
      .filter((g) => !g.hasAttribute('inert'))
      .map((g) => g.getAttribute('aria-label'));

  it('the category carousel moves on every 3000 ms and goes back to the first category after the last', async () => {
    // Fake timers from the start: the carousel's autoplay timer starts once Swiper has.
    jest.useFakeTimers();
    const takeLayoutBack = layOutCarousels({ perView: 1 });
    try {
      renderWithStores(<HomePage />, { api: apiWithCategories(3) });
      const carousel = await screen.findByRole('region', { name: 'Categories' });
      await settle();
      await carouselsReady();
      expect(shownIn(carousel)).toEqual(['1 of 3']);
      expect(within(carousel).getByRole('button', { name: 'Pause categories' })).toBeInTheDocument();
      expect(within(carousel).getByRole('link', { name: 'Category 1' })).toHaveAttribute('href', '/shop?categories=category+1');
      act(() => jest.advanceTimersByTime(CATEGORY_CAROUSEL_AUTOPLAY_MS - 1));
      expect(shownIn(carousel)).toEqual(['1 of 3']);
      act(() => jest.advanceTimersByTime(1));
      expect(shownIn(carousel)).toEqual(['2 of 3']);
      act(() => jest.advanceTimersByTime(CATEGORY_CAROUSEL_AUTOPLAY_MS));
      expect(shownIn(carousel)).toEqual(['3 of 3']);
      act(() => jest.advanceTimersByTime(CATEGORY_CAROUSEL_AUTOPLAY_MS));
      expect(shownIn(carousel)).toEqual(['1 of 3']);
    } finally {
      takeLayoutBack();
      jest.useRealTimers();
    }
  });

  it('spec §9: 8 categories in view on a wide screen, and with a ninth the carousel loops on past the last', async () => {
    jest.useFakeTimers();
    const takeLayoutBack = layOutCarousels({ perView: 8 });
    try {
      renderWithStores(<HomePage />, { api: apiWithCategories(9) });
      const carousel = await screen.findByRole('region', { name: 'Categories' });
      await settle();
      await carouselsReady();
      const of9 = (...n: number[]) => n.map((i) => `${i} of 9`);
      expect(shownIn(carousel)).toEqual(of9(1, 2, 3, 4, 5, 6, 7, 8));
      act(() => jest.advanceTimersByTime(CATEGORY_CAROUSEL_AUTOPLAY_MS));
      expect(shownIn(carousel)).toEqual(of9(2, 3, 4, 5, 6, 7, 8, 9));
      // Not back to the start: the first category comes on after the ninth.
      act(() => jest.advanceTimersByTime(CATEGORY_CAROUSEL_AUTOPLAY_MS));
      expect(shownIn(carousel)).toEqual(of9(3, 4, 5, 6, 7, 8, 9, 1));
    } finally {
      takeLayoutBack();
      jest.useRealTimers();
    }
  });

  it('no categories says so', async () => {
    renderWithStores(<HomePage />, { api: apiWithCategories(0) });
    expect(await screen.findByText(MESSAGES.noCategories)).toBeInTheDocument();
    await settle();
  });

  it('a failed home sections call toasts its message and the rest of the page stays', async () => {
    const api = createFakeApi();
    api.failNext('getHomeSections', new ApiError(500, []));
    renderWithStores(<HomePage />, { api });
    expect(await screen.findByText(MESSAGES.homeSectionsFailed)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'New arrivals' })).toBeInTheDocument();
    expect(screen.queryByText('Loading banners')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Products' })).toBeInTheDocument();
    await settle();
  });

  it('a failed featured call toasts "Failed to fetch store information" and says so in its row', async () => {
    const api = createFakeApi();
    api.failNext('getFeaturedProducts', new ApiError(0, []));
    renderWithStores(<HomePage />, { api });
    await waitFor(() => expect(screen.getAllByText(MESSAGES.featuredFailed)).toHaveLength(2));
    expect(await screen.findByRole('list', { name: 'New arrivals' })).toBeInTheDocument();
    await settle();
  });

  it('orders and titles the blocks as the server sections say', async () => {
    const api = createFakeApi({
      homeSections: {
        banners: [],
        sections: [
          { id: 1, title: 'Handpicked', subtitle: 'Our favourites', type: 'featured_products' },
          { id: 2, title: 'Fresh in', subtitle: '', type: 'new_arrivals' },
        ],
      },
    });
    renderWithStores(<HomePage />, { api });
    await screen.findByRole('heading', { level: 2, name: 'Handpicked' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Handpicked', 'Fresh in', 'Shop by Category']);
    expect(screen.getByText('Our favourites')).toBeInTheDocument();
    await settle();
  });
});
