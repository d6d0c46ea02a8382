import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from '@storefront/shared/router';
import { paths, Skeleton } from '@storefront/shared';
import type { OrderOutcomeStore } from '../../stores/OrderOutcomeStore';
import { OrderedItems, OrderedItemsSkeleton } from '../OrderedItems/OrderedItems';

/** The order numbers of one checkout (one order per cart line), when there are any. */
export function OrderNumbers({ numbers }: { numbers: string[] }) {
  if (numbers.length === 0) return null;
  return (
    <div className="cc-outcome__card">
      <h2>{numbers.length > 1 ? 'Order numbers' : 'Order number'}</h2>
      <ul className="cc-outcome__numbers" aria-label="Order numbers">
        {numbers.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

/** Whether an outcome page is still waiting for the orders its URL names. */
export function ordersPending(store: OrderOutcomeStore, orderNumbers: string[]): boolean {
  return !store.settled && orderNumbers.length > 0;
}

/**
 * What the orders held, read back from the server, with the amounts the page adds under it. Until
 * they arrive the card shows one skeleton row per order number the URL names (the server makes one
 * order per cart line), so it keeps its height and nothing under it moves (issue 19: CLS ≤ 0.01).
 */
export const OrdersCard = observer(function OrdersCard({
  store,
  orderNumbers,
  title,
  children,
}: {
  store: OrderOutcomeStore;
  orderNumbers: string[];
  title: string;
  children?: ReactNode;
}) {
  const pending = ordersPending(store, orderNumbers);
  return (
    <div className="cc-outcome__card" aria-busy={pending}>
      <h2>{title}</h2>
      {pending ? (
        <>
          <span className="sf-visually-hidden" role="status">
            Loading your order…
          </span>
          <OrderedItemsSkeleton count={orderNumbers.length} />
        </>
      ) : null}
      {store.error ? <p role="alert">{store.error}</p> : null}
      {store.orders.length > 0 ? <OrderedItems orders={store.orders} /> : null}
      {children}
    </div>
  );
});

/** A line of text still to come: one line-height tall, so the text that replaces it takes its place. */
export function TextSkeleton({ width }: { width: number | string }) {
  return <Skeleton width={width} height="1lh" />;
}

/** The way on: My Orders and the shop, after the page's own first action when it has one. */
export function OrderLinks({ first }: { first?: ReactNode }) {
  return (
    <div className="cc-outcome__actions">
      {first}
      <Link className={first ? 'cc-btn cc-btn--ghost' : 'cc-btn'} to={paths.myAccount.orders}>
        View my orders
      </Link>
      <Link className={first ? 'cc-btn cc-btn--link' : 'cc-btn cc-btn--ghost'} to={paths.shop()}>
        Continue Shopping
      </Link>
    </div>
  );
}
