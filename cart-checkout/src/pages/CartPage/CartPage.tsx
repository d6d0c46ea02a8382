import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from '@storefront/shared/router';
import {
  CART_TOTAL_LIMIT,
  DeliveryCheck,
  formatMoney,
  MAX_LINE_QUANTITY,
  MESSAGES,
  paths,
  reportError,
  SessionSkeleton,
  useSessionApplied,
  useStores,
  useDocumentMeta,
} from '@storefront/shared';
import { EmptyCart } from '../../components/EmptyCart/EmptyCart';
import { CartLineItem } from '../../components/CartLineItem/CartLineItem';
import { cartLineKey } from '../../lib/cartLineKey';
import '../../styles/common.css';
import './CartPage.css';

/** The lines and totals as they stand before the shopper's saved cart is applied (server render, hydration). */
function CartSkeleton() {
  return (
    <div className="cc-cart">
      <SessionSkeleton label="Loading your cart" blocks={[120, 120]} />
      <SessionSkeleton blocks={[24, 160, 44]} />
    </div>
  );
}

/**
 * /cart (spec §2): the lines with their totals and the limit hints of spec §5, or an empty state leading
 * to the shop. Rendered on the server as its heading and a skeleton (issue 19): the cart is the shopper's
 * own, applied in the browser.
 */
function CartPage() {
  const { cart, auth } = useStores();
  // The lines render after the update that applies the session, in a deferred render of their own (useSessionApplied; issue 19: TBT).
  const sessionRestored = useSessionApplied();
  useDocumentMeta('Cart');

  // A signed-in cart lives on the server: show what it holds now (another tab or device may have changed it).
  const signedIn = auth.isAuthenticated;
  useEffect(() => {
    if (signedIn) cart.fetchCart().catch((err: unknown) => reportError(err, MESSAGES.cartFetchFailed));
  }, [signedIn, cart]);

  return (
    <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-cart-title">
      <h1 id="cc-cart-title">Cart</h1>
      <div className="sf-private-region">
        {!sessionRestored ? (
          <CartSkeleton />
        ) : cart.isEmpty ? (
          <EmptyCart />
        ) : (
          <div className="cc-cart">
            <ul className="cc-cart__lines" aria-label="Items in your cart">
              {cart.cartItems.map((line) => (
                <CartLineItem key={cartLineKey(line)} line={line} showLineTotal />
              ))}
            </ul>
            <aside className="cc-cart__aside" aria-labelledby="cc-cart-totals">
              <h2 id="cc-cart-totals" className="cc-cart__heading">
                Cart totals
              </h2>
              <dl className="cc-cart__totals">
                <dt>Items</dt>
                <dd data-testid="cart-items">{cart.totalQuantity}</dd>
                <dt>Subtotal</dt>
                <dd data-testid="cart-subtotal">{formatMoney(cart.total)}</dd>
                <dt>Shipping</dt>
                <dd>Free</dd>
                <dt className="cc-cart__grand">Total</dt>
                <dd className="cc-cart__grand" data-testid="cart-total">
                  {formatMoney(cart.total)}
                </dd>
              </dl>
              <p className="cc-cart__note">
                Up to {MAX_LINE_QUANTITY} of each item, as stock allows; the cart total may not exceed{' '}
                {formatMoney(CART_TOTAL_LIMIT, { whole: true })}. Coupons are applied at checkout.
              </p>
              <DeliveryCheck id="cc-cart" orderValue={Math.round(cart.total * 100)} />
              <Link className="cc-btn" to={paths.checkout}>
                Proceed to Checkout
              </Link>
              <Link className="cc-btn cc-btn--ghost" to={paths.shop()}>
                Continue Shopping
              </Link>
            </aside>
          </div>
        )}
      </div>
    </section>
  );
}

export default observer(CartPage);
