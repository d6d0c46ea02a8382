import { observer } from 'mobx-react-lite';
import { memo, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Link } from '@storefront/shared/router';
import {
  formatMoney,
  formatStatus,
  Picture,
  isCancellable,
  MESSAGES,
  paths,
  reportError,
  SessionSkeleton,
  useStores,
  type Order,
  useDocumentTitle,
} from '@storefront/shared';
import { ordersOf } from '../../../stores/ordersOf';
import { OrderDetailsDrawer } from '../../../components/orders/OrderDetailsDrawer';
import { CancelOrderDialog } from '../../../components/orders/CancelOrderDialog';
import { formatOrderDate } from '../../../components/orders/formatOrderDate';

/** Order cards shown with the list's answer: more than a phone's screen holds (issue 19). */
export const FIRST_SCREEN = 4;

/** One order: opens its details; Cancel Order where the status allows it. Re-rendered only when its order changes. */
const OrderCard = memo(function OrderCard({
  order,
  onOpen,
  onCancel,
}: {
  order: Order;
  onOpen: (orderId: number) => void;
  onCancel: (order: Order) => void;
}) {
  return (
    <li className="acc-order-card">
      <button type="button" className="acc-order-card__main" onClick={() => onOpen(order.order_id)}>
        {order.product_image && (
          <Picture src={order.product_image} alt="" className="acc-order-card__img" sizes="56px" width={56} height={56} loading="lazy" />
        )}
        <span className="acc-order-card__text">
          {/* Named by what it shows (WCAG 2.5.3): an aria-label would hide the product, date and amount. */}
          <span className="sf-visually-hidden">Order </span>
          <span className="acc-order-card__number">{order.order_number}</span>
          <span className="acc-order-card__name">{order.product_name}</span>
          <span className="acc-order-card__date">{formatOrderDate(order.order_date)}</span>
        </span>
        <span className="acc-order-card__side">
          <span className={`acc-status acc-status--${order.status}`}>{formatStatus(order.status)}</span>
          <span className="acc-order-card__amount">{formatMoney(order.final_amount)}</span>
        </span>
      </button>
      {isCancellable(order.status) && (
        <button type="button" className="acc-btn acc-btn--small acc-order-card__cancel" onClick={() => onCancel(order)}>
          Cancel Order
        </button>
      )}
    </li>
  );
});

/** /my-account/orders: the order list (newest first), the details drawer and the cancel dialog. */
export const OrdersSection = observer(function OrdersSection() {
  const root = useStores();
  const { auth } = root;
  useDocumentTitle('My Orders');
  const orders = ordersOf(root);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const isAuthenticated = auth.isAuthenticated;

  // Spec §6: the order list is fetched only when authenticated.
  useEffect(() => {
    if (!isAuthenticated) return;
    orders.fetch().catch((err: unknown) => reportError(err, MESSAGES.ordersFetchFailed));
  }, [orders, isAuthenticated]);

  // Stable handlers: the overlays re-run their focus handling when these change.
  const closeDrawer = useCallback(() => setSelectedId(null), []);
  const closeCancel = useCallback(() => setCancelling(null), []);
  // One overlay at a time: the drawer steps aside for the dialog (each traps focus while open).
  const openCancelFromDrawer = useCallback((order: Order) => {
    setSelectedId(null);
    setCancelling(order);
  }, []);

  // The list's answer renders the first screenful at once; the whole list follows in a render that yields
  // to the browser between cards (a deferred value renders in a transition lane), so a long order history
  // is not one long task (issue 19: TBT). A refetch keeps the cards on screen until the new list is ready.
  const all = orders.orders;
  const deferred = useDeferredValue(all);
  const shown = all.length === 0 ? all : deferred.length > 0 ? deferred : all.slice(0, FIRST_SCREEN);

  // The drawer shows the live order from the list, so a cancel's refetch updates its status too.
  const selected = selectedId === null ? null : (orders.byId(selectedId) ?? null);

  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">My Orders</h1>
      {/* The same skeleton as before the session applied (issue 19): the list takes its place. */}
      {!orders.loaded && !orders.error && <SessionSkeleton label="Loading your orders…" blocks={[88, 88, 88]} />}
      {orders.loaded && orders.orders.length === 0 && (
        <div className="acc-empty">
          <p>You have not placed any orders yet.</p>
          <Link className="acc-btn acc-btn--primary" to={paths.shop()}>
            Start shopping
          </Link>
        </div>
      )}
      {!orders.loaded && orders.error && (
        <p role="alert" className="acc-form__error">
          {orders.error}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="acc-orders" aria-label="Orders">
          {shown.map((order) => (
            <OrderCard key={order.order_id} order={order} onOpen={setSelectedId} onCancel={setCancelling} />
          ))}
        </ul>
      )}
      <OrderDetailsDrawer order={selected} orders={orders} onClose={closeDrawer} onCancel={openCancelFromDrawer} />
      <CancelOrderDialog order={cancelling} orders={orders} onClose={closeCancel} />
    </div>
  );
});
