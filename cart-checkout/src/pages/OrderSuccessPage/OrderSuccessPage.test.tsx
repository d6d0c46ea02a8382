import { screen, within } from '@testing-library/react';
import { createFakeApi, makeOrder, renderWithStores } from '@storefront/shared/testing';
import OrderSuccessPage from './OrderSuccessPage';

function renderSuccess(orders: Parameters<typeof makeOrder>[0][], route: string) {
  const api = createFakeApi();
  api.state.orders.push(...orders.map((o) => makeOrder(o)));
  return renderWithStores(<OrderSuccessPage />, { api, route, signedIn: true });
}

describe('order success page', () => {
  it('shows the order numbers, what was bought, the amount and what happens next', async () => {
    renderSuccess(
      [
        {
          order_number: 'SF-S-1',
          product_name: 'Leather Wallet',
          product_variation: 'Free Size',
          quantity: 1,
          price: '1299.00',
          discount_amount: '129.90',
          final_amount: '1169.10',
        },
        {
          order_number: 'SF-S-2',
          product_name: 'Classic Cotton T-Shirt',
          quantity: 2,
          price: '998.00',
          discount_amount: '99.80',
          final_amount: '898.20',
        },
        { order_number: 'SF-OTHER', product_name: 'Analog Watch' },
      ],
      '/order-success?orders=SF-S-1%2CSF-S-2',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('your order has been placed');
    expect(
      within(screen.getByRole('list', { name: 'Order numbers' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SF-S-1', 'SF-S-2']);
    const items = await screen.findByRole('list', { name: 'Items ordered' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(items).toHaveTextContent('Leather Wallet');
    expect(items).toHaveTextContent('Order SF-S-2 · Size: M · Qty 2');
    expect(items).not.toHaveTextContent('Analog Watch');
    expect(screen.getByText('Discount: − ₹229.70')).toBeInTheDocument();
    expect(screen.getByText('Amount to pay on delivery')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹2,067.30');
    expect(screen.getByText(/Payment: Cash on delivery/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/my-account/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  });

  it('says the amount was paid for a prepaid order', async () => {
    renderSuccess(
      [{ order_number: 'SF-S-9', payment_method: 'prepaid', payment_status: 'paid', final_amount: '499.00' }],
      '/order-success?orders=SF-S-9',
    );
    expect(await screen.findByText('Amount paid')).toBeInTheDocument();
    expect(screen.getByText(/Payment: Prepaid/)).toBeInTheDocument();
  });

  it('says where the order is when the orders cannot be loaded', async () => {
    const api = createFakeApi();
    api.failNext('getOrders', 'Failed to fetch orders');
    renderWithStores(<OrderSuccessPage />, { api, route: '/order-success?orders=SF-X', signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch orders');
    expect(screen.getByRole('list', { name: 'Order numbers' })).toHaveTextContent('SF-X');
  });
});
