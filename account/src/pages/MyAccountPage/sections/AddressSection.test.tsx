import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, makeSavedAddress, renderWithStores } from '@storefront/shared/testing';
import type { SavedAddress } from '@storefront/shared';
import MyAccountPage from '../MyAccountPage';

const HOME = makeSavedAddress();
const OFFICE = makeSavedAddress({
  id: 2,
  label: 'Office',
  address: 'BKC Tower B',
  pincode: '400051',
  city: 'Mumbai',
  state: 'Maharashtra',
  is_default: false,
});

function renderBook(addresses: SavedAddress[] = []) {
  const api = createFakeApi({ addresses: addresses.map((a) => ({ ...a })) });
  return renderWithStores(<MyAccountPage />, { api, signedIn: true, route: '/my-account/address', path: '/my-account/*' });
}

describe('Address book', () => {
  it('checks the fields (spec §5 address and pincode messages) before saving', async () => {
    const { user, api } = renderBook();
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Address is required')).toBeInTheDocument();
    expect(within(form).getByText('Pincode is required')).toBeInTheDocument();
    expect(within(form).getByText('City is required')).toBeInTheDocument();
    expect(within(form).getByText('State is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Pincode'), '5600');
    await user.type(within(form).getByLabelText('Alternate phone (optional)'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Must be a valid 6-digit pincode')).toBeInTheDocument();
    expect(within(form).getByText('Must be a valid 10-digit number')).toBeInTheDocument();
    expect(api.callsOf('addAddress')).toHaveLength(0);
  });

  it('adds a first address as the default; the session’s shipping address follows it', async () => {
    const { user, api, store } = renderBook();
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Label (Home, Office…)'), 'Home');
    await user.type(within(form).getByLabelText('Address'), '  221 Residency Road ');
    await user.type(within(form).getByLabelText('Pincode'), '560025');
    await user.type(within(form).getByLabelText('City'), 'Bengaluru');
    await user.type(within(form).getByLabelText('State'), 'Karnataka');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(api.callsOf('addAddress')).toEqual([
      [
        {
          label: 'Home',
          address: '221 Residency Road',
          pincode: '560025',
          city: 'Bengaluru',
          state: 'Karnataka',
          alt_phone_number: null,
          is_default: true,
        },
      ],
    ]);
    const card = within(screen.getByRole('list', { name: 'Saved addresses' })).getByRole('listitem', { name: 'Home' });
    expect(within(card).getByText('Default')).toBeInTheDocument();
    expect(store.auth.customer?.shipping_address).toMatchObject({ address: '221 Residency Road', pincode: '560025' });
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });

  it('makes another address the default, edits one and deletes one', async () => {
    const { user, store } = renderBook([HOME, OFFICE]);
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const office = await within(list).findByRole('listitem', { name: 'Office' });
    await user.click(within(office).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Default address changed')).toBeInTheDocument();
    await waitFor(() => expect(store.auth.customer?.shipping_address?.city).toBe('Mumbai'));
    expect(within(within(list).getByRole('listitem', { name: 'Office' })).getByText('Default')).toBeInTheDocument();

    await user.click(within(within(list).getByRole('listitem', { name: 'Home' })).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('Address')).toHaveValue('12 MG Road');
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), '14 Brigade Road');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(list).findByText(/14 Brigade Road, Bengaluru/)).toBeInTheDocument();

    await user.click(within(within(list).getByRole('listitem', { name: 'Office' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Office' })).not.toBeInTheDocument());
    expect(within(within(list).getByRole('listitem', { name: 'Home' })).getByText('Default')).toBeInTheDocument();
  });

  it('a failed save shows the server message and keeps what was typed', async () => {
    const { user, api } = renderBook();
    api.failNext('addAddress', 'We do not deliver there yet');
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Address'), '1 Beach Road');
    await user.type(within(form).getByLabelText('Pincode'), '744101');
    await user.type(within(form).getByLabelText('City'), 'Port Blair');
    await user.type(within(form).getByLabelText('State'), 'Andaman and Nicobar Islands');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('We do not deliver there yet')).toBeInTheDocument();
    expect(within(form).getByLabelText('City')).toHaveValue('Port Blair');
  });

  it('offers no new address once the book is full', async () => {
    renderBook(Array.from({ length: 20 }, (_, i) => ({ ...OFFICE, id: i + 1, label: `Place ${i + 1}`, is_default: i === 0 })));
    expect(await screen.findByRole('button', { name: 'Add a new address' })).toBeDisabled();
    expect(screen.getByText(/You can save up to 20 addresses/)).toBeInTheDocument();
  });
});
