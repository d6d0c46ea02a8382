import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { formatCountdown, paths } from '@storefront/shared';
import { OrderLinks, ordersPending } from '../../components/OrderOutcome/OrderOutcome';
import { OrderedItems, OrderedItemsSkeleton } from '../../components/OrderedItems/OrderedItems';
import type { usePayment } from './usePayment';

type Payment = ReturnType<typeof usePayment>;

/** What is paid: the orders, the amount, the time left to pay (items held until then), the items. */
export const PaymentCard = observer(function PaymentCard({ payment }: { payment: Payment }) {
  const { store, numbers, counting, dueText, outcome } = payment;
  const loading = store.phase === 'loading';
  const orders = outcome.store;
  return (
    <div className="cc-outcome__card">
      <h2>Amount to pay</h2>
      <p className="cc-outcome__total">
        <span>{numbers.length > 1 ? `Orders ${numbers.join(', ')}` : `Order ${numbers[0] ?? ''}`}</span>
        <span data-testid="payment-amount">{dueText || '…'}</span>
      </p>
      {counting || loading ? (
        <p className="cc-payment__hold" role="timer" aria-live="off" aria-label="Time left to pay" aria-busy={loading}>
          Time left to pay: <strong data-testid="payment-time-left">{loading ? '--:--' : formatCountdown(store.secondsLeft)}</strong>. Your
          items are held for you until then.
        </p>
      ) : null}
      {orders.orders.length > 0 ? (
        <OrderedItems orders={orders.orders} />
      ) : ordersPending(orders, outcome.orderNumbers) ? (
        <OrderedItemsSkeleton count={outcome.orderNumbers.length} />
      ) : null}
    </div>
  );
});

interface ActionsProps {
  payment: Payment;
  /** The test provider (development only): the shopper picks the outcome. */
  isTest: boolean;
  working: boolean;
}

/** Pay (the test provider's outcome or the gateway's window), cancel, and a failed payment to try in test mode. */
export const PaymentActions = observer(function PaymentActions({ payment, isTest, working }: ActionsProps) {
  const { store, busy, dueText, payTest, payGateway } = payment;
  return (
    <div className="cc-outcome__actions" aria-busy={store.phase === 'loading' || undefined}>
      {isTest ? (
        <button type="button" className="cc-btn" onClick={() => void payTest('success')} disabled={working}>
          {busy ? 'Processing…' : `Pay ${dueText}`.trim()}
        </button>
      ) : (
        <button type="button" className="cc-btn" onClick={payGateway} disabled={working}>
          {store.phase === 'retry' ? `Try again: pay ${dueText}` : `Pay ${dueText}`.trim()}
        </button>
      )}
      <button type="button" className="cc-btn cc-btn--ghost" onClick={() => void store.cancel()} disabled={working}>
        Cancel order
      </button>
      {/* Last: it joins the row when the session names the test provider, moving no other button. */}
      {isTest ? (
        <button type="button" className="cc-btn cc-btn--ghost" onClick={() => void payTest('failure')} disabled={working}>
          Simulate a failed payment
        </button>
      ) : null}
    </div>
  );
});

/** Where to go once nothing is left to pay; back to the cart when the items went back on sale. */
export function PaymentEnd({ backToCart }: { backToCart: boolean }) {
  const first = backToCart ? (
    <Link className="cc-btn" to={paths.cart}>
      Back to cart
    </Link>
  ) : undefined;
  return <OrderLinks first={first} />;
}
