import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@storefront/shared';
import { renderWithStores } from '@storefront/shared/testing';
import { ShellPanelHost, storeWithCart, TSHIRT_M, TSHIRT_S, WALLET, WATCH } from '../../testing/cartFixtures';

function renderPanel(lines: Parameters<typeof storeWithCart>[0], signedIn = false) {
  const { api, store } = storeWithCart(lines, { signedIn, open: true });
  return renderWithStores(<ShellPanelHost />, { api, store, route: '/products/x' });
}

const panel = () => screen.getByRole('dialog', { name: /^Cart\(\d+\)$/ });

describe('cart side panel', () => {
  it('is titled Cart(count) and shows each line with image, name, Size, price and a stepper', () => {
    renderPanel([
      [...TSHIRT_S, 2],
      [...WALLET, 1],
    ]);
    expect(screen.getByRole('dialog', { name: 'Cart(2)' })).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('link', { name: 'Classic Cotton T-Shirt' })).toHaveAttribute(
      'href',
      '/products/classic-cotton-t-shirt?variant=S',
    );
    expect(within(lines[0]!).getByText('Size: S')).toBeInTheDocument();
    expect(within(lines[0]!).getByText('₹499.00')).toBeInTheDocument();
    expect(within(lines[0]!).getByRole('group', { name: 'Quantity of Classic Cotton T-Shirt' })).toHaveTextContent('2');
    expect(lines[0]!.querySelector('img')).toHaveAttribute('src', '/api/images/products/1-1.svg');
    expect(within(lines[1]!).getByText('₹1,299.00')).toBeInTheDocument();
    expect(within(panel()).getByText('₹2,297.00')).toBeInTheDocument();
  });

  it('links to Checkout, View Cart and Continue Shopping, and closes after its 300 ms animation', async () => {
    const { user, location, store } = renderPanel([[...TSHIRT_S, 1]]);
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    await user.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(location()).toBe('/checkout');
    // Still on screen while it slides out; the store closes once the animation has played.
    expect(panel()).toBeInTheDocument();
    expect(store.cart.isCartOpen).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.cart.isCartOpen).toBe(false);
  });

  it('closes with its close button and with Escape', async () => {
    const { user, store } = renderPanel([[...TSHIRT_S, 1]]);
    await user.click(within(panel()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(store.cart.isCartOpen).toBe(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => store.cart.open());
    expect(await screen.findByRole('dialog', { name: 'Cart(1)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(store.cart.isCartOpen).toBe(false));
  });

  it('removes a line when its quantity is decreased from 1 (spec §4), and updates the title', async () => {
    const { user } = renderPanel([
      [...TSHIRT_S, 1],
      [...WALLET, 2],
    ]);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Classic Cotton T-Shirt' }));
    expect(await screen.findByRole('dialog', { name: 'Cart(1)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Classic Cotton T-Shirt' })).not.toBeInTheDocument();
    expect(await screen.findByText('Item removed from cart')).toBeInTheDocument();
    // Above 1, minus lowers the quantity instead.
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Leather Wallet' }));
    expect(screen.getByRole('group', { name: 'Quantity of Leather Wallet' })).toHaveTextContent('1');
  });

  it('closes itself when the cart becomes empty', async () => {
    const { user, store } = renderPanel([[...TSHIRT_M, 1]]);
    await user.click(screen.getByRole('button', { name: 'Remove Classic Cotton T-Shirt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.cart.isCartOpen).toBe(false);
  });

  it('signed in: removing from 1 calls the server, and a failed removal puts the line back', async () => {
    const { user, api } = renderPanel(
      [
        [...TSHIRT_S, 1],
        [...WATCH, 1],
      ],
      true,
    );
    api.failNext('removeFromCart', new ApiError(500, []));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Classic Cotton T-Shirt' }));
    expect(await screen.findByText('Failed to remove item from cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Classic Cotton T-Shirt' })).toBeInTheDocument();
    expect(panel()).toHaveAccessibleName('Cart(2)');

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Classic Cotton T-Shirt' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Classic Cotton T-Shirt' })).not.toBeInTheDocument());
    expect(api.callsOf('removeFromCart').at(-1)).toEqual([{ retailer_product_id: 1, product_id: 1, variant_id: 11 }]);
    expect(api.state.cart.map((l) => l.product_id)).toEqual([3]);
  });

  it('hints at the quantity cap and refuses to pass it', async () => {
    const { user } = renderPanel([[...TSHIRT_M, 2]]);
    const plus = screen.getByRole('button', { name: 'Increase quantity of Classic Cotton T-Shirt' });
    expect(screen.queryByText('No more items can be added')).not.toBeInTheDocument();
    await user.click(plus); // stock of M is 3
    expect(screen.getByRole('group', { name: 'Quantity of Classic Cotton T-Shirt' })).toHaveTextContent('3');
    expect(screen.getByText('No more items can be added')).toBeInTheDocument();
    expect(plus).toBeDisabled();
  });
});
