import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@storefront/shared';
import { createFakeApi, makeOrder, renderWithStores } from '@storefront/shared/testing';
import MyAccountPage from '../MyAccountPage';
import { FIRST_SCREEN } from './OrdersSection';

const SPEC_REASONS = [
  'Ordered by Mistake',
  'Found Cheaper Elsewhere',
  'Delivery Time is Too Long',
  'Changed My Mind',
  'Product Details Are Incorrect',
  'Payment Issue',
  'Quantity Issue',
  'Not Needed Anymore',
  'Other',
];

function fixtureOrders(): Order[] {
  return [
    makeOrder({
      order_id: 1,
      order_number: 'SF-OLD',
      order_date: '2026-09-01T10:00:00.000Z',
      status: 'delivered',
      product_name: 'Leather Wallet',
      price: '1299.00',
      quantity: 1,
      discount_amount: '0.00',
      final_amount: '1299.00',
      payment_method: 'prepaid',
    }),
    makeOrder({
      order_id: 2,
      order_number: 'SF-NEW',
      order_date: '2026-11-20T10:00:00.000Z',
      status: 'order_placed',
      product_name: 'Classic Cotton T-Shirt',
      product_variation: 'M',
      price: '1998.00',
      quantity: 2,
      discount_amount: '200.00',
      final_amount: '1798.00',
      payment_method: 'cod',
    }),
    makeOrder({
      order_id: 3,
      order_number: 'SF-MID',
      order_date: '2026-10-15T10:00:00.000Z',
      status: 'ready_for_pickup',
      product_name: "Analog Men's Watch",
      price: '3499.00',
      quantity: 1,
      discount_amount: '0.00',
      final_amount: '3499.00',
    }),
  ];
}

/** The fake over these orders, answering the list in the order it holds them (not sorted), counting fetches. */
function ordersApi() {
  const api = createFakeApi({ orders: fixtureOrders() });
  let fetches = 0;
  api.getOrders = async () => {
    fetches += 1;
    await Promise.resolve();
    return { success: true, data: JSON.parse(JSON.stringify(api.state.orders)) as Order[] };
  };
  return { api, fetches: () => fetches };
}

function renderOrders(api = ordersApi().api, signedIn = true) {
  return renderWithStores(<MyAccountPage />, { api, signedIn, route: '/my-account/orders', path: '/my-account/*' });
}

const rows = () => within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
const rowOf = (orderNumber: string) => rows().find((r) => within(r).queryByText(orderNumber))!;

afterEach(() => {
  jest.useRealTimers();
});

