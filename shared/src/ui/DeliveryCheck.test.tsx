import { screen, within } from '@testing-library/react';
import { createFakeApi, fixturePincodes, memoryStorage, renderWithStores } from '../testing';
import { UNSERVED_PINCODE } from '@storefront/contract/cod';
import { DeliveryCheck } from './DeliveryCheck';

const region = () => screen.getByRole('region', { name: 'Delivery' });

describe('DeliveryCheck (issue 39)', () => {
  it('a served pincode shows the delivery window and cash on delivery, and is remembered for the next page', async () => {
    const storage = memoryStorage();
    const first = renderWithStores(<DeliveryCheck id="t" />, { storage });
    await first.user.type(screen.getByLabelText('Check delivery to your pincode'), '560038');
    await first.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await within(region()).findByText('Delivered by Tue 1 Dec – Wed 2 Dec')).toBeInTheDocument();
    expect(within(region()).getByText('Cash on delivery available')).toBeInTheDocument();
    first.unmount();

    // Another page of the same session: the pincode is there and checked without typing.
    const api = createFakeApi();
    renderWithStores(<DeliveryCheck id="t" />, { storage, api });
    expect(await within(region()).findByText('Delivered by Tue 1 Dec – Wed 2 Dec')).toBeInTheDocument();
    expect(screen.getByLabelText('Check delivery to your pincode')).toHaveValue('560038');
    expect(api.callsOf('checkPincode')).toEqual([['560038']]);
  });

  it("a signed-in shopper's default saved address fills the pincode and is checked; a pincode they type wins after", async () => {
    const api = createFakeApi();
    const customer = api.state.customers[0];
    if (!customer) throw new Error('fixture');
    customer.shipping_address = { address: '12, 4th Cross, Indiranagar', pincode: '560038', city: 'Bengaluru', state: 'Karnataka' };
    const storage = memoryStorage();
    const first = renderWithStores(<DeliveryCheck id="t" />, { api, storage, signedIn: true });
    expect(await within(region()).findByText('Delivered by Tue 1 Dec – Wed 2 Dec')).toBeInTheDocument();
    expect(screen.getByLabelText('Check delivery to your pincode')).toHaveValue('560038');
    expect(api.callsOf('checkPincode')).toEqual([['560038']]);

    // Typed (say, for a gift to Imphal): remembered for the next page instead of the default.
    const input = screen.getByLabelText('Check delivery to your pincode');
    await first.user.clear(input);
    await first.user.type(input, '795001{Enter}');
    expect(await within(region()).findByText('Delivered by Fri 4 Dec – Wed 9 Dec')).toBeInTheDocument();
    first.unmount();
    renderWithStores(<DeliveryCheck id="t" />, { api, storage, signedIn: true });
    expect(await within(region()).findByText('Delivered by Fri 4 Dec – Wed 9 Dec')).toBeInTheDocument();
    expect(screen.getByLabelText('Check delivery to your pincode')).toHaveValue('795001');
  });

  it('says when the shop does not deliver, and when a pincode takes no cash and why', async () => {
    const { user } = renderWithStores(<DeliveryCheck id="t" />);
    const input = screen.getByLabelText('Check delivery to your pincode');
    await user.type(input, '194101{Enter}');
    expect(await within(region()).findByText(UNSERVED_PINCODE)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '795001{Enter}');
    expect(
      await within(region()).findByText('Cash on delivery is not available for this pincode. Please pay online (prepaid).'),
    ).toBeInTheDocument();
    expect(within(region()).getByText('Delivered by Fri 4 Dec – Wed 9 Dec')).toBeInTheDocument();
  });

  it('refuses what is not a pincode without asking the server', async () => {
    const { user, api } = renderWithStores(<DeliveryCheck id="t" />);
    await user.type(screen.getByLabelText('Check delivery to your pincode'), '5600{Enter}');
    expect(await screen.findByText('Please enter a valid 6-digit pincode')).toBeInTheDocument();
    expect(screen.getByLabelText('Check delivery to your pincode')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('checkPincode')).toEqual([]);
  });

  it("with an order value: the owner's maximum for cash and the fee, as the checkout will apply them", async () => {
    const pincodes = fixturePincodes();
    const served = pincodes['560038'];
    if (!served) throw new Error('fixture');
    pincodes['560038'] = { ...served, cod: { ...served.cod, fee: '49.00', max_order_value: '5000.00' } };
    const api = createFakeApi({ pincodes });
    const over = renderWithStores(<DeliveryCheck id="t" orderValue={600_000} />, { api });
    await over.user.type(screen.getByLabelText('Check delivery to your pincode'), '560038{Enter}');
    expect(
      await within(region()).findByText('Cash on delivery is available for orders up to ₹5,000. Please pay online (prepaid).'),
    ).toBeInTheDocument();
    over.unmount();
    const under = renderWithStores(<DeliveryCheck id="t" orderValue={400_000} />, { api });
    await under.user.type(screen.getByLabelText('Check delivery to your pincode'), '560038{Enter}');
    expect(await within(region()).findByText('Cash on delivery available (fee ₹49)')).toBeInTheDocument();
  });
});
