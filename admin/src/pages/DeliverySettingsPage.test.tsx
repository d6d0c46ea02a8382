import { screen, waitFor, within } from '@testing-library/react';
import { toastTexts } from '@storefront/shared/testing';
import { renderAdmin } from '../testing/renderAdmin';
import { createFakeShopSettingsApi } from '../testing/fakeShopSettingsApi';

const callsOf = (api: ReturnType<typeof createFakeShopSettingsApi>, method: string) => api.state.calls.filter((c) => c.method === method);

describe('delivery, COD and GST settings', () => {
  it('are the owner’s: a shop clerk sees no link and no settings, and nothing is asked of the API', async () => {
    const { settingsApi } = renderAdmin('/admin/delivery', { signedInAs: 2 });
    expect(await screen.findByRole('heading', { name: 'Owners only' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Delivery & GST' })).not.toBeInTheDocument();
    expect(settingsApi.state.calls).toEqual([]);
  });

  it('checks the COD rules as the API does, then sends only what changed, an emptied rule as off', async () => {
    const settings = createFakeShopSettingsApi();
    settings.state.settings.rules.cod_max_order = '5000.00';
    const { user } = renderAdmin('/admin/delivery', { signedInAs: 1, settings });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Delivery & GST' })).toHaveAttribute('href', '/admin/delivery');
    const cod = await screen.findByRole('form', { name: 'Cash on delivery' });
    const fee = within(cod).getByLabelText('COD fee (₹)');
    await user.clear(fee);
    await user.type(fee, 'forty');
    await user.type(within(cod).getByLabelText('Refuse COD after returned parcels'), '0');
    await user.click(within(cod).getByRole('button', { name: 'Save COD rules' }));
    expect(await within(cod).findByText('COD fee must be an amount in rupees (up to 2 decimals)')).toBeInTheDocument();
    expect(within(cod).getByText('Returned parcels must be a whole number from 1 to 100')).toBeInTheDocument();
    expect(callsOf(settings, 'changeRules')).toHaveLength(0);

    await user.clear(fee);
    await user.type(fee, '49');
    await user.clear(within(cod).getByLabelText('Refuse COD after returned parcels'));
    await user.type(within(cod).getByLabelText('Refuse COD after returned parcels'), '2');
    await user.clear(within(cod).getByLabelText('Maximum order value for COD (₹)'));
    await user.click(within(cod).getByRole('button', { name: 'Save COD rules' }));
    await waitFor(() => expect(callsOf(settings, 'changeRules')).toHaveLength(1));
    expect(callsOf(settings, 'changeRules')[0]?.args[0]).toEqual({ cod_fee: '49', cod_max_order: null, cod_rto_limit: 2 });
    await waitFor(() => expect(toastTexts()).toContain('COD rules saved: the shop applies them from now on'));
    expect(await screen.findByDisplayValue('49')).toBeInTheDocument();
  });

  it('uploads a pincode list: the counts, or each problem of the file under it', async () => {
    const settings = createFakeShopSettingsApi({ uploadProblems: ['line 2: "56001" is not a pincode', 'line 3: cod must be yes or no'] });
    const { user } = renderAdmin('/admin/delivery', { signedInAs: 1, settings });
    const upload = await screen.findByRole('form', { name: 'Upload a pincode list' });
    await user.click(within(upload).getByRole('button', { name: 'Upload list' }));
    expect(await within(upload).findByText('Choose a CSV file of pincodes')).toBeInTheDocument();

    const csv = new File(['pincode,district,state,zone,cod,delivery_days\n560038,Bengaluru,Karnataka,Local,yes,1-2\n'], 'list.csv', {
      type: 'text/csv',
    });
    await user.upload(within(upload).getByLabelText('Pincode list (CSV)'), csv);
    await user.click(within(upload).getByRole('button', { name: 'Upload list' }));
    const problems = await within(upload).findByRole('alert', { name: 'Problems in the file' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['line 2: "56001" is not a pincode', 'line 3: cod must be yes or no']);

    settings.state.uploadProblems = null;
    await user.click(within(upload).getByRole('button', { name: 'Upload list' }));
    await waitFor(() => expect(toastTexts()).toContain('1 pincodes served (were 45)'));
    expect(within(upload).queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('1 pincodes served.')).toBeInTheDocument();
  });

  it('finds a pincode and turns its COD off', async () => {
    const { user, settingsApi } = renderAdmin('/admin/delivery', { signedInAs: 1 });
    const search = await screen.findByRole('search', { name: 'Find a pincode' });
    await user.type(within(search).getByLabelText('Find a pincode'), '0');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText('Type the first digits of a pincode')).toBeInTheDocument();
    await user.clear(within(search).getByLabelText('Find a pincode'));
    await user.type(within(search).getByLabelText('Find a pincode'), '560038');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    const row = await screen.findByRole('listitem', { name: '560038' });
    expect(within(row).getByText(/COD yes/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Turn COD off' }));
    expect(await within(row).findByText(/COD no/)).toBeInTheDocument();
    expect(callsOf(settingsApi, 'setPincodeCod')[0]?.args.slice(0, 2)).toEqual(['560038', false]);
  });

  it('saves a zone’s courier days and a category’s GST rate, checking each form first', async () => {
    const { user, settingsApi } = renderAdmin('/admin/delivery', { signedInAs: 1 });
    const zone = await screen.findByRole('form', { name: 'Zone Local' });
    await user.clear(within(zone).getByLabelText('Fewest days'));
    await user.type(within(zone).getByLabelText('Fewest days'), '5');
    await user.click(within(zone).getByRole('button', { name: 'Save Local' }));
    expect(await within(zone).findByText('Must be at least the fewest days')).toBeInTheDocument();
    await user.clear(within(zone).getByLabelText('Most days'));
    await user.type(within(zone).getByLabelText('Most days'), '7');
    await user.click(within(zone).getByRole('button', { name: 'Save Local' }));
    await waitFor(() => expect(callsOf(settingsApi, 'changeZone')[0]?.args.slice(0, 3)).toEqual(['Local', 5, 7]));

    const gst = await screen.findByRole('form', { name: 'GST for T-Shirts' });
    await user.type(within(gst).getByLabelText('Up to ₹ a piece (optional)'), '2500');
    await user.click(within(gst).getByRole('button', { name: 'Save T-Shirts' }));
    expect(await within(gst).findByText('Give both the value per piece and the rate above it, or neither')).toBeInTheDocument();
    await user.type(within(gst).getByLabelText('Rate above it (%)'), '18');
    await user.click(within(gst).getByRole('button', { name: 'Save T-Shirts' }));
    await waitFor(() =>
      expect(callsOf(settingsApi, 'changeGstRate')[0]?.args.slice(0, 2)).toEqual([
        3,
        { hsn: '6109', rate: '5', threshold: '2500', rate_above: '18' },
      ]),
    );
  });
});
