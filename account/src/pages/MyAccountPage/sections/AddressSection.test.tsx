import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, renderWithStores } from '@storefront/shared/testing';
import MyAccountPage from '../MyAccountPage';

function renderAddress(api = createFakeApi()) {
  return renderWithStores(<MyAccountPage />, { api, signedIn: true, route: '/my-account/address', path: '/my-account/*' });
}

describe('Shipping address', () => {
  it('checks the fields (spec §5 address and pincode messages) before saving', async () => {
    const { user, api } = renderAddress();
    const form = await screen.findByRole('form', { name: 'Shipping address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Address is required')).toBeInTheDocument();
    expect(within(form).getByText('Pincode is required')).toBeInTheDocument();
    expect(within(form).getByText('City is required')).toBeInTheDocument();
    expect(within(form).getByText('State is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Pincode'), '5600');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Must be a valid 6-digit pincode')).toBeInTheDocument();
    expect(api.callsOf('saveShippingAddress')).toHaveLength(0);
  });

  it('saves: toasts, stores the customer data in the session and refetches the address (spec §4)', async () => {
    const { user, api, store } = renderAddress();
    const form = await screen.findByRole('form', { name: 'Shipping address' });
    await waitFor(() => expect(api.callsOf('getShippingAddress')).toHaveLength(1));
    await user.type(within(form).getByLabelText('Address'), '  221 Residency Road ');
    await user.type(within(form).getByLabelText('Pincode'), '560025');
    await user.type(within(form).getByLabelText('City'), 'Bengaluru');
    await user.type(within(form).getByLabelText('State'), 'Karnataka');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Shipping address saved')).toBeInTheDocument();
    const saved = { address: '221 Residency Road', pincode: '560025', city: 'Bengaluru', state: 'Karnataka' };
    expect(api.callsOf('saveShippingAddress')).toEqual([[saved]]);
    expect(store.auth.customer?.shipping_address).toEqual(saved);
    await waitFor(() => expect(api.callsOf('getShippingAddress')).toHaveLength(2));
    expect(within(form).getByLabelText('Address')).toHaveValue('221 Residency Road');
  });

  it('fills the form with the saved address', async () => {
    const api = createFakeApi();
    api.state.customers[0]!.shipping_address = { address: '12 MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    renderAddress(api);
    const form = await screen.findByRole('form', { name: 'Shipping address' });
    await waitFor(() => expect(within(form).getByLabelText('Pincode')).toHaveValue('560001'));
    expect(within(form).getByLabelText('Address')).toHaveValue('12 MG Road');
    expect(within(form).getByLabelText('State')).toHaveValue('Karnataka');
  });

  it('a failed save shows the server message and keeps what was typed', async () => {
    const api = createFakeApi();
    api.failNext('saveShippingAddress', 'We do not deliver there yet');
    const { user } = renderAddress(api);
    const form = await screen.findByRole('form', { name: 'Shipping address' });
    await user.type(within(form).getByLabelText('Address'), '1 Beach Road');
    await user.type(within(form).getByLabelText('Pincode'), '744101');
    await user.type(within(form).getByLabelText('City'), 'Port Blair');
    await user.type(within(form).getByLabelText('State'), 'Andaman and Nicobar');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('We do not deliver there yet')).toBeInTheDocument();
    expect(within(form).getByLabelText('City')).toHaveValue('Port Blair');
  });
});
