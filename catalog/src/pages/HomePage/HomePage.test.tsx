import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, CATEGORY_CAROUSEL_AUTOPLAY_MS, MESSAGES, type Category } from '@storefront/shared';
import { createFakeApi, fixtureStoreInfo, renderWithStores } from '@storefront/shared/testing';
import HomePage from './HomePage';

type SwiperHost = HTMLElement & { swiper?: { params: { loop: boolean; autoplay: { delay: number } | false } } };

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

/**
 * Waits until nothing is loading any more and the idle enhancements (swiper) are in, so no update lands
 * after the test has finished.
 */
async function settle(container: HTMLElement) {
  await waitFor(() => {
    expect(screen.queryAllByText(/^Loading /)).toHaveLength(0);
    expect(container.querySelector('.cat-tiles-row li')).toBeNull();
  });
}

describe('HomePage', () => {
  it('shows skeletons of the product rows, then the products', async () => {
    const api = createFakeApi();
    const release = api.holdNext('getNewArrivals');
    const { container } = renderWithStores(<HomePage />, { api });
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
    await settle(container);
  });

  it('shows the first banner as a plain, sized, high-priority image with its call to action', async () => {
    const { container } = renderWithStores(<HomePage />);
    expect(screen.getByText('Loading banners')).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: 'Festive Sale: Up to 40% off' });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', '2400');
    expect(img).toHaveAttribute('height', '900');
    expect(screen.getByRole('link', { name: 'Shop now: Festive Sale' })).toHaveAttribute('href', '/shop');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Test Bazaar | Shop online across India'));
    await settle(container);
  });

  it('several banners become a slider once the page is idle; a static banner type keeps one banner', async () => {
    const banners = [
      { id: 1, title: 'Festive Sale', subtitle: '', image: '/b1.svg', link: '/shop', cta: 'Shop now' },
      { id: 2, title: 'Denim Days', subtitle: '', image: '/b2.svg', link: '/shop?categories=denims', cta: 'Shop denims' },
    ];
    const api = createFakeApi({ homeSections: { banners, sections: [] } });
    const first = renderWithStores(<HomePage />, { api });
    expect(await screen.findByRole('button', { name: 'Pause banners' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Denim Days' })).toHaveAttribute('loading', 'lazy');
    await settle(first.container);
    first.unmount();

    const api2 = createFakeApi({ homeSections: { banners, sections: [] } });
    const { store, container } = renderWithStores(<HomePage />, { api: api2 });
    act(() => store.storeInfo.setBannerType('static'));
    expect(await screen.findByRole('img', { name: 'Festive Sale' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('img', { name: 'Denim Days' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause banners' })).not.toBeInTheDocument();
    await settle(container);
  });

  it('categories link to the shop by lower-cased name; grid layout is a list of them', async () => {
    const { store, container } = renderWithStores(<HomePage />);
    act(() => store.storeInfo.setCategoryLayout('grid'));
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/shop?categories=t-shirts', '/shop?categories=wallet', '/shop?categories=men%27s+-+watch', '/shop?categories=denims']);
    expect(within(list).getByRole('link', { name: 'T-Shirts' })).toBeInTheDocument();
    await settle(container);
  });

  it('the category carousel autoplays every 3000 ms and loops only with more than 8 categories', async () => {
    const { container, unmount } = renderWithStores(<HomePage />, { api: apiWithCategories(8) });
    await screen.findByRole('link', { name: 'Category 8' });
    await waitFor(() => expect(container.querySelector<SwiperHost>('.cat-tiles-carousel .swiper')?.swiper).toBeDefined());
    let swiper = container.querySelector<SwiperHost>('.cat-tiles-carousel .swiper')!.swiper!;
    expect(swiper.params.loop).toBe(false);
    expect(swiper.params.autoplay).toMatchObject({ delay: CATEGORY_CAROUSEL_AUTOPLAY_MS });
    await settle(container);
    unmount();

    const nine = renderWithStores(<HomePage />, { api: apiWithCategories(9) });
    await waitFor(() => expect(nine.container.querySelector<SwiperHost>('.cat-tiles-carousel .swiper')?.swiper).toBeDefined());
    swiper = nine.container.querySelector<SwiperHost>('.cat-tiles-carousel .swiper')!.swiper!;
    expect(swiper.params.loop).toBe(true);
    await settle(nine.container);
  });

  it('no categories says so', async () => {
    const { container } = renderWithStores(<HomePage />, { api: apiWithCategories(0) });
    expect(await screen.findByText(MESSAGES.noCategories)).toBeInTheDocument();
    await settle(container);
  });

  it('a failed home sections call toasts its message and the rest of the page stays', async () => {
    const api = createFakeApi();
    api.failNext('getHomeSections', new ApiError(500, []));
    const { container } = renderWithStores(<HomePage />, { api });
    expect(await screen.findByText(MESSAGES.homeSectionsFailed)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'New arrivals' })).toBeInTheDocument();
    expect(screen.queryByText('Loading banners')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Products' })).toBeInTheDocument();
    await settle(container);
  });

  it('a failed featured call toasts "Failed to fetch store information" and says so in its row', async () => {
    const api = createFakeApi();
    api.failNext('getFeaturedProducts', new ApiError(0, []));
    const { container } = renderWithStores(<HomePage />, { api });
    await waitFor(() => expect(screen.getAllByText(MESSAGES.featuredFailed)).toHaveLength(2));
    expect(await screen.findByRole('list', { name: 'New arrivals' })).toBeInTheDocument();
    await settle(container);
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
    const { container } = renderWithStores(<HomePage />, { api });
    await screen.findByRole('heading', { level: 2, name: 'Handpicked' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Handpicked', 'Fresh in', 'Shop by Category']);
    expect(screen.getByText('Our favourites')).toBeInTheDocument();
    await settle(container);
  });
});
