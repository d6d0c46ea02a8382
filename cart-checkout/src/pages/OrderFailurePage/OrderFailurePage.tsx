import { observer } from 'mobx-react-lite';
import { Link, useNavigate } from '@storefront/shared/router';
import { formatMoney, paths, useStores, useDocumentMeta } from '@storefront/shared';
import { OrderLinks, OrderNumbers, OrdersCard, ordersPending, TextSkeleton } from '../../components/OrderOutcome/OrderOutcome';
import { useOutcomeOrders } from '../../hooks/useOutcomeOrders';
import '../../styles/common.css';
import '../../styles/outcome.css';

/**
 * /order-failure (signed-in): the payment did not go through. Says what that means, shows the order,
 * and offers a retry: the same items go back into the cart for a new checkout (a settled payment
 * cannot be paid again).
 */
function OrderFailurePage() {
  const { cart } = useStores();
  const navigate = useNavigate();
  const { orderNumbers, amount, store } = useOutcomeOrders();
  useDocumentMeta('Payment failed');

  const pending = ordersPending(store, orderNumbers);

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
        <OrderNumbers numbers={orderNumbers} />
        <OrdersCard store={store} orderNumbers={orderNumbers} title="In this order">
          {store.orders.length > 0 || amount || pending ? (
            <p className="cc-outcome__total">
              <span>Amount not paid</span>
              {store.orders.length || amount ? (
                <span>{formatMoney(store.orders.length ? store.total : (amount ?? 0))}</span>
              ) : (
                <TextSkeleton width={96} />
              )}
            </p>
          ) : null}
        </OrdersCard>
        <div className="cc-outcome__card">
          <h2>What you can do</h2>
          <ol className="cc-outcome__next">
            <li>Try again: the common causes (a declined card, a timed-out bank page) are usually temporary.</li>
            <li>Choose cash on delivery at checkout if paying online keeps failing.</li>
            <li>The unpaid order stays in My Orders as Payment Failed; it is never shipped.</li>
          </ol>
        </div>
        {/* Try again holds its place from the first paint (busy until the orders are known), so the row
            does not change under the shopper's finger; checkout is offered only when they could not be read. */}
        <OrderLinks
          first={
            pending || store.orders.length > 0 ? (
              <button
                type="button"
                className="cc-btn"
                onClick={() => void retry()}
                disabled={pending || store.reordering}
                aria-busy={pending || store.reordering}
              >
                {store.reordering ? 'Adding to cart…' : 'Try again'}
              </button>
            ) : (
              <Link className="cc-btn" to={paths.checkout}>
                Go to checkout
              </Link>
            )
          }
        />
      </div>
    </section>
  );
}

export default observer(OrderFailurePage);
