import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from '@storefront/shared/router';
import { paths } from '@storefront/shared';
import type { OrderOutcomeStore } from '../../stores/OrderOutcomeStore';
import { OrderedItems } from '../OrderedItems/OrderedItems';

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

/** What the orders held, read back from the server, with the amounts the page adds under it. */
export const OrdersCard = observer(function OrdersCard({
  store,
  title,
  children,
}: {
  store: OrderOutcomeStore;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="cc-outcome__card" aria-busy={store.loading}>
      <h2>{title}</h2>
      {store.loading ? <p>Loading your order…</p> : null}
      {store.error ? <p role="alert">{store.error}</p> : null}
      {store.orders.length > 0 ? <OrderedItems orders={store.orders} /> : null}
      {children}
    </div>
  );
});

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
