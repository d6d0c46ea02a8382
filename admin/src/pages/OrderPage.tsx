import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@storefront/shared/router';
import {
  formatMoney,
  formatStatus,
  notify,
  paths,
  paymentMethodLabel,
  reportError,
  useDocumentTitle,
  type Order,
  type OrderStatus,
  useForm,
} from '@storefront/shared';
import { useAdmin } from '../AdminContext';
import { OrderStore, type MoveOutcome } from '../stores/OrderStore';
import { TextField, formatWhen } from '../components/TextField';

/** What each move is called on its button (the API's table decides which ones an order offers). */
const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  order_confirmed: 'Confirm order',
  dispatched_from_retailer: 'Dispatched from the shop',
  processed_by_wholesaler: 'Processed by the wholesaler',
  ready_for_pickup: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  returned_to_origin: 'Returned to origin (RTO)',
};

/** Moves that record something besides the status have a form of their own. */
const WITH_FORM: readonly OrderStatus[] = ['shipped', 'cancelled'];

function tell(outcome: MoveOutcome): void {
  if (outcome.kind === 'conflict') notify.warning(outcome.message);
  else if (outcome.kind === 'unchanged') notify.info(outcome.message);
  else notify.success(outcome.message);
}

/** One order: who, what, where, its dated history, and only the actions its status allows. */
export const OrderPage = observer(function OrderPage() {
  const { number = '' } = useParams();
  useDocumentTitle(`Order ${number}`);
  const { api } = useAdmin();
  const [store] = useState(() => new OrderStore(api, number));
  useEffect(() => {
    store.load().catch((err: unknown) => reportError(err, 'Could not load the order'));
  }, [store]);
  const order = store.order;

  return (
    <section className="adm-page" aria-labelledby="adm-order-title">
      <p>
        <Link to={paths.admin.orders}>← Orders</Link>
      </p>
      <h1 id="adm-order-title">Order {number}</h1>
      {store.error && <p className="adm-notice">{store.error}</p>}
      {order && (
        <>
          <OrderSummary order={order} />
          <Actions store={store} />
          <History order={order} />
        </>
      )}
    </section>
  );
});

