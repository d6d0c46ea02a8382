import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { formatMoney, notify, reportError, useStores, useDocumentMeta } from '@storefront/shared';
import { OrderLinks } from '../../components/OrderOutcome/OrderOutcome';
import { OrderedItems } from '../../components/OrderedItems/OrderedItems';
import { orderFailureUrl, orderSuccessUrl } from '../../lib/orderLinks';
import { useOutcomeOrders } from '../../lib/useOutcomeOrders';
import type { PaymentChoice, PaymentProvider } from '../../payment/PaymentProvider';
import { TestPaymentProvider } from '../../payment/TestPaymentProvider';
import '../../styles/common.css';
import '../../styles/outcome.css';

export const MSG_PAYMENT_RECEIVED = 'Payment received';
export const MSG_PAYMENT_NOT_CONFIRMED = 'The payment could not be confirmed. Please try again.';

/**
 * /payment (signed-in): pays a prepaid order through a PaymentProvider (spec §7 leaves the provider
 * "not shown"). The reference server offers only its test provider, so the page says plainly that no
 * money moves and lets the shopper choose the outcome; success and failure are the server's.
 */
function PaymentPage({ provider: given }: { provider?: PaymentProvider }) {
  const { api } = useStores();
  const navigate = useNavigate();
  const provider = useMemo(() => given ?? new TestPaymentProvider(api), [given, api]);
  const [busy, setBusy] = useState(false);
  const { orderNumbers, paymentId, amount, store } = useOutcomeOrders();
  useDocumentMeta('Payment');

  const pay = async (choice: PaymentChoice) => {
    if (!paymentId) return;
    setBusy(true);
    try {
      const result = await provider.confirm(paymentId, choice);
      if (result.ok) {
        notify.success(MSG_PAYMENT_RECEIVED);
        navigate(orderSuccessUrl(orderNumbers), { replace: true, state: { orderNumbers } });
      } else {
        notify.error(result.message);
        navigate(orderFailureUrl(orderNumbers, amount), { replace: true, state: { orderNumbers, amount } });
      }
    } catch (err) {
      reportError(err, MSG_PAYMENT_NOT_CONFIRMED);
      setBusy(false);
    }
  };

  const due = amount ?? (store.orders.length ? store.total : undefined);
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

  return (
    <section className="cc-page" data-section="cart_checkout">
      <div className="cc-outcome">
        <h1>Payment</h1>
        {provider.testMode ? (
          <p className="cc-test-banner" role="note">
            <strong>Test mode.</strong> {provider.label}: no card is charged and no money moves. Choose whether this payment succeeds or fails.
          </p>
        ) : null}
        <div className="cc-outcome__card">
          <h2>Amount to pay</h2>
          <p className="cc-outcome__total">
            <span>{orderNumbers.length > 1 ? `Orders ${orderNumbers.join(', ')}` : `Order ${orderNumbers[0] ?? ''}`}</span>
            <span data-testid="payment-amount">{dueText || '…'}</span>
          </p>
          {store.orders.length > 0 ? <OrderedItems orders={store.orders} /> : null}
        </div>
        <div className="cc-outcome__actions">
          <button type="button" className="cc-btn" onClick={() => void pay('success')} disabled={busy}>
            {busy ? 'Processing…' : `Pay ${dueText}`.trim()}
          </button>
          {provider.testMode ? (
            <button type="button" className="cc-btn cc-btn--ghost" onClick={() => void pay('failure')} disabled={busy}>
              Simulate a failed payment
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export default observer(PaymentPage);
