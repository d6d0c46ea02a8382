// Issue 39 at checkout: the pincode's delivery window, the COD option's fee or refusal, the fee line in the
// summary, and the server's refusal of an unserved pincode under the field.
import { screen, waitFor, within } from '@testing-library/react';
import { UNSERVED_PINCODE } from '@storefront/shared';
import { fixturePincodes, renderWithStores } from '@storefront/shared/testing';
import { storeWithCart, WALLET } from '../../testing/cartFixtures';
import CheckoutPage from './CheckoutPage';

jest.setTimeout(30_000);

function renderCheckout(pincodes = fixturePincodes()) {
  const { api, store } = storeWithCart([[...WALLET, 1]], { signedIn: true });
  api.state.pincodes = pincodes;
  return renderWithStores(<CheckoutPage />, { api, store, route: '/checkout' });
}

async function fillAddress(user: ReturnType<typeof renderCheckout>['user'], pincode: string) {
  await user.type(await screen.findByLabelText('Address'), '12 MG Road');
  await user.selectOptions(await screen.findByLabelText('State'), await screen.findByRole('option', { name: 'Karnataka' }));
  await user.selectOptions(screen.getByLabelText('City'), await screen.findByRole('option', { name: 'Mysuru' }));
  const field = screen.getByLabelText('Pincode');
  await user.clear(field);
  await user.type(field, pincode);
}

const summary = () => screen.getByRole('region', { name: 'Order summary' });

describe('checkout: delivery and cash on delivery (issue 39)', () => {
  it('shows the delivery window, the COD fee on its option and as its own summary line; prepaid drops it', async () => {
    const pincodes = fixturePincodes();
    pincodes['570001'] = { ...pincodes['570001']!, cod: { ...pincodes['570001']!.cod, fee: '49.00' } };
    const { user } = renderCheckout(pincodes);
    await fillAddress(user, '570001');
    expect(await screen.findByText('Delivered by Tue 1 Dec – Wed 2 Dec')).toBeInTheDocument();
    expect(screen.getByLabelText(/Cash on delivery/)).toHaveAccessibleName(/Cash on delivery available \(fee ₹49\)/);
    expect(within(summary()).getByText('Cash on delivery fee')).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-cod-fee')).toHaveTextContent('₹49.00');
    // Spec §9: shipping stays Free; the total is the goods and the fee.
    expect(within(summary()).getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('₹1,348.00');
    await user.click(screen.getByLabelText(/Pay online/));
    expect(within(summary()).queryByText('Cash on delivery fee')).not.toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('₹1,299.00');
  });

  it("says on the COD option why cash is not offered for this order's value", async () => {
    const pincodes = fixturePincodes();
    pincodes['570001'] = { ...pincodes['570001']!, cod: { ...pincodes['570001']!.cod, max_order_value: '1000.00' } };
    const { user } = renderCheckout(pincodes);
    await fillAddress(user, '570001');
    await waitFor(() =>
      expect(screen.getByLabelText(/Cash on delivery/)).toHaveAccessibleName(
        /Cash on delivery is available for orders up to ₹1,000\. Please pay online \(prepaid\)\./,
      ),
    );
    expect(within(summary()).queryByText('Cash on delivery fee')).not.toBeInTheDocument();
  });

  it('an unserved pincode: said under the field, and the order refused there by the server', async () => {
    const { user, api } = renderCheckout();
    await fillAddress(user, '194101');
    expect(await screen.findByText(UNSERVED_PINCODE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByLabelText('Pincode')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.state.orders.filter((o) => o.status === 'order_placed')).toHaveLength(1);
  });

  it('a cash order above the code threshold: a password-signed-in customer confirms the mobile with a code here', async () => {
    const pincodes = fixturePincodes();
    pincodes['570001'] = { ...pincodes['570001']!, cod: { ...pincodes['570001']!.cod, otp_above: '1000.00' } };
    const { user, api } = renderCheckout(pincodes);
    await fillAddress(user, '570001');
    expect(
      await screen.findByText(/Cash on delivery for orders over ₹1,000 needs your mobile \d{10} confirmed with a one-time code\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('One-time code'), api.state.otp);
    await user.click(screen.getByRole('button', { name: 'Confirm mobile' }));
    expect(await screen.findByText(/^Mobile \d{10} confirmed for cash on delivery\.$/)).toBeInTheDocument();
    expect(api.callsOf('verifyMobile')).toHaveLength(1);
  });
});