describe('My Orders', () => {
  it('lists the orders newest first, with the status in Title Case and the amount in ₹', async () => {
    renderOrders();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Orders' });
    expect(rows().map((r) => within(r).getByText(/^SF-/).textContent)).toEqual(['SF-NEW', 'SF-MID', 'SF-OLD']);
    expect(within(rowOf('SF-NEW')).getByText('Order Placed')).toBeInTheDocument();
    expect(within(rowOf('SF-MID')).getByText('Ready For Pickup')).toBeInTheDocument();
    expect(within(rowOf('SF-OLD')).getByText('Delivered')).toBeInTheDocument();
    expect(within(rowOf('SF-NEW')).getByText('₹1,798.00')).toBeInTheDocument();
    expect(within(rowOf('SF-MID')).getByText('₹3,499.00')).toBeInTheDocument();
  });

  it('offers Cancel Order only in the cancellable statuses (spec §4)', async () => {
    renderOrders();
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(rowOf('SF-NEW')).getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(within(rowOf('SF-MID')).getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(within(rowOf('SF-OLD')).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });

  it('is not fetched for a guest (spec §6)', async () => {
    const { api, fetches } = ordersApi();
    renderOrders(api, false);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(fetches()).toBe(0);
    expect(screen.queryByRole('list', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('shows a long history a screenful first and the rest in a render of its own, newest first (issue 19: TBT)', async () => {
    const history = Array.from({ length: 12 }, (_, i) =>
      makeOrder({
        order_id: i + 1,
        order_number: `SF-${101 + i}`,
        order_date: `2026-10-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
        status: 'delivered',
      }),
    );
    // Cards added to the list once it is on screen: none when the whole list commits at once.
    let addedLater = 0;
    const count = (records: MutationRecord[]) => {
      for (const r of records)
        if (r.target instanceof HTMLElement && r.target.matches('ul[aria-label="Orders"]')) addedLater += r.addedNodes.length;
    };
    const watch = new MutationObserver(count);
    watch.observe(document.body, { childList: true, subtree: true });
    try {
      renderOrders(createFakeApi({ orders: history }));
      await waitFor(() => expect(rows()).toHaveLength(12));
      count(watch.takeRecords());
    } finally {
      watch.disconnect();
    }
    expect(addedLater).toBe(12 - FIRST_SCREEN);
    expect(rows().map((r) => within(r).getByText(/^SF-/).textContent)).toEqual(history.map((o) => o.order_number).reverse());
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    const api = createFakeApi();
    api.failNext('getOrders', 'Orders are resting');
    renderOrders(api);
    // Inline and as a toast.
    await waitFor(() => expect(screen.getAllByText('Orders are resting')).toHaveLength(2));
  });
});

describe('Order Details drawer', () => {
  it('shows the order, copies its number (Copied! for 2 s) and closes over 300 ms', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderOrders();
    // user-event's clipboard stub settles on jsdom's event loop; this one settles at once, so the 2 s are exact.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(within(rowOf('SF-NEW')).getByRole('button', { name: /Order SF-NEW.*Order Placed/ }));

    const drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    const facts = (term: string) => within(drawer).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Status')).toBe('Order Placed');
    expect(facts('Date')).toBe('20 Nov 2026');
    expect(within(drawer).getByText('Classic Cotton T-Shirt')).toBeInTheDocument();
    expect(within(drawer).getByText('Size: M')).toBeInTheDocument();
    expect(facts('Unit amount')).toBe('₹999.00');
    expect(facts('Discount')).toBe('− ₹200.00');
    expect(facts('Subtotal')).toBe('₹1,798.00');
    expect(facts('Shipping')).toBe('Free');
    expect(facts('Total')).toBe('₹1,798.00');
    expect(facts('Payment method')).toBe('COD');
    expect(within(drawer).getByText(/12 MG Road/)).toBeInTheDocument();
    expect(within(drawer).getByText(/Bengaluru, Karnataka 560001/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Copy order number SF-NEW' }));
    // Waiting moves the fake clock 1 ms a check, so a few ms may pass before 'Copied!' is seen.
    await within(drawer).findByRole('button', { name: 'Copied!' }, { interval: 1 });
    expect(writeText).toHaveBeenCalledWith('SF-NEW');
    act(() => jest.advanceTimersByTime(1980));
    expect(within(drawer).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20));
    expect(within(drawer).getByRole('button', { name: 'Copy order number SF-NEW' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    // Still on screen while it slides out…
    expect(screen.getByRole('dialog', { name: 'Order Details' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(299));
    expect(screen.getByRole('dialog', { name: 'Order Details' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog', { name: 'Order Details' })).not.toBeInTheDocument();
  });

  it('names a prepaid order Prepaid and offers no cancel for a delivered one', async () => {
    const { user } = renderOrders();
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(within(rowOf('SF-OLD')).getByRole('button', { name: /Order SF-OLD/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(drawer).getByText('Prepaid')).toBeInTheDocument();
    expect(within(drawer).getByText('₹0.00')).toBeInTheDocument(); // no discount
    expect(within(drawer).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });
});

describe('Cancel Order dialog', () => {
  it('offers the nine reasons, needs one, needs a text for Other, then cancels and refetches', async () => {
    const { api, fetches } = ordersApi();
    const { user } = renderOrders(api);
    await screen.findByRole('list', { name: 'Orders' });
    await waitFor(() => expect(fetches()).toBe(1));
    await user.click(within(rowOf('SF-NEW')).getByRole('button', { name: 'Cancel Order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    const select = within(dialog).getByLabelText('Reason for cancellation');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select a reason', ...SPEC_REASONS]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(dialog).findByText('Please select a reason')).toBeInTheDocument();

    await user.selectOptions(select, 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(dialog).findByText('Please specify your reason')).toBeInTheDocument();
    expect(api.callsOf('cancelOrder')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your reason'), '  Bought it at a local shop  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));

    expect(await screen.findByText('Order cancelled successfully')).toBeInTheDocument();
    expect(api.callsOf('cancelOrder')).toEqual([
      [{ order_id: 2, reject_reason_select: 'Other', reject_reason_input: 'Bought it at a local shop' }],
    ]);
    await waitFor(() => expect(within(rowOf('SF-NEW')).getByText('Cancelled')).toBeInTheDocument());
    expect(fetches()).toBe(2);
    expect(within(rowOf('SF-NEW')).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel Order' })).not.toBeInTheDocument());
  });

  it('opens from the drawer and sends a listed reason without a text', async () => {
    const { api } = ordersApi();
    const { user } = renderOrders(api);
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(within(rowOf('SF-MID')).getByRole('button', { name: /Order SF-MID/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.click(within(drawer).getByRole('button', { name: 'Cancel Order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    await user.selectOptions(within(dialog).getByLabelText('Reason for cancellation'), 'Changed My Mind');
    expect(within(dialog).queryByLabelText('Your reason')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(within(rowOf('SF-MID')).getByText('Cancelled')).toBeInTheDocument());
    expect(api.callsOf('cancelOrder')).toEqual([[{ order_id: 3, reject_reason_select: 'Changed My Mind' }]]);
  });

  it("a refused cancel shows the server's message and keeps the dialog open", async () => {
    const { api } = ordersApi();
    const { user } = renderOrders(api);
    await screen.findByRole('list', { name: 'Orders' });
    api.state.orders.find((o) => o.order_id === 2)!.status = 'shipped'; // shipped meanwhile
    await user.click(within(rowOf('SF-NEW')).getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    await user.selectOptions(within(dialog).getByLabelText('Reason for cancellation'), 'Payment Issue');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await within(dialog).findByText('This order can no longer be cancelled')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel Order' })).toBeInTheDocument();
  });

  it('shows where the refund of a cancelled prepaid order stands (issue 14)', async () => {
    const api = createFakeApi({
      orders: [
        makeOrder({
          order_id: 9,
          order_number: 'SF-RFD',
          status: 'cancelled',
          payment_method: 'prepaid',
          payment_status: 'refund_pending',
          final_amount: '499.00',
          price: '499.00',
          quantity: 1,
        }),
      ],
    });
    const user = userEvent.setup();
    renderOrders(api);
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(within(rowOf('SF-RFD')).getByRole('button', { name: /Order SF-RFD/ }));
    expect(await screen.findByTestId('order-payment-status')).toHaveTextContent('Refund pending (₹499.00 on its way back to you)');
  });
});

describe('a dispatched order in My Orders (issue 38)', () => {
  it('the drawer shows the courier, the tracking link and the dated history; no cancel once shipped', async () => {
    const shipped = makeOrder({
      order_id: 9,
      order_number: 'SF-SHIPPED',
      status: 'shipped',
      history: [
        { status: 'order_placed', at: '2026-11-20T09:30:00.000Z', by: 'customer' },
        { status: 'order_confirmed', at: '2026-11-21T05:00:00.000Z', by: 'store' },
        { status: 'shipped', at: '2026-11-22T06:00:00.000Z', by: 'store' },
      ],
      shipment: {
        courier: 'Blue Dart',
        tracking_number: 'BD998877',
        tracking_url: 'https://www.bluedart.com/track?awb=BD998877',
        dispatched_at: '2026-11-22T06:00:00.000Z',
        delivered_at: null,
      },
    });
    const { user } = renderOrders(createFakeApi({ orders: [shipped] }));
    await screen.findByRole('list', { name: 'Orders' });
    expect(within(rowOf('SF-SHIPPED')).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await user.click(within(rowOf('SF-SHIPPED')).getByRole('button', { name: /Order SF-SHIPPED/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(drawer).getByRole('link', { name: 'Track with Blue Dart' })).toHaveAttribute(
      'href',
      'https://www.bluedart.com/track?awb=BD998877',
    );
    expect(within(drawer).getByText('BD998877')).toBeInTheDocument();
    const steps = within(within(drawer).getByRole('region', { name: 'Order history' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      'Order Placed 20 Nov 2026 by you',
      'Order Confirmed 21 Nov 2026 by the shop',
      'Shipped 22 Nov 2026 by the shop',
    ]);
    expect(within(drawer).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
  });
});

describe('Order Details drawer: tax documents (issue 39)', () => {
  const withDocs = () => {
    const api = createFakeApi({
      orders: [
        makeOrder({
          order_id: 7,
          order_number: 'SF-PAID',
          status: 'order_placed',
          documents: { invoice_number: 'INV/26-27/000042', credit_note_number: null },
        }),
        makeOrder({
          order_id: 8,
          order_number: 'SF-UNPAID',
          status: 'payment_pending',
          documents: { invoice_number: null, credit_note_number: null },
        }),
        makeOrder({
          order_id: 9,
          order_number: 'SF-BACK',
          status: 'cancelled',
          documents: { invoice_number: 'INV/26-27/000043', credit_note_number: 'CN/26-27/000001' },
        }),
      ],
    });
    return renderOrders(api);
  };
  let created: Blob[];
  beforeEach(() => {
    created = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:invoice';
    });
    URL.revokeObjectURL = jest.fn();
  });

  it('downloads the invoice of an invoiced order as a PDF', async () => {
    const { user, api } = withDocs();
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(within(rowOf('SF-PAID')).getByRole('button', { name: /Order SF-PAID/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await user.click(within(drawer).getByRole('button', { name: 'Download invoice INV/26-27/000042' }));
    await waitFor(() => expect(saved).toEqual(['INV-26-27-000042.pdf blob:invoice']));
    click.mockRestore();
    expect(api.callsOf('getOrderDocument')).toEqual([[7, 'invoice']]);
    expect(created).toHaveLength(1);
    expect(within(drawer).queryByRole('button', { name: /credit note/ })).not.toBeInTheDocument();
  });

  it('offers nothing before the invoice is issued, and the credit note once a paid order is cancelled', async () => {
    const { user, api } = withDocs();
    await screen.findByRole('list', { name: 'Orders' });
    await user.click(within(rowOf('SF-UNPAID')).getByRole('button', { name: /Order SF-UNPAID/ }));
    let drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(drawer).queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /Close/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order Details' })).not.toBeInTheDocument());

    await user.click(within(rowOf('SF-BACK')).getByRole('button', { name: /Order SF-BACK/ }));
    drawer = await screen.findByRole('dialog', { name: 'Order Details' });
    await user.click(within(drawer).getByRole('button', { name: 'Download credit note CN/26-27/000001' }));
    await waitFor(() => expect(api.callsOf('getOrderDocument')).toEqual([[9, 'credit_note']]));
  });
});
