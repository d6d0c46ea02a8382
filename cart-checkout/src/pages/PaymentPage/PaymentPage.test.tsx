import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@storefront/shared';
import { createFakeApi, makeOrder, renderWithStores } from '@storefront/shared/testing';
import PaymentPage from './PaymentPage';

function renderPayment(route = '/payment?orders=SF-P-1%2CSF-P-2&payment_id=pay_test_1&amount=1798.00') {
  const api = createFakeApi();
  api.state.orders.push(
    makeOrder({ order_number: 'SF-P-1', product_name: 'Leather Wallet', quantity: 1, price: '1299.00', final_amount: '1299.00', payment_method: 'prepaid', payment_status: 'pending', status: 'payment_pending' }),
    makeOrder({ order_number: 'SF-P-2', product_name: 'Classic Cotton T-Shirt', quantity: 1, price: '499.00', final_amount: '499.00', payment_method: 'prepaid', payment_status: 'pending', status: 'payment_pending' }),
  );
  return renderWithStores(<PaymentPage />, { api, route, signedIn: true });
}

describe('payment page (test provider)', () => {
  it('says it is in test mode and shows what is being paid for', async () => {
    renderPayment();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/Test mode\..*no card is charged and no money moves/);
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('₹1,798.00');
    expect(screen.getByText('Orders SF-P-1, SF-P-2')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Items ordered' })).toHaveTextContent('Leather Wallet');
  });

  it('a successful payment settles the orders and opens the success page', async () => {
    const { user, api, location } = renderPayment();
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,798.00' }));
    await waitFor(() => expect(location()).toBe('/order-success?orders=SF-P-1%2CSF-P-2'));
    expect(api.callsOf('confirmTestPayment')).toEqual([[{ payment_id: 'pay_test_1', outcome: 'success' }]]);
    expect(api.state.orders.filter((o) => o.order_number.startsWith('SF-P-')).map((o) => o.status)).toEqual(['order_placed', 'order_placed']);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });

  it('a failed payment marks the orders failed and opens the failure page', async () => {
    const { user, api, location } = renderPayment();
    await user.click(screen.getByRole('button', { name: 'Simulate a failed payment' }));
    await waitFor(() => expect(location()).toBe('/order-failure?orders=SF-P-1%2CSF-P-2&amount=1798.00'));
    expect(api.callsOf('confirmTestPayment')).toEqual([[{ payment_id: 'pay_test_1', outcome: 'failure' }]]);
    expect(api.state.orders.filter((o) => o.order_number.startsWith('SF-P-')).map((o) => o.status)).toEqual(['payment_failed', 'payment_failed']);
    expect(await screen.findByText('The payment did not go through. No money was taken.')).toBeInTheDocument();
  });

  it("shows the server's refusal and stays", async () => {
    const { user, api, location } = renderPayment();
    api.failNext('confirmTestPayment', new ApiError(409, ['This payment has already been processed']));
    await user.click(screen.getByRole('button', { name: 'Pay ₹1,798.00' }));
    expect(await screen.findByText('This payment has already been processed')).toBeInTheDocument();
    expect(location()).toMatch(/^\/payment\?/);
    expect(screen.getByRole('button', { name: 'Pay ₹1,798.00' })).toBeEnabled();
  });

  it('without a payment waiting, points to the orders and the shop', () => {
    renderPayment('/payment');
    expect(screen.getByText(/There is no payment waiting/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/my-account/orders');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
