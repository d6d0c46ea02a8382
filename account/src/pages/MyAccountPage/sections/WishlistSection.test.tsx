import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, renderWithStores } from '@storefront/shared/testing';
import MyAccountPage from '../MyAccountPage';

function renderWishlist(wishlist: number[]) {
  const api = createFakeApi({ wishlist });
  return renderWithStores(<MyAccountPage />, { api, signedIn: true, route: '/my-account/wishlist', path: '/my-account/*' });
}

const list = () => screen.getByRole('list', { name: 'Wishlist' });

describe('Wishlist', () => {
  it('lists the saved products with their price in ₹', async () => {
    renderWishlist([2, 3]);
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list()).getByRole('link', { name: 'Leather Wallet' })).toHaveAttribute('href', '/products/leather-wallet');
    expect(within(list()).getByText('₹1,299.00')).toBeInTheDocument();
    expect(within(list()).getByText('₹3,499.00')).toBeInTheDocument();
  });

  it("removes with the server's message and refetches", async () => {
    const { user, api, store } = renderWishlist([2, 3]);
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(2));
    const fetchesBefore = api.callsOf('getWishlist').length;
    await user.click(within(list()).getByRole('button', { name: 'Remove Leather Wallet from wishlist' }));
    expect(await screen.findByText('Product removed from wishlist')).toBeInTheDocument();
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsOf('removeFromWishlist')).toEqual([[2]]);
    expect(api.callsOf('getWishlist').length).toBe(fetchesBefore + 1);
    expect(store.wishlist.has(2)).toBe(false);
  });

  it('moves a product to the cart (the cart toasts) and off the wishlist', async () => {
    const { user, api, store } = renderWishlist([3]);
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(list()).getByRole('button', { name: "Move to cart: Analog Men's Watch" }));
    expect(await screen.findByText('Item added to cart.')).toBeInTheDocument();
    expect(api.callsOf('addToCart')).toEqual([[{ retailer_id: 7, wholesaler_id: null, id: 31, quantity: 1, product_id: 3 }]]);
    expect(store.cart.count).toBe(1);
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
  });

  it('a sold-out product cannot be moved to the cart', async () => {
    renderWishlist([4]);
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list()).getByText('Out of stock')).toBeInTheDocument();
    expect(within(list()).getByRole('button', { name: 'Move to cart: Slim Fit Denims' })).toBeDisabled();
  });

  it('an empty wishlist leads to the shop', async () => {
    renderWishlist([]);
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/shop');
  });
});
