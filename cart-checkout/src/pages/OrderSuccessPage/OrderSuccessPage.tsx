import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatMoney, paths, paymentMethodLabel, useStores } from '@storefront/shared';
import { OrderedItems } from '../../components/OrderedItems/OrderedItems';
import { readOutcome } from '../../lib/orderLinks';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { OrderOutcomeStore } from '../../stores/OrderOutcomeStore';
import '../../styles/common.css';
import '../../styles/outcome.css';

/** /order-success (signed-in): the order numbers, what was bought, the amount, what happens next. */
function OrderSuccessPage() {
  const { api } = useStores();
  const location = useLocation();
  const [store] = useState(() => new OrderOutcomeStore(api));
  const { orderNumbers } = readOutcome(location.search, location.state);
  const key = orderNumbers.join(',');
  useDocumentTitle('Order placed');

  useEffect(() => {
    void store.load(key ? key.split(',') : []);
  }, [store, key]);

  const method = store.orders[0] ? paymentMethodLabel(store.orders[0].payment_method) : null;
  const prepaid = method === 'Prepaid';

  return (
    <section className="cc-page" data-section="cart_checkout">
      <div className="cc-outcome">
        <div className="cc-outcome__banner cc-outcome__banner--ok">
          <span className="cc-outcome__icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <h1>Thank you, your order has been placed</h1>
            <p>
              {orderNumbers.length > 1
                ? 'Your order numbers are below: one order per item, each tracked on its own.'
                : orderNumbers.length === 1
                  ? 'Your order number is below.'
                  : 'You can see your order in My Orders.'}
            </p>
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
          <h2>What you bought</h2>
          {store.loading ? <p>Loading your order…</p> : null}
          {store.error ? <p role="alert">{store.error}</p> : null}
          {store.orders.length > 0 ? (
            <>
              <OrderedItems orders={store.orders} />
              {store.discount > 0 ? <p className="cc-outcome__discount">Discount: − {formatMoney(store.discount)}</p> : null}
              <p className="cc-outcome__total">
                <span>{prepaid ? 'Amount paid' : 'Amount to pay on delivery'}</span>
                <span data-testid="order-total">{formatMoney(store.total)}</span>
              </p>
              <p>Payment: {prepaid ? 'Prepaid (paid online)' : 'Cash on delivery'} · Shipping: Free</p>
            </>
          ) : null}
        </div>
        <div className="cc-outcome__card">
          <h2>What happens next</h2>
          <ol className="cc-outcome__next">
            <li>We confirm your order and the seller packs it.</li>
            <li>You can follow every step in My Orders, or with Track Order and the order number.</li>
            <li>{prepaid ? 'Your payment is received: nothing more to pay on delivery.' : 'Pay in cash when the parcel arrives.'}</li>
            <li>Changed your mind? You can cancel from My Orders until the order ships.</li>
          </ol>
        </div>
        <div className="cc-outcome__actions">
          <Link className="cc-btn" to={paths.myAccount.orders}>
            View my orders
          </Link>
          <Link className="cc-btn cc-btn--ghost" to={paths.shop()}>
            Continue Shopping
          </Link>
        </div>
      </div>
    </section>
  );
}

export default observer(OrderSuccessPage);
