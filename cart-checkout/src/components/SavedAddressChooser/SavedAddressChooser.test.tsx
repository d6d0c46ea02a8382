import { screen, waitFor, within } from '@testing-library/react';
import { GSTIN_MESSAGES, type SavedAddress } from '@storefront/shared';
import { makeSavedAddress, renderWithStores } from '@storefront/shared/testing';
import { storeWithCart, TSHIRT_S } from '../../testing/cartFixtures';
import CheckoutPage from '../../pages/CheckoutPage/CheckoutPage';

const HOME = makeSavedAddress();
const PARENTS = makeSavedAddress({
  id: 2,
  label: 'Parents',
  address: '7 FC Road',
  pincode: '411004',
  city: 'Pune',
  state: 'Maharashtra',
  is_default: false,
});

jest.setTimeout(30_000);

function renderWithBook(addresses: SavedAddress[]) {
  const { api, store } = storeWithCart([[...TSHIRT_S, 1]], { signedIn: true });
  api.state.addresses = addresses.map((a) => ({ ...a }));
  const d = addresses.find((a) => a.is_default);
  store.auth.mergeCustomer({ shipping_address: d ? { address: d.address, pincode: d.pincode, city: d.city, state: d.state } : null });
  return renderWithStores(<CheckoutPage />, { api, store, route: '/checkout' });
}

describe('checkout: choosing a saved address (issue 39)', () => {
  it('starts on the default, orders to another saved address by its id', async () => {
    const { user, api } = renderWithBook([HOME, PARENTS]);
    const group = await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect(within(group).getByRole('radio', { name: /Home \(default\)/ })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: /Parents/ }));
    expect(screen.getByLabelText('Address')).toHaveValue('7 FC Road');
    expect(screen.getByLabelText('Pincode')).toHaveValue('411004');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Pune'));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.callsOf('checkout')).toHaveLength(1));
    expect(api.callsOf('checkout')[0]?.[0]).toMatchObject({ address_id: 2, address: '7 FC Road', state: 'Maharashtra', city: 'Pune' });
  });

  it('a changed field, or "A new address", sends a typed address without an id', async () => {
    const { user, api } = renderWithBook([HOME, PARENTS]);
    const group = await screen.findByRole('radiogroup', { name: 'Deliver to' });
    await user.click(within(group).getByRole('radio', { name: 'A new address' }));
    expect(screen.getByLabelText('Address')).toHaveValue('');
    await user.click(within(group).getByRole('radio', { name: /Home/ }));
    await user.type(screen.getByLabelText('Address'), ', 2nd floor');
    expect(within(group).getByRole('radio', { name: 'A new address' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.callsOf('checkout')).toHaveLength(1));
    const payload = api.callsOf('checkout')[0]?.[0];
    expect(payload).toMatchObject({ address: '12 MG Road, 2nd floor' });
    expect(payload).not.toHaveProperty('address_id');
  });

  it('shows nothing to choose from for an empty book', async () => {
    renderWithBook([]);
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Deliver to' })).not.toBeInTheDocument();
  });

  it('checks a business GSTIN before placing, and sends a good one upper-cased', async () => {
    const { user, api } = renderWithBook([HOME]);
    await screen.findByRole('radiogroup', { name: 'Deliver to' });
    const gstin = screen.getByLabelText('GSTIN (optional, for a business purchase)');
    await user.type(gstin, '27AAPFU0939F1ZW');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(GSTIN_MESSAGES.checkDigit)).toBeInTheDocument();
    expect(api.callsOf('checkout')).toHaveLength(0);
    await user.clear(gstin);
    await user.type(gstin, '27aapfu0939f1zv');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.callsOf('checkout')).toHaveLength(1));
    expect(api.callsOf('checkout')[0]?.[0]).toMatchObject({ buyer_gstin: '27AAPFU0939F1ZV', address_id: 1 });
  });
});
