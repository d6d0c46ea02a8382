import { observer } from 'mobx-react-lite';
import { lineVariant, SessionSkeleton, summarizeLines, unitPrice, useStores, type RootStore } from '@storefront/shared';
import { CouponForm } from '../../components/CouponForm/CouponForm';
import { OrderSummary } from '../../components/OrderSummary/OrderSummary';
import { cartLineKey } from '../../lib/cartLineKey';
import type { CheckoutStore, OtpStep } from '../../stores/CheckoutStore';

/** The order's lines and totals with the coupon's discount. */
export function orderSummaryOf(cart: RootStore['cart'], discount: string) {
  return summarizeLines(
    cart.cartItems.map((l) => ({
      key: cartLineKey(l),
      name: l.product_name,
      variation: lineVariant(l)?.product_variation ?? '',
      unitPrice: unitPrice(l),
      quantity: l.quantity,
    })),
    discount,
  );
}

/** Coupons price the customer's server cart (docs/api-contract.md), so they wait for the sign-in. */
function couponBlocked(signedIn: boolean, step: OtpStep): string | null {
  if (signedIn) return null;
  return step === 'details'
    ? 'Coupons apply to a customer cart: your account is created when you place this order.'
    : 'Verify your mobile number to apply a coupon.';
}

interface Props {
  store: CheckoutStore;
  /** Null until the shopper's session is applied: a sized skeleton holds the place. */
  summary: ReturnType<typeof orderSummaryOf> | null;
  codFee: number;
}

/** The order summary beside the form: lines, coupon, totals and the button that places the order. */
export const CheckoutAside = observer(function CheckoutAside({ store, summary, codFee }: Props) {
  const { auth } = useStores();
  return (
    <aside className="cc-checkout__aside" aria-label="Order summary">
      {!summary ? (
        <SessionSkeleton blocks={[320]} />
      ) : (
        <OrderSummary summary={summary} codFee={codFee}>
          <CouponForm store={store} disabledReason={couponBlocked(auth.isAuthenticated, store.otpStep)} />
          <button type="submit" form="cc-checkout-form" className="cc-btn" disabled={store.submitting}>
            {store.submitting ? 'Placing order…' : 'Place order'}
          </button>
        </OrderSummary>
      )}
    </aside>
  );
});
