import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useDocumentMeta, useStores } from '@storefront/shared';
import { EmptyCart } from '../../components/EmptyCart/EmptyCart';
import { checkoutDelivery, useCheckoutPincode } from '../../hooks/useCheckoutDelivery';
import type { PaymentMethod } from '../../stores/checkoutForm';
import { AddressFields } from './AddressFields';
import { CheckoutAside, orderSummaryOf } from './CheckoutAside';
import { ContactFields } from './ContactFields';
import { MobileStep } from './MobileStep';
import { PaymentMethodFields } from './PaymentMethodFields';
import { useCheckoutForm } from './useCheckoutForm';
import '../../styles/common.css';
import './CheckoutPage.css';

/**
 * /checkout (spec §2, §4, §5): contact and address, guest mobile verification, coupon, order summary,
 * payment method, place order. The fields are nobody's until the session is applied: the server renders
 * them for everyone, so the page paints whole at once (issue 19: LCP); sized skeletons stand in for the
 * shopper's own part until then.
 */
function CheckoutPage() {
  const { auth, cart, storeInfo } = useStores();
  const [chosenPayment, setPayment] = useState<PaymentMethod>('cod');
  // A cash-on-delivery-only shop (PAYMENT_PROVIDER=none): a choice made before the store information said so falls back.
  const prepaidOffered = storeInfo.paymentMethods.includes('prepaid');
  const payment: PaymentMethod = prepaidOffered ? chosenPayment : 'cod';
  const { store, form, sessionRestored, onSubmit } = useCheckoutForm(payment);
  useDocumentMeta('Checkout');
  const pincodeAnswer = useCheckoutPincode(form.values.pincode);

  if (sessionRestored && cart.isEmpty && !store.submitting && !store.placed) {
    return (
      <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-checkout-title">
        <h1 id="cc-checkout-title">Checkout</h1>
        <div className="sf-private-region">
          <EmptyCart />
        </div>
      </section>
    );
  }

  const summary = sessionRestored ? orderSummaryOf(cart, store.discount) : null;
  const phone = auth.isAuthenticated ? auth.user?.customer?.phone_number : undefined;
  // Issue 39: the pincode's delivery window and what cash on delivery costs there, for this order.
  const delivery = checkoutDelivery(pincodeAnswer, summary ? Math.round(summary.total * 100) : null, prepaidOffered);

  return (
    <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-checkout-title">
      <h1 id="cc-checkout-title">Checkout</h1>
      <div className="cc-checkout sf-private-region">
        <div className="cc-checkout__main">
          <form id="cc-checkout-form" onSubmit={onSubmit} noValidate aria-label="Checkout">
            <div className="cc-checkout__main">
              <ContactFields form={form} />
              <AddressFields form={form} store={store} deliveryEstimate={delivery.estimate} />
              <PaymentMethodFields
                store={store}
                payment={payment}
                onChoose={setPayment}
                prepaidOffered={prepaidOffered}
                delivery={delivery}
                phone={phone}
              />
            </div>
          </form>
          <MobileStep store={store} sessionKnown={summary !== null} phone={phone} />
        </div>
        <CheckoutAside store={store} summary={summary} codFee={payment === 'cod' ? delivery.codFee : 0} />
      </div>
    </section>
  );
}

export default observer(CheckoutPage);
