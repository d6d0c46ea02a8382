import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from '@storefront/shared/router';
import { RootStore, type TrackedOrder } from '@storefront/shared';
import { createFakeApi, makeOrder, memoryStorage, renderWithStores, signInForTest } from '@storefront/shared/testing';
import TrackOrderPage from './TrackOrderPage';

function renderTrack(route = '/track-order', signedIn = false) {
  const api = createFakeApi({
    orders: [makeOrder({ order_number: 'SF-2026-000777', status: 'dispatched_from_retailer', final_amount: '1798.00' })],
  });
  // The server answers with the steps an order goes through (docs/api-contract.md); the fake gives one.
  const track = api.trackOrder;
  api.trackOrder = async (no) => {
    const res = await track(no);
    if (!res?.data) return res;
    const steps: TrackedOrder['steps'] = [
      { status: 'order_placed', label: 'Order placed', done: true, current: false },
      { status: 'order_confirmed', label: 'Order confirmed', done: true, current: false },
      { status: 'dispatched_from_retailer', label: 'Dispatched', done: true, current: true },
      { status: 'delivered', label: 'Delivered', done: false, current: false },
    ];
    return { ...res, data: { ...res.data, steps } };
  };
  return renderWithStores(
    <Routes>
      <Route path="/track-order" element={<TrackOrderPage />} />
      <Route path="/track-order/:id" element={<TrackOrderPage />} />
    </Routes>,
    { route, api, signedIn },
  );
}

describe('TrackOrderPage (guest)', () => {
  it('asks for a number before looking anything up', async () => {
    const { user, api } = renderTrack();
    expect(screen.getByRole('heading', { level: 1, name: 'Track Order' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Please enter your order number')).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('trackOrder')).toHaveLength(0);
  });

  it('goes to /track-order/:id and shows the status and the steps with the current one marked', async () => {
    const { user, api, store, location } = renderTrack();
    expect(store.auth.isAuthenticated).toBe(false);
    await user.type(screen.getByLabelText('Order number'), ' SF-2026-000777 ');
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(await screen.findByRole('heading', { name: 'Order SF-2026-000777' })).toBeInTheDocument();
    expect(location()).toBe('/track-order/SF-2026-000777');
    expect(api.callsOf('trackOrder')).toEqual([['SF-2026-000777']]);
    expect(screen.getByText('Dispatched From Retailer')).toBeInTheDocument();
    expect(screen.getByText('₹1,798.00')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.acc-steps__label')?.textContent)).toEqual([
      'Order placed',
      'Order confirmed',
      'Dispatched',
      'Delivered',
    ]);
    expect(steps.filter((s) => s.getAttribute('aria-current') === 'step').map((s) => s.textContent)).toEqual(['Dispatched (current step)']);
  });

  it('a link with the number looks it up at once', async () => {
    renderTrack('/track-order/SF-2026-000777');
    expect(await screen.findByRole('heading', { name: 'Order SF-2026-000777' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('SF-2026-000777');
  });

  it("shows the server's message when there is no such order", async () => {
    const { user } = renderTrack('/track-order/SF-2026-000777');
    await screen.findByRole('heading', { name: 'Order SF-2026-000777' });
    await user.clear(screen.getByLabelText('Order number'));
    await user.type(screen.getByLabelText('Order number'), 'NO-SUCH-ORDER');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No order found with this number');
    expect(screen.queryByRole('heading', { name: /^Order SF/ })).not.toBeInTheDocument();
  });
});

describe('TrackOrderPage (issue 13: no personal data without sign-in)', () => {
  it('a guest sees a masked name and the city, not the address or phones', async () => {
    renderTrack('/track-order/SF-2026-000777');
    await screen.findByRole('heading', { name: 'Order SF-2026-000777' });
    const delivering = screen.getByText('Delivering to').nextElementSibling;
    expect(delivering?.textContent).toMatch(/^\S\*+ \S\*+, \S+/);
    expect(screen.queryByText('Delivery address')).not.toBeInTheDocument();
    expect(screen.getByText('Sign in to see the full delivery address.')).toBeInTheDocument();
  });

  it('the signed-in owner sees the full address and phone', async () => {
    renderTrack('/track-order/SF-2026-000777', true);
    await screen.findByRole('heading', { name: 'Order SF-2026-000777' });
    expect(screen.getByText('Delivery address').nextElementSibling?.textContent).toMatch(/Phone: \d{10}/);
    expect(screen.queryByText('Delivering to')).not.toBeInTheDocument();
  });
});

describe('TrackOrderPage rendered on the server, hydrating (issue 19)', () => {
  it("looks the order up only once the shopper's session is applied, so the owner's token goes with it", async () => {
    const api = createFakeApi({ orders: [makeOrder({ order_number: 'SF-2026-000777' })] });
    const storage = memoryStorage();
    const earlier = new RootStore(api, { storage });
    signInForTest(earlier, api);
    earlier.dispose();
    const store = new RootStore(api, { storage, deferPersistence: true });
    const tokens: (string | null)[] = [];
    const track = api.trackOrder;
    api.trackOrder = async (no) => {
      tokens.push(store.auth.token);
      return track(no);
    };
    renderWithStores(
      <Routes>
        <Route path="/track-order/:id" element={<TrackOrderPage />} />
      </Routes>,
      { route: '/track-order/SF-2026-000777', api, store },
    );
    expect(screen.getByLabelText('Order number')).toHaveValue('SF-2026-000777');
    expect(tokens).toEqual([]);
    act(() => store.startPersistence());
    expect(await screen.findByRole('heading', { name: 'Order SF-2026-000777' })).toBeInTheDocument();
    expect(tokens).toEqual([store.auth.token]);
    expect(store.auth.token).not.toBeNull();
  });
});

describe('TrackOrderPage (a dispatched order, issue 38)', () => {
  it('shows the courier, the AWB, the tracking link and each step with its date', async () => {
    const shipped = makeOrder({
      order_number: 'SF-2026-000888',
      status: 'shipped',
      history: [
        { status: 'order_placed', at: '2026-11-20T09:30:00.000Z', by: 'customer' },
        { status: 'order_confirmed', at: '2026-11-21T05:00:00.000Z', by: 'store' },
        { status: 'shipped', at: '2026-11-22T06:00:00.000Z', by: 'store' },
      ],
      shipment: {
        courier: 'Delhivery',
        tracking_number: 'AWB123456',
        tracking_url: 'https://www.delhivery.com/track/package/AWB123456',
        dispatched_at: '2026-11-22T06:00:00.000Z',
        delivered_at: null,
      },
    });
    const api = createFakeApi({ orders: [shipped] });
    renderWithStores(
      <Routes>
        <Route path="/track-order/:id" element={<TrackOrderPage />} />
      </Routes>,
      { route: '/track-order/SF-2026-000888', api },
    );
    const shipment = await screen.findByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText('AWB123456')).toBeInTheDocument();
    expect(within(shipment).getByRole('link', { name: 'Track with Delhivery' })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/AWB123456',
    );
    const history = within(screen.getByRole('region', { name: 'Order history' })).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      'Order Placed 20 Nov 2026 by you',
      'Order Confirmed 21 Nov 2026 by the shop',
      'Shipped 22 Nov 2026 by the shop',
    ]);
  });
});
