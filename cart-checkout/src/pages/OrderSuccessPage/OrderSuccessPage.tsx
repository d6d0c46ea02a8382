import { observer } from 'mobx-react-lite';
import { formatMoney, paymentMethodLabel, useDocumentMeta } from '@storefront/shared';
import { OrderLinks, OrderNumbers, OrdersCard, ordersPending, TextSkeleton } from '../../components/OrderOutcome/OrderOutcome';
import { useOutcomeOrders } from '../../hooks/useOutcomeOrders';
import '../../styles/common.css';
import '../../styles/outcome.css';

/** /order-success (signed-in): the order numbers, what was bought, the amount, what happens next. */
function OrderSuccessPage() {
  const { orderNumbers, store } = useOutcomeOrders();
  useDocumentMeta('Order placed');

  const method = store.orders[0] ? paymentMethodLabel(store.orders[0].payment_method) : null;
  const prepaid = method === 'Prepaid';
  const pending = ordersPending(store, orderNumbers);

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
        <OrderNumbers numbers={orderNumbers} />
        <OrdersCard store={store} orderNumbers={orderNumbers} title="What you bought">
          {store.orders.length > 0 ? (
            <>
              <p className="cc-outcome__total">
                <span>{prepaid ? 'Amount paid' : 'Amount to pay on delivery'}</span>
                <span data-testid="order-total">{formatMoney(store.total)}</span>
              </p>
              <p>
                Payment: {prepaid ? 'Prepaid (paid online)' : 'Cash on delivery'} · Shipping: Free
                {/* On the payment line, not a line of its own: the skeleton cannot know whether a coupon was used. */}
                {store.discount > 0 ? (
                  <>
                    {' · '}
                    <span className="cc-outcome__discount">Discount: − {formatMoney(store.discount)}</span>
                  </>
                ) : null}
              </p>
            </>
          ) : pending ? (
            <>
              <p className="cc-outcome__total">
                <TextSkeleton width={180} />
                <TextSkeleton width={96} />
              </p>
              <p>
                <TextSkeleton width="75%" />
              </p>
            </>
          ) : null}
        </OrdersCard>
        <div className="cc-outcome__card">
          <h2>What happens next</h2>
          <ol className="cc-outcome__next">
            <li>We confirm your order and the seller packs it.</li>
            <li>You can follow every step in My Orders, or with Track Order and the order number.</li>
            <li>{prepaid ? 'Your payment is received: nothing more to pay on delivery.' : 'Pay in cash when the parcel arrives.'}</li>
            <li>Changed your mind? You can cancel from My Orders until the order ships.</li>
          </ol>
        </div>
        <OrderLinks />
      </div>
    </section>
  );
}

export default observer(OrderSuccessPage);
