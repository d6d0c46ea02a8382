import { screen, waitFor } from '@testing-library/react';
import { createFakeApi, makeOrder, renderWithStores } from '@storefront/shared/testing';
import OrderFailurePage from './OrderFailurePage';

function renderFailure(orders: Parameters<typeof makeOrder>[0][], route = '/order-failure?orders=SF-F-1&amount=998.00') {
  const api = createFakeApi();
  api.state.orders.push(
    ...orders.map((o) => makeOrder({ payment_method: 'prepaid', status: 'payment_failed', payment_status: 'failed', ...o })),
  );
  return renderWithStores(<OrderFailurePage />, { api, route, signedIn: true });
}

/** Try again shows from the first paint, busy until the orders are known. */
async function enabledRetry() {
  const retry = screen.getByRole('button', { name: 'Try again' });
  await waitFor(() => expect(retry).toBeEnabled());
  return retry;
}

describe('order failure page', () => {
  it('keeps Try again in place while the orders load, and offers checkout when they cannot be read', async () => {
    const api = createFakeApi();
    api.failNext('getOrders', 'The orders could not be loaded');
    renderWithStores(<OrderFailurePage />, { api, route: '/order-failure?orders=SF-F-1', signedIn: true });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(await screen.findByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('explains that the payment failed and shows the order', async () => {
    renderFailure([{ order_number: 'SF-F-1' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeInTheDocument();
    expect(screen.getByText(/No money was taken/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Order numbers' })).toHaveTextContent('SF-F-1');
    expect(await screen.findByRole('list', { name: 'Items ordered' })).toHaveTextContent('Classic Cotton T-Shirt');
    expect(screen.getByText('Amount not paid').nextSibling).toHaveTextContent('₹998.00');
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/my-account/orders');
  });

  it('retries by putting the same items back into the cart and opening checkout', async () => {
    const { user, api, store, location } = renderFailure([
      { order_number: 'SF-F-1', product_slug: 'classic-cotton-t-shirt', product_variation: 'M', quantity: 2 },
    ]);
    await user.click(await enabledRetry());
    await waitFor(() => expect(location()).toBe('/checkout'));
    expect(api.callsOf('addToCart')).toEqual([[{ retailer_id: 7, wholesaler_id: null, id: 12, quantity: 2, product_id: 1 }]]);
    expect(store.cart.cartItems.map((l) => [l.product_name, l.selected_variant?.product_variation, l.quantity])).toEqual([
      ['Classic Cotton T-Shirt', 'M', 2],
    ]);
  });

  it('says which item is gone and stays when nothing could go back', async () => {
    const { user, location } = renderFailure([
      { order_number: 'SF-F-1', product_slug: 'discontinued-cap', product_name: 'Discontinued Cap' },
    ]);
    await user.click(await enabledRetry());
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(location()).toMatch(/^\/order-failure/);
  });
});
