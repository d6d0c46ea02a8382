import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { formatMoney, paths, useStores } from '@storefront/shared';
import { OrderedItems } from '../../components/OrderedItems/OrderedItems';
import { readOutcome } from '../../lib/orderLinks';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { OrderOutcomeStore } from '../../stores/OrderOutcomeStore';
import '../../styles/common.css';
import '../../styles/outcome.css';

/**
 * /order-failure (signed-in): the payment did not go through. Says what that means, shows the order,
 * and offers a retry: the same items go back into the cart for a new checkout (a settled payment
 * cannot be paid again).
 */
function OrderFailurePage() {
  const { api, cart } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const [store] = useState(() => new OrderOutcomeStore(api));
  const { orderNumbers, amount } = readOutcome(location.search, location.state);
  const key = orderNumbers.join(',');
  useDocumentTitle('Payment failed');

  useEffect(() => {
    void store.load(key ? key.split(',') : []);
  }, [store, key]);

  const retry = async () => {
    if ((await store.reorder(cart)) > 0) navigate(paths.checkout);
  };

  return (
    <section className="cc-page" data-section="cart_checkout">
      <div className="cc-outcome">
        <div className="cc-outcome__banner cc-outcome__banner--fail">
          <span className="cc-outcome__icon" aria-hidden="true">
            !
          </span>
          <div>
            <h1>Your payment did not go through</h1>
            <p>No money was taken and the order will not be shipped. You can try again: the same items go back into your cart.</p>
          </div>
        </div>
        {orderNumbers.length > 0 ? (
          <div className="cc-outcome__card">
            <h2>{orderNumbers.length > 1 ? 'Order numbers' : 'Order number'}</h2>
            <ul className="cc-outcome__numbers" aria-label="Order numbers">
              {orderNumbers.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="cc-outcome__card" aria-busy={store.loading}>
          <h2>In this order</h2>
          {store.loading ? <p>Loading your order…</p> : null}
          {store.error ? <p role="alert">{store.error}</p> : null}
          <OrderedItems orders={store.orders} />
          {store.orders.length > 0 || amount ? (
            <p className="cc-outcome__total">
              <span>Amount not paid</span>
              <span>{formatMoney(store.orders.length ? store.total : (amount ?? 0))}</span>
            </p>
          ) : null}
        </div>
        <div className="cc-outcome__card">
          <h2>What you can do</h2>
          <ol className="cc-outcome__next">
            <li>Try again: the common causes (a declined card, a timed-out bank page) are usually temporary.</li>
            <li>Choose cash on delivery at checkout if paying online keeps failing.</li>
            <li>The unpaid order stays in My Orders as Payment Failed; it is never shipped.</li>
          </ol>
        </div>
        <div className="cc-outcome__actions">
          {store.orders.length > 0 ? (
            <button type="button" className="cc-btn" onClick={() => void retry()} disabled={store.reordering}>
              {store.reordering ? 'Adding to cart…' : 'Try again'}
            </button>
          ) : (
            <Link className="cc-btn" to={paths.checkout}>
              Go to checkout
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
