import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths, useStores } from '@storefront/shared';
import { OrderedItems } from '../../components/OrderedItems/OrderedItems';
import { formatRupees } from '../../lib/money';
import { paymentUrl, readOutcome } from '../../lib/orderLinks';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { OrderOutcomeStore } from '../../stores/OrderOutcomeStore';
import '../../styles/common.css';
import '../../styles/outcome.css';

/** /order-failure: why the order did not complete, what was in it, and a retry. */
function OrderFailurePage() {
  const { api } = useStores();
  const location = useLocation();
  const [store] = useState(() => new OrderOutcomeStore(api));
  const outcome = readOutcome(location.search, location.state);
  const { orderNumbers, paymentId, amount } = outcome;
  const key = orderNumbers.join(',');
  useDocumentTitle('Payment failed');

  useEffect(() => {
    void store.load(key ? key.split(',') : []);
  }, [store, key]);

  return (
    <section className="cc-page" data-section="cart_checkout">
      <div className="cc-outcome">
        <div className="cc-outcome__banner cc-outcome__banner--fail" role="alert">
          <span className="cc-outcome__icon" aria-hidden="true">
            !
          </span>
          <div>
            <h1>Your payment did not go through</h1>
            <p>No money was taken. Your order is kept and waits for payment; you can try again or choose cash on delivery on a new order.</p>
          </div>
        </div>
        {orderNumbers.length > 0 && (
          <div className="cc-outcome__card">
            <h2>{orderNumbers.length > 1 ? 'Order numbers' : 'Order number'}</h2>
            <ul className="cc-outcome__numbers" aria-label="Order numbers">
              {orderNumbers.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        )}
        {(store.orders.length > 0 || store.loading) && (
          <div className="cc-outcome__card" aria-busy={store.loading}>
            <h2>In this order</h2>
            {store.loading && <p>Loading your order…</p>}
            <OrderedItems orders={store.orders} />
            <p className="cc-outcome__total">
              <span>Amount due</span>
              <span>{formatRupees(store.orders.length ? store.total : (amount ?? 0))}</span>
            </p>
          </div>
        )}
        <div className="cc-outcome__card">
          <h2>What you can do</h2>
          <ol className="cc-outcome__next">
            <li>Try the payment again: the common causes (a declined card, a timed-out bank page) are usually temporary.</li>
            <li>Check the order in My Orders; an unpaid order is not shipped.</li>
            <li>Still stuck? Contact support with the order number.</li>
          </ol>
        </div>
        <div className="cc-outcome__actions">
          {paymentId ? (
            <Link className="cc-btn" to={paymentUrl(orderNumbers, paymentId, amount ?? '')}>
              Try payment again
            </Link>
          ) : (
            <Link className="cc-btn" to={paths.checkout}>
              Try again
            </Link>
          )}
          <Link className="cc-btn cc-btn--ghost" to={paths.myAccount.orders}>
            View my orders
          </Link>
          <Link className="cc-btn cc-btn--link" to={paths.shop()}>
            Continue Shopping
          </Link>
        </div>
      </div>
    </section>
  );
}

export default observer(OrderFailurePage);
