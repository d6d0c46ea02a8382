import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@storefront/shared/router';
import { formatMoney, notify, reportError, useStores } from '@storefront/shared';
import { useOutcomeOrders } from '../../hooks/useOutcomeOrders';
import { orderFailureUrl, orderSuccessUrl } from '../../lib/orderLinks';
import type { PaymentChoice, PaymentProvider } from '../../payment/PaymentProvider';
import { TestPaymentProvider } from '../../payment/TestPaymentProvider';
import { PaymentStore } from '../../stores/PaymentStore';

export const MSG_PAYMENT_RECEIVED = 'Payment received';
export const MSG_PAYMENT_NOT_CONFIRMED = 'The payment could not be confirmed. Please try again.';

/**
 * The payment session of /payment and the two ways to pay it: the test provider's chosen outcome, or
 * the gateway's window; both go on to the order's outcome page. The countdown ticks while it can be paid.
 */
export function usePayment(given: PaymentProvider | undefined) {
  const { api, auth, storeInfo } = useStores();
  const navigate = useNavigate();
  const testProvider = useMemo(() => given ?? new TestPaymentProvider(api), [given, api]);
  const [store] = useState(() => new PaymentStore(api));
  const [busy, setBusy] = useState(false);
  const outcome = useOutcomeOrders();
  const { orderNumbers, paymentId, amount, store: orders } = outcome;

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
      if (result.ok) return paid();
      notify.error(result.message);
      navigate(orderFailureUrl(numbers, amount), { replace: true, state: { orderNumbers: numbers, amount } });
    } catch (err) {
      reportError(err, MSG_PAYMENT_NOT_CONFIRMED);
      setBusy(false);
    }
  };

  const payGateway = () => {
    const c = auth.customer;
    const shopper = {
      name: c ? `${c.firstname} ${c.lastname}`.trim() : undefined,
      email: c?.email ?? undefined,
      contact: c?.phone_number ?? undefined,
      storeName: storeInfo.storeName || undefined,
    };
    void store.openGateway(shopper, paid);
  };

  const due = store.session?.amount ?? amount ?? (orders.orders.length ? orders.total : undefined);
  const dueText = due === undefined ? '' : formatMoney(due);
  return { store, testProvider, busy, outcome, numbers, counting, dueText, payTest, payGateway };
}
