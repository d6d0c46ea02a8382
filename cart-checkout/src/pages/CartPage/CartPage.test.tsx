import { act, screen, waitFor, within } from '@testing-library/react';
import { RootStore, STATE_KEY } from '@storefront/shared';
import { createFakeApi, memoryStorage, renderWithStores } from '@storefront/shared/testing';
import { TOTAL_LIMIT_HINT } from '../../components/CartLineItem/CartLineItem';
import { screensAfterSessionRestore, lineOf, storeWithCart, TSHIRT_M, TSHIRT_S, WALLET, WATCH } from '../../testing/cartFixtures';
import CartPage from './CartPage';

function renderCart(lines: Parameters<typeof storeWithCart>[0], signedIn = false) {
  const { api, store } = storeWithCart(lines, { signedIn });
  return renderWithStores(<CartPage />, { api, store, route: '/cart' });
}

const line = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('cart page', () => {
  it('shows its heading and a skeleton, never "empty", until the saved cart is applied (rendered on the server, hydrating)', async () => {
    const api = createFakeApi();
    const storage = memoryStorage({ [STATE_KEY]: JSON.stringify({ cart: { cartItems: [lineOf(api, ...TSHIRT_S, 2)] } }) });
    const store = new RootStore(api, { storage, deferPersistence: true });
    renderWithStores(<CartPage />, { api, store, route: '/cart' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart');
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();

    act(() => store.startPersistence());
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    expect(
      within((await screen.findByRole('link', { name: 'Classic Cotton T-Shirt' })).closest('li')!).getByText('₹998.00'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading your cart')).not.toBeInTheDocument();
  });

  it('keeps the skeleton in the update that applies the saved cart, and shows the lines in a deferred render of their own (issue 19: TBT)', async () => {
    const { beforeRestore, inTheUpdate, later } = await screensAfterSessionRestore(<CartPage />, '/cart', [[...TSHIRT_S, 2]], () =>
      screen.queryByRole('list', { name: 'Items in your cart' }) ? 'lines' : screen.queryByRole('status') ? 'skeleton' : 'other',
    );
    // The session's own update (MobX re-renders at once) renders nothing heavy; the lines follow apart.
    expect([beforeRestore, inTheUpdate, later]).toEqual(['skeleton', 'skeleton', 'lines']);
  });

  it('lists the lines with line totals and the cart totals, shipping Free', () => {
    renderCart([
      [...TSHIRT_S, 2],
      [...WALLET, 1],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(within(line('Classic Cotton T-Shirt')).getByText('₹998.00')).toBeInTheDocument();
    expect(within(line('Leather Wallet')).getByText('Size: Free Size')).toBeInTheDocument();
    expect(screen.getByTestId('cart-items')).toHaveTextContent('3');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹2,297.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹2,297.00');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('changes quantities through the stepper; minus stops at 1 on this page', async () => {
    const { user } = renderCart([[...TSHIRT_S, 1]]);
    expect(screen.getByRole('button', { name: 'Decrease quantity of Classic Cotton T-Shirt' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Classic Cotton T-Shirt' }));
    expect(screen.getByRole('group', { name: 'Quantity of Classic Cotton T-Shirt' })).toHaveTextContent('2');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹998.00');
    expect(await screen.findByText('Cart quantity updated')).toBeInTheDocument();
  });

  it("hints 'No more items can be added' at the cap of 5 or the stock", () => {
    renderCart([
      [...WALLET, 2],
      [...TSHIRT_S, 4],
    ]);
    // The wallet has 2 in stock.
    expect(within(line('Leather Wallet')).getByText('No more items can be added')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity of Leather Wallet' })).toBeDisabled();
    expect(within(line('Classic Cotton T-Shirt')).queryByText('No more items can be added')).not.toBeInTheDocument();
  });

  it('refuses an increase that would take the total over ₹10,000, with the spec message', async () => {
    const { user, store } = renderCart([
      [...WATCH, 2],
      [...WALLET, 2],
    ]); // ₹6,998 + ₹2,598
    expect(within(line("Analog Men's Watch")).getByText(TOTAL_LIMIT_HINT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Increase quantity of Analog Men's Watch" }));
    expect(await screen.findByText('Cart total cannot exceed ₹10,000.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: "Quantity of Analog Men's Watch" })).toHaveTextContent('2');
    expect(store.cart.total).toBe(9596);
  });

  it('signed in: sends the new quantity to the server and removes through it', async () => {
    const { user, api } = renderCart(
      [
        [...TSHIRT_S, 1],
        [...TSHIRT_M, 1],
      ],
      true,
    );
    await user.click(screen.getAllByRole('button', { name: 'Increase quantity of Classic Cotton T-Shirt' })[0]!);
    await waitFor(() => expect(api.callsOf('updateCart')).toEqual([[{ product_id: 1, variant_id: 11, quantity: 2 }]]));
    expect(await screen.findByText('Cart updated successfully')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Remove Classic Cotton T-Shirt' })[1]!);
    await waitFor(() => expect(api.state.cart.map((l) => l.selected_variant?.id)).toEqual([11]));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('signed in: shows what the server cart holds now', async () => {
    const { api, store } = storeWithCart([[...TSHIRT_S, 1]], { signedIn: true });
    api.state.cart.push({
      ...api.state.cart[0]!,
      quantity: 3,
      selected_variant: { id: 12, product_variation: 'M', final_price: '499.00', stock: 3 },
    });
    renderWithStores(<CartPage />, { api, store, route: '/cart' });
    expect(await screen.findByText('Size: M')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,996.00');
  });

  it('shows an empty state that leads to the shop', async () => {
    const { user, location } = renderCart([]);
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(location()).toBe('/shop');
  });
});
