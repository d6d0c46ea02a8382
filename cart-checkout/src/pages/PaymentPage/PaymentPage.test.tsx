import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@storefront/shared';
import { createFakeApi, makeOrder, renderWithStores } from '@storefront/shared/testing';
import type { PaymentSession, RazorpayCheckoutResult } from '@storefront/shared';
import type { RazorpayFailure, RazorpayOptions } from '../../payment/razorpayCheckout';
import PaymentPage from './PaymentPage';

function renderPayment(
  route = '/payment?orders=SF-P-1%2CSF-P-2&payment_id=pay_test_1&amount=1798.00',
  payment: Partial<PaymentSession> = {},
) {
  const api = createFakeApi();
  api.state.payment = payment;
  api.state.orders.push(
    makeOrder({
      order_number: 'SF-P-1',
      product_name: 'Leather Wallet',
      quantity: 1,
      price: '1299.00',
      final_amount: '1299.00',
      payment_method: 'prepaid',
      payment_status: 'pending',
      status: 'payment_pending',
    }),
    makeOrder({
      order_number: 'SF-P-2',
      product_name: 'Classic Cotton T-Shirt',
      quantity: 1,
      price: '499.00',
      final_amount: '499.00',
      payment_method: 'prepaid',
      payment_status: 'pending',
      status: 'payment_pending',
    }),
  );
  return renderWithStores(<PaymentPage />, { api, route, signedIn: true });
}

/** The page shows its buttons from the first paint, disabled until the payment session has arrived. */
function enabledButton(name: string) {
  return waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button).toBeEnabled();
    return button;
  });
}

describe('payment page (test provider)', () => {
  it('says it is in test mode and shows what is being paid for', async () => {
    renderPayment();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(await screen.findByRole('note')).toHaveTextContent(/Test mode\..*no card is charged and no money moves/);
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('₹1,798.00');
    expect(screen.getByText('Orders SF-P-1, SF-P-2')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Items ordered' })).toHaveTextContent('Leather Wallet');
  });

  it('a successful payment settles the orders and opens the success page', async () => {
    const { user, api, location } = renderPayment();
    await user.click(await enabledButton('Pay ₹1,798.00'));
    await waitFor(() => expect(location()).toBe('/order-success?orders=SF-P-1%2CSF-P-2'));
    expect(api.callsOf('confirmTestPayment')).toEqual([[{ payment_id: 'pay_test_1', outcome: 'success' }]]);
    expect(api.state.orders.filter((o) => o.order_number.startsWith('SF-P-')).map((o) => o.status)).toEqual([
      'order_placed',
      'order_placed',
    ]);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });

  it('a failed payment marks the orders failed and opens the failure page', async () => {
    const { user, api, location } = renderPayment();
    await user.click(await screen.findByRole('button', { name: 'Simulate a failed payment' }));
    await waitFor(() => expect(location()).toBe('/order-failure?orders=SF-P-1%2CSF-P-2&amount=1798.00'));
    expect(api.callsOf('confirmTestPayment')).toEqual([[{ payment_id: 'pay_test_1', outcome: 'failure' }]]);
    expect(api.state.orders.filter((o) => o.order_number.startsWith('SF-P-')).map((o) => o.status)).toEqual([
      'payment_failed',
      'payment_failed',
    ]);
    expect(await screen.findByText('The payment did not go through. No money was taken.')).toBeInTheDocument();
  });

  it("shows the server's refusal and stays", async () => {
    const { user, api, location } = renderPayment();
    api.failNext('confirmTestPayment', new ApiError(409, ['This payment has already been processed']));
    await user.click(await enabledButton('Pay ₹1,798.00'));
    expect(await screen.findByText('This payment has already been processed')).toBeInTheDocument();
    expect(location()).toMatch(/^\/payment\?/);
    expect(await screen.findByRole('button', { name: 'Pay ₹1,798.00' })).toBeEnabled();
  });

  it('without a payment waiting, points to the orders and the shop', () => {
    renderPayment('/payment');
    expect(screen.getByText(/There is no payment waiting/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/my-account/orders');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});

/**
 * Razorpay's checkout.js is the gateway's code in the shopper's browser: here a stand-in with its documented
 * surface (`new Razorpay(options)`, `open()`, `on('payment.failed')`); the browser tests run a real script
 * from a local gateway.
 */
class FakeRazorpay {
  static last: FakeRazorpay | null = null;
  failed: ((f: RazorpayFailure) => void)[] = [];
  opened = false;
  constructor(readonly options: RazorpayOptions) {
    FakeRazorpay.last = this;
  }
  open() {
    this.opened = true;
  }
  on(_event: 'payment.failed', fn: (f: RazorpayFailure) => void) {
    this.failed.push(fn);
  }
}

describe('payment page (razorpay)', () => {
  beforeEach(() => {
    (window as unknown as { Razorpay?: unknown }).Razorpay = FakeRazorpay;
    FakeRazorpay.last = null;
  });
  afterEach(() => {
    delete (window as unknown as { Razorpay?: unknown }).Razorpay;
  });

  const razorpay = () => renderPayment(undefined, { provider: 'razorpay', seconds_left: 600 });

  it('shows the time left of the hold and no test banner', async () => {
    renderPayment(undefined, { provider: 'razorpay', seconds_left: 754 });
    expect(await screen.findByTestId('payment-time-left')).toHaveTextContent('12:34');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("opens the gateway's checkout for the gateway order, and a verified payment opens the success page", async () => {
    const { user, api, location } = razorpay();
    await user.click(await enabledButton('Pay ₹1,798.00'));
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    expect(FakeRazorpay.last?.options).toMatchObject({
      key: 'rzp_test_fake',
      order_id: 'order_fake_1',
      amount: 179800,
      currency: 'INR',
      timeout: 600,
    });
    const result: RazorpayCheckoutResult = {
      razorpay_payment_id: 'pay_g1',
      razorpay_order_id: 'order_fake_1',
      razorpay_signature: 'a'.repeat(64),
    };
    FakeRazorpay.last?.options.handler(result);
    await waitFor(() => expect(location()).toBe('/order-success?orders=SF-P-1%2CSF-P-2'));
    expect(api.callsOf('verifyRazorpayPayment')).toEqual([[{ ...result, payment_id: 'pay_test_1' }]]);
  });

  it('a failed attempt is reported and the shopper may try again', async () => {
    const { user } = razorpay();
    await user.click(await enabledButton('Pay ₹1,798.00'));
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    FakeRazorpay.last?.failed.forEach((fn) => fn({ error: { description: 'Payment declined by the bank' } }));
    expect(await screen.findByText(/Payment failed: Payment declined by the bank\. No money was taken/)).toBeInTheDocument();
  });

  it('closing the gateway window keeps the order held, with pay again and cancel', async () => {
    const { user, api } = razorpay();
    await user.click(await enabledButton('Pay ₹1,798.00'));
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    FakeRazorpay.last?.options.modal?.ondismiss?.();
    expect(await screen.findByText('You closed the payment window. Nothing was charged.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again: pay ₹1,798.00' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled. Nothing was charged.')).toBeInTheDocument();
    expect(api.callsOf('cancelPayment')).toEqual([['pay_test_1']]);
    expect(screen.queryByRole('button', { name: /pay/i })).not.toBeInTheDocument();
  });

  it('when the hold has run out, says so and offers no payment', async () => {
    renderPayment(undefined, { provider: 'razorpay', status: 'expired', seconds_left: 0, gateway: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('The time to pay has run out');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
