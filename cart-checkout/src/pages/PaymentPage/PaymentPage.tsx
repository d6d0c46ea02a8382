import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from '@storefront/shared/router';
import { formatCountdown, formatMoney, notify, paths, reportError, useStores, useDocumentMeta } from '@storefront/shared';
import { OrderLinks, ordersPending } from '../../components/OrderOutcome/OrderOutcome';
import { OrderedItems, OrderedItemsSkeleton } from '../../components/OrderedItems/OrderedItems';
import { orderFailureUrl, orderSuccessUrl } from '../../lib/orderLinks';
import { useOutcomeOrders } from '../../hooks/useOutcomeOrders';
import type { PaymentChoice, PaymentProvider } from '../../payment/PaymentProvider';
import { TestPaymentProvider } from '../../payment/TestPaymentProvider';
import { PaymentStore } from '../../stores/PaymentStore';
import '../../styles/common.css';
import '../../styles/outcome.css';

export const MSG_PAYMENT_RECEIVED = 'Payment received';
export const MSG_PAYMENT_NOT_CONFIRMED = 'The payment could not be confirmed. Please try again.';

/**
 * /payment (signed-in): pays a prepaid checkout (spec §7 leaves the provider "not shown"; issue 14). The
 * server's `/payment/start` says which provider: Razorpay opens the gateway's own checkout window (its
 * script loaded here only); the test provider (development only) lets the shopper pick the outcome.
 * The order's stock is held for a limited time, counted down here; the shopper can cancel until paid.
 */
function PaymentPage({ provider: given }: { provider?: PaymentProvider }) {
  const { api, auth, storeInfo } = useStores();
  const navigate = useNavigate();
  const testProvider = useMemo(() => given ?? new TestPaymentProvider(api), [given, api]);
  const [store] = useState(() => new PaymentStore(api));
  const [busy, setBusy] = useState(false);
  const { orderNumbers, paymentId, amount, store: orders } = useOutcomeOrders();
  useDocumentMeta('Payment');

  useEffect(() => {
    if (paymentId) void store.load(paymentId);
  }, [store, paymentId]);

  const counting = store.open || store.phase === 'gateway';
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(store.tick, 1000);
    return () => clearInterval(timer);
  }, [store, counting]);

  // A plain copy: router state is structured-cloned by the browser's history, which a MobX proxy cannot be.
  const numbers = store.session?.order_numbers.length ? [...store.session.order_numbers] : orderNumbers;

  const paid = () => {
    notify.success(MSG_PAYMENT_RECEIVED);
    navigate(orderSuccessUrl(numbers), { replace: true, state: { orderNumbers: numbers } });
  };

  const payTest = async (choice: PaymentChoice) => {
    if (!paymentId) return;
    setBusy(true);
    try {
      const result = await testProvider.confirm(paymentId, choice);
      if (result.ok) {
        paid();
      } else {
        notify.error(result.message);
        navigate(orderFailureUrl(numbers, amount), { replace: true, state: { orderNumbers: numbers, amount } });
      }
    } catch (err) {
      reportError(err, MSG_PAYMENT_NOT_CONFIRMED);
      setBusy(false);
    }
  };

  const payGateway = () => {
    const c = auth.customer;
    void store.openGateway(
      {
        name: c ? `${c.firstname} ${c.lastname}`.trim() : undefined,
        email: c?.email ?? undefined,
        contact: c?.phone_number ?? undefined,
        storeName: storeInfo.storeName || undefined,
      },
      paid,
    );
  };

  const due = store.session?.amount ?? amount ?? (orders.orders.length ? orders.total : undefined);
  const dueText = due === undefined ? '' : formatMoney(due);

  if (!paymentId) {
    return (
      <section className="cc-page" data-section="cart_checkout">
        <div className="cc-outcome">
          <h1>Payment</h1>
          <div className="cc-outcome__card">
            <p>There is no payment waiting. Prepaid orders come here from checkout.</p>
            <OrderLinks />
          </div>
        </div>
      </section>
    );
  }

  const isTest = store.provider === 'test' || (store.provider === null && !!given);
  // Until the session arrives the page holds the places of what it will show (the countdown, the
  // items, the buttons, disabled) so nothing moves when it does (issue 19: CLS ≤ 0.01). What depends
  // on the provider (the test-mode note) comes after the buttons, where it pushes nothing in view.
  const loading = store.phase === 'loading';
  const working = loading || busy || store.busy || store.phase === 'verifying' || store.phase === 'gateway';

  return (
    <section className="cc-page" data-section="cart_checkout">
      <div className="cc-outcome">
        <h1>Payment</h1>
        <div className="cc-outcome__card">
          <h2>Amount to pay</h2>
          <p className="cc-outcome__total">
            <span>{numbers.length > 1 ? `Orders ${numbers.join(', ')}` : `Order ${numbers[0] ?? ''}`}</span>
            <span data-testid="payment-amount">{dueText || '…'}</span>
          </p>
          {counting || loading ? (
            <p className="cc-payment__hold" role="timer" aria-live="off" aria-label="Time left to pay" aria-busy={loading}>
              Time left to pay: <strong data-testid="payment-time-left">{loading ? '--:--' : formatCountdown(store.secondsLeft)}</strong>.
              Your items are held for you until then.
            </p>
          ) : null}
          {orders.orders.length > 0 ? (
            <OrderedItems orders={orders.orders} />
          ) : ordersPending(orders, orderNumbers) ? (
            <OrderedItemsSkeleton count={orderNumbers.length} />
          ) : null}
        </div>

        {store.message ? (
          <p
            className="cc-payment__message"
            role={store.phase === 'expired' || store.phase === 'cancelled' || store.phase === 'error' ? 'alert' : 'status'}
          >
            {store.message}
          </p>
        ) : null}
        {store.phase === 'verifying' ? <p role="status">Confirming your payment…</p> : null}
        {store.phase === 'paid' && !working ? <p role="status">This order is paid.</p> : null}

        {loading || store.open || store.phase === 'gateway' || store.phase === 'verifying' ? (
          <div className="cc-outcome__actions" aria-busy={loading || undefined}>
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
        ) : null}

        {store.phase === 'expired' ||
        store.phase === 'cancelled' ||
        store.phase === 'closed' ||
        store.phase === 'paid' ||
        store.phase === 'error' ? (
          <OrderLinks
            first={
              store.phase === 'expired' || store.phase === 'cancelled' ? (
                <Link className="cc-btn" to={paths.cart}>
                  Back to cart
                </Link>
              ) : undefined
            }
          />
        ) : null}
        {isTest && testProvider.testMode ? (
          <p className="cc-test-banner" role="note">
            <strong>Test mode.</strong> {testProvider.label}: no card is charged and no money moves. Choose whether this payment succeeds or
            fails.
          </p>
        ) : null}
      </div>
    </section>
  );
}

export default observer(PaymentPage);