function OrderSummary({ order }: { order: Order }) {
  const c = order.customer_data;
  const a = c.shipping_address;
  return (
    <div className="adm-grid">
      <dl className="adm-facts">
        <dt>Status</dt>
        <dd>
          <span className={`adm-status adm-status--${order.status}`}>{formatStatus(order.status)}</span>
        </dd>
        <dt>Placed</dt>
        <dd>{formatWhen(order.order_date)}</dd>
        <dt>Item</dt>
        <dd>
          {order.product_name} ({order.product_variation}) × {order.quantity}
        </dd>
        <dt>Amount</dt>
        <dd>
          {formatMoney(order.final_amount)} · {paymentMethodLabel(order.payment_method)} · {formatStatus(order.payment_status)}
        </dd>
        {order.cancel_reason && (
          <>
            <dt>Cancel reason</dt>
            <dd>{order.cancel_reason}</dd>
          </>
        )}
      </dl>
      <dl className="adm-facts">
        <dt>Customer</dt>
        <dd>{c.fullName}</dd>
        <dt>Phone</dt>
        <dd>{c.phone_number}</dd>
        <dt>Email</dt>
        <dd>{c.email}</dd>
        <dt>Ship to</dt>
        <dd>{[a.address, a.city, a.state, a.pincode].filter(Boolean).join(', ')}</dd>
        {order.shipment && (
          <>
            <dt>Courier</dt>
            <dd>
              {order.shipment.courier} · AWB {order.shipment.tracking_number}
              {order.shipment.tracking_url && (
                <>
                  {' '}
                  ·{' '}
                  <a href={order.shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                    tracking link
                  </a>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

const Actions = observer(function Actions({ store }: { store: OrderStore }) {
  const order = store.order;
  if (!order) return null;
  if (store.next.length === 0) return <p className="adm-muted">Nothing more to do: this order is {formatStatus(order.status)}.</p>;
  const move = (to: OrderStatus, details = {}) =>
    store
      .move(to, details)
      .then(tell)
      .catch((err: unknown) => reportError(err, 'Could not update the order'));
  const cod = order.payment_method === 'cod';
  return (
    <section className="adm-actions" aria-label="Actions">
      <h2>What next</h2>
      <div className="adm-buttons">
        {store.next
          .filter((to) => !WITH_FORM.includes(to) && !(to === 'delivered' && cod))
          .map((to) => (
            <button key={to} type="button" className="adm-btn" disabled={store.moving} onClick={() => void move(to)}>
              {MOVE_LABELS[to] ?? formatStatus(to)}
            </button>
          ))}
      </div>
      {store.next.includes('shipped') && <DispatchForm store={store} />}
      {store.next.includes('delivered') && cod && <CollectedForm store={store} />}
      {store.next.includes('cancelled') && <CancelForm store={store} />}
    </section>
  );
});

function DispatchForm({ store }: { store: OrderStore }) {
  const form = useForm(
    (v) => v.dispatchSchema,
    { courier: '', tracking_number: '', tracking_url: '' },
    { failure: 'Could not dispatch the order' },
  );
  const send = form.handleSubmit(async (v) => {
    tell(
      await store.move('shipped', {
        courier: v.courier.trim(),
        tracking_number: v.tracking_number.trim(),
        ...(v.tracking_url.trim() ? { tracking_url: v.tracking_url.trim() } : {}),
      }),
    );
  });
  return (
    <form className="adm-form adm-subform" noValidate onSubmit={send} aria-label="Dispatch">
      <h3>Dispatch with a courier</h3>
      <TextField idPrefix="adm-ship" label="Courier" required {...form.field('courier')} />
      <TextField
        idPrefix="adm-ship"
        label="Tracking number (AWB)"
        required
        autoCapitalize="characters"
        {...form.field('tracking_number')}
      />
      <TextField idPrefix="adm-ship" label="Tracking link" type="url" placeholder="https://" {...form.field('tracking_url')} />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Dispatch
      </button>
    </form>
  );
}

/** What the courier brings back for a cash order: the item and, on a checkout's first order, the COD fee. */
function cashDue(order: { final_amount: string; cod_fee?: string | undefined }): string {
  return (Number(order.final_amount) + Number(order.cod_fee ?? 0)).toFixed(2);
}

function CollectedForm({ store }: { store: OrderStore }) {
  const amount = store.order ? cashDue(store.order) : '';
  const form = useForm((v) => v.collectedSchema, { collected_amount: amount }, { failure: 'Could not mark the order delivered' });
  const send = form.handleSubmit(async (v) => tell(await store.move('delivered', { collected_amount: v.collected_amount.trim() })));
  return (
    <form className="adm-form adm-subform" noValidate onSubmit={send} aria-label="Delivered, cash collected">
      <h3>Delivered: cash collected</h3>
      <TextField idPrefix="adm-cod" label="Cash collected (₹)" inputMode="decimal" required {...form.field('collected_amount')} />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Delivered, cash collected
      </button>
    </form>
  );
}

function CancelForm({ store }: { store: OrderStore }) {
  const paid = store.order?.payment_status === 'paid';
  const form = useForm((v) => v.staffCancelSchema, { reason: '' }, { failure: 'Could not cancel the order' });
  const send = form.handleSubmit(async (v) => tell(await store.move('cancelled', { reason: v.reason.trim() })));
  return (
    <form className="adm-form adm-subform" noValidate onSubmit={send} aria-label="Cancel order">
      <h3>Cancel the order</h3>
      <p className="adm-muted">
        The stock goes back{paid ? ' and the payment is refunded through the payment provider' : ''}; the shopper is told why.
      </p>
      <TextField idPrefix="adm-cancel" label="Reason" required {...form.field('reason')} />
      <button type="submit" className="adm-btn adm-btn--danger" disabled={form.submitting}>
        Cancel order
      </button>
    </form>
  );
}

function History({ order }: { order: Order }) {
  return (
    <section aria-labelledby="adm-history-title">
      <h2 id="adm-history-title">History</h2>
      <ol className="adm-timeline">
        {order.history.map((h, i) => (
          <li key={`${h.status}-${i}`}>
            <strong>{formatStatus(h.status)}</strong> <time dateTime={h.at}>{formatWhen(h.at)}</time>
            {h.by && <span className="adm-muted"> · by {h.by}</span>}
            {h.note && <span className="adm-muted"> · {h.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
