import { observer } from 'mobx-react-lite';
import { useDocumentMeta } from '@storefront/shared';
import { OrderLinks } from '../../components/OrderOutcome/OrderOutcome';
import type { PaymentProvider } from '../../payment/PaymentProvider';
import { PaymentActions, PaymentCard, PaymentEnd } from './PaymentParts';
import { usePayment } from './usePayment';
import '../../styles/common.css';
import '../../styles/outcome.css';

export { MSG_PAYMENT_NOT_CONFIRMED, MSG_PAYMENT_RECEIVED } from './usePayment';

/**
 * /payment (signed-in): pays a prepaid checkout (spec §7 leaves the provider "not shown"; issue 14). The
 * server's `/payment/start` says which provider: Razorpay opens the gateway's own checkout window (its
 * script loaded here only); the test provider (development only) lets the shopper pick the outcome.
 * The order's stock is held for a limited time, counted down here; the shopper can cancel until paid.
 */
function PaymentPage({ provider: given }: { provider?: PaymentProvider }) {
  const payment = usePayment(given);
  const { store, busy, testProvider } = payment;
  useDocumentMeta('Payment');

  if (!payment.outcome.paymentId) {
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

  const phase = store.phase;
  const isTest = store.provider === 'test' || (store.provider === null && !!given);
  // Until the session arrives the page holds the places of what it will show (the countdown, the
  // items, the buttons, disabled) so nothing moves when it does (issue 19: CLS ≤ 0.01). What depends
  // on the provider (the test-mode note) comes after the buttons, where it pushes nothing in view.
  const loading = phase === 'loading';
  const working = loading || busy || store.busy || phase === 'verifying' || phase === 'gateway';
  const stopped = phase === 'expired' || phase === 'cancelled';

  return (
    <section className="cc-page" data-section="cart_checkout">
      <div className="cc-outcome">
        <h1>Payment</h1>
        <PaymentCard payment={payment} />
        {store.message ? (
          <p className="cc-payment__message" role={stopped || phase === 'error' ? 'alert' : 'status'}>
            {store.message}
          </p>
        ) : null}
        {phase === 'verifying' ? <p role="status">Confirming your payment…</p> : null}
        {phase === 'paid' && !working ? <p role="status">This order is paid.</p> : null}
        {loading || store.open || phase === 'gateway' || phase === 'verifying' ? (
          <PaymentActions payment={payment} isTest={isTest} working={working} />
        ) : null}
        {stopped || phase === 'closed' || phase === 'paid' || phase === 'error' ? <PaymentEnd backToCart={stopped} /> : null}
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
