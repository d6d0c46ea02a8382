import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths, useStores } from '@storefront/shared';
import { OrderedItems } from '../../components/OrderedItems/OrderedItems';
import { formatRupees } from '../../lib/money';
import { messagesOf } from '../../lib/messages';
import { orderFailureUrl, orderSuccessUrl, readOutcome } from '../../lib/orderLinks';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { PaymentChoice, PaymentProvider } from '../../payment/PaymentProvider';
import { TestPaymentProvider } from '../../payment/TestPaymentProvider';
import { OrderOutcomeStore } from '../../stores/OrderOutcomeStore';
import '../../styles/common.css';
import '../../styles/outcome.css';

/**
 * /payment (signed-in): confirms the payment of a prepaid order through a PaymentProvider. The
 * reference server offers only its test provider, so the page says clearly that no money moves.
 */
function PaymentPage({ provider: given }: { provider?: PaymentProvider }) {
  const { api } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const provider = useMemo(() => given ?? new TestPaymentProvider(api), [given, api]);
  const [store] = useState(() => new OrderOutcomeStore(api));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { orderNumbers, paymentId, amount } = readOutcome(location.search, location.state);
  const key = orderNumbers.join(',');
  useDocumentTitle('Payment');

  useEffect(() => {
    void store.load(key ? key.split(',') : []);
  }, [store, key]);

  const pay = async (choice: PaymentChoice) => {
    if (!paymentId) return;
    setBusy(true);
    setError(null);
    try {
      const result = await provider.confirm(paymentId, choice);
      if (result.ok) navigate(orderSuccessUrl(orderNumbers), { replace: true, state: { orderNumbers } });
      else navigate(orderFailureUrl(orderNumbers, paymentId, amount), { replace: true, state: { orderNumbers, paymentId, amount } });
    } catch (err) {
      setError(messagesOf(err, 'The payment could not be confirmed. Please try again.')[0] ?? null);
    } finally {
      setBusy(false);
    }
  };

  const due = amount ?? (store.orders.length ? String(store.total) : undefined);

  return (
    <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-payment-title">
      <div className="cc-outcome">
        <h1 id="cc-payment-title">Payment</h1>
        {!paymentId ? (
          <div className="cc-outcome__card">
            <p>There is no payment waiting. Prepaid orders come here from checkout.</p>
            <div className="cc-outcome__actions">
              <Link className="cc-btn" to={paths.myAccount.orders}>
                View my orders
              </Link>
              <Link className="cc-btn cc-btn--ghost" to={paths.shop()}>
                Continue Shopping
              </Link>
            </div>
          </div>
        ) : (
          <>
            {provider.testMode && (
              <p className="cc-test-banner" role="note">
                <strong>Test mode.</strong> {provider.label}: no card is charged and no money moves. Choose whether this payment succeeds or fails.
              </p>
            )}
            <div className="cc-outcome__card">
              <h2>Amount to pay</h2>
              <p className="cc-outcome__total">
                <span>{orderNumbers.length > 1 ? `Orders ${orderNumbers.join(', ')}` : `Order ${orderNumbers[0] ?? ''}`}</span>
                <span data-testid="payment-amount">{due ? formatRupees(due) : '…'}</span>
              </p>
              {store.orders.length > 0 && <OrderedItems orders={store.orders} />}
            </div>
            {error && (
              <p role="alert" className="cc-field__error">
                {error}
              </p>
            )}
            <div className="cc-outcome__actions">
              <button type="button" className="cc-btn" onClick={() => void pay('success')} disabled={busy}>
                {busy ? 'Processing…' : provider.testMode ? `Pay ${due ? formatRupees(due) : ''} (test: succeeds)` : `Pay ${due ? formatRupees(due) : ''}`}
              </button>
              {provider.testMode && (
                <button type="button" className="cc-btn cc-btn--ghost" onClick={() => void pay('failure')} disabled={busy}>
                  Simulate a failed payment
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

export default observer(PaymentPage);
