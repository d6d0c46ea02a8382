import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, MESSAGES, RootStore } from '@storefront/shared';
import { createFakeApi, fixtureStoreInfo, memoryStorage, renderWithStores } from '@storefront/shared/testing';
import ProductPage from './ProductPage';

const TSHIRT = 'Classic Cotton T-Shirt';

function renderProduct(route: string, options: Parameters<typeof renderWithStores>[1] = {}) {
  return renderWithStores(<ProductPage />, { route, path: '/products/:slug', ...options });
}

async function loaded() {
  return screen.findByRole('heading', { level: 1, name: TSHIRT });
}

const quantity = () => within(screen.getByRole('group', { name: `Quantity of ${TSHIRT}` })).getByRole('status');

describe('ProductPage: loading and not found', () => {
  it('loads the product by slug: name, price of the first in-stock size, gallery, structured data', async () => {
    const { api, container } = renderProduct('/products/classic-cotton-t-shirt');
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');
    await loaded();
    expect(api.callsOf('getProductDetails')).toEqual([['classic-cotton-t-shirt']]);
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
    expect(screen.getByText('₹499.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${TSHIRT}, image 1 of 2` })).toHaveAttribute('fetchpriority', 'high');
    const ld = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(ld?.textContent ?? '{}') as {
      offers: { name: string; priceCurrency: string; price: string; availability: string }[];
    };
    expect(data).toMatchObject({ '@type': 'Product', name: TSHIRT });
    // One offer per size, each with its price in INR and its own availability.
    expect(data.offers.map((o) => o.name)).toEqual(['S', 'M', 'L']);
    expect(data.offers[0]).toMatchObject({ priceCurrency: 'INR', price: '499.00', availability: 'https://schema.org/InStock' });
    await waitFor(() => expect(document.title).toBe(`${TSHIRT} | Test Bazaar`));
  });

  it('an unknown slug goes to /not-found', async () => {
    const { location } = renderProduct('/products/no-such-product');
    await waitFor(() => expect(location()).toBe('/not-found'));
  });

  it('a failed load goes to /not-found too', async () => {
    const api = createFakeApi();
    api.failNext('getProductDetails', new ApiError(0, []));
    const { location } = renderProduct('/products/classic-cotton-t-shirt', { api });
    await waitFor(() => expect(location()).toBe('/not-found'));
  });

  it('an unsuccessful answer goes to /not-found', async () => {
    const api = createFakeApi();
    api.getProductDetails = async () => ({ success: false, message: 'Not sold any more' });
    const { location } = renderProduct('/products/classic-cotton-t-shirt', { api });
    await waitFor(() => expect(location()).toBe('/not-found'));
  });
});

describe('ProductPage: variants', () => {
  it('?variant= picks the size; choosing another writes it to the URL and shows its price', async () => {
    const { user, location } = renderProduct('/products/classic-cotton-t-shirt?variant=M');
    await loaded();
    expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'S' }));
    expect(location()).toBe('/products/classic-cotton-t-shirt?variant=S');
    expect(screen.getByText('In stock')).toBeInTheDocument();
  });

  it('out-of-stock sizes are disabled; linked to one, it cannot be added', async () => {
    renderProduct('/products/classic-cotton-t-shirt?variant=L');
    await loaded();
    const large = screen.getByRole('radio', { name: 'L, out of stock' });
    expect(large).toBeDisabled();
    expect(large).toBeChecked();
    expect(screen.getByText('₹549.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('accepts a variant id in the URL as older links carry it', async () => {
    renderProduct('/products/classic-cotton-t-shirt?variant=12');
    await loaded();
    expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
  });
});

describe('ProductPage: quantity caps (spec §5)', () => {
  it('stops at the stock with "No more items can be added"', async () => {
    const { user } = renderProduct('/products/classic-cotton-t-shirt?variant=M');
    await loaded();
    const plus = screen.getByRole('button', { name: `Increase quantity of ${TSHIRT}` });
    expect(screen.queryByText(MESSAGES.noMoreItems)).not.toBeInTheDocument();
    await user.click(plus);
    await user.click(plus);
    expect(quantity()).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    expect(screen.getByText(MESSAGES.noMoreItems)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Decrease quantity of ${TSHIRT}` }));
    expect(quantity()).toHaveTextContent('2');
    expect(screen.queryByText(MESSAGES.noMoreItems)).not.toBeInTheDocument();
  });

  it('stops at 5 per line, counting what the cart already holds', async () => {
    const { user, store } = renderProduct('/products/classic-cotton-t-shirt?variant=S');
    await loaded();
    const plus = screen.getByRole('button', { name: `Increase quantity of ${TSHIRT}` });
    for (let i = 0; i < 6; i++) await user.click(plus);
    expect(quantity()).toHaveTextContent('5');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(MESSAGES.addedGuest)).toBeInTheDocument();
    expect(store.cart.cartItems).toHaveLength(1);
    expect(store.cart.cartItems[0]?.quantity).toBe(5);
    // The line is full: nothing more of size S.
    expect(screen.getByText(MESSAGES.noMoreItems)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });
});

describe('ProductPage: add to cart', () => {
  it('a guest adds to the local cart with the spec message', async () => {
    const { user, store, api } = renderProduct('/products/classic-cotton-t-shirt?variant=M');
    await loaded();
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${TSHIRT}` }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(MESSAGES.addedGuest)).toBeInTheDocument();
    expect(store.cart.cartItems).toMatchObject([{ product_id: 1, quantity: 2, selected_variant: { id: 12, product_variation: 'M' } }]);
    expect(api.callsOf('addToCart')).toHaveLength(0);
    // The quantity starts over, capped by what is left (3 in stock - 2 in the cart).
    expect(quantity()).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${TSHIRT}` }));
    expect(screen.getByText(MESSAGES.noMoreItems)).toBeInTheDocument();
  });

  it('a signed-in shopper adds to the server cart', async () => {
    const { user, store, api } = renderProduct('/products/leather-wallet', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Leather Wallet' });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Item added to cart.')).toBeInTheDocument();
    expect(api.callsOf('addToCart')).toEqual([[{ retailer_id: 7, wholesaler_id: null, id: 21, quantity: 1, product_id: 2 }]]);
    expect(api.state.cart).toHaveLength(1);
    expect(store.cart.count).toBe(1);
  });

  it('the ₹10,000 limit is refused with its message', async () => {
    const api = createFakeApi();
    const store = new RootStore(api, { storage: memoryStorage() });
    // Already ₹9,996 in the cart (4 × ₹2,499).
    store.cart.replaceCart([
      {
        id: 9,
        product_id: 9,
        retailer_product_id: 9,
        quantity: 4,
        product_stock: 10,
        product_name: 'Saree',
        product_images: '',
        product_slug: 'saree',
        final_price: '2499.00',
        retailer_id: 7,
        wholesaler_id: null,
        selected_variant: { id: 90, product_variation: 'Free Size', final_price: '2499.00', stock: 10 },
      },
    ]);
    const { user } = renderProduct('/products/classic-cotton-t-shirt', { api, store });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(MESSAGES.cartTotalLimit)).toBeInTheDocument();
    expect(store.cart.cartItems).toHaveLength(1);
  });
});

describe('ProductPage: wishlist and chat', () => {
  it('a guest is sent to /signin by the wishlist button', async () => {
    const { user, location } = renderProduct('/products/classic-cotton-t-shirt');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(location()).toBe('/signin'));
  });

  it('a signed-in shopper toggles the wishlist', async () => {
    const { user, api } = renderProduct('/products/classic-cotton-t-shirt', { signedIn: true });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeInTheDocument();
    expect(api.state.wishlist).toEqual([1]);
    await user.click(screen.getByRole('button', { name: 'Remove from wishlist' }));
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toBeInTheDocument();
    expect(api.state.wishlist).toEqual([]);
  });

  it('the chat link carries the digits of the phone and the product link with the variant', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderProduct('/products/classic-cotton-t-shirt?variant=M');
    await loaded();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enquire on chat' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Enquire on chat' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target] = open.mock.calls[0]!;
    expect(target).toBe('_blank');
    const link = new URL(String(url));
    expect(link.origin + link.pathname).toBe('https://wa.me/919876543210');
    expect(link.searchParams.get('text')).toContain(`${window.location.origin}/products/classic-cotton-t-shirt?variant=M`);
    open.mockRestore();
  });

  it('without a phone number the chat link is not opened and the error is logged', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    const info = fixtureStoreInfo();
    info.storeinfo.mobile_no = '';
    api.getStoreInfo = async () => ({ success: true, data: info });
    const { user } = renderProduct('/products/classic-cotton-t-shirt', { api });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Enquire on chat' }));
    expect(open).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Missing product name, URL, or phone number');
    open.mockRestore();
    log.mockRestore();
  });
});

describe('ProductPage: gallery', () => {
  it('thumbnails and the arrow keys change the image', async () => {
    const { user } = renderProduct('/products/classic-cotton-t-shirt');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: `${TSHIRT}, image 2 of 2` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: `${TSHIRT}, image 1 of 2` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show image 1 of 2' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img', { name: `${TSHIRT}, image 2 of 2` })).toBeInTheDocument();
  });
});
