import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { paths, useStores } from '@storefront/shared';
import { CartLineItem } from '../../components/CartLineItem/CartLineItem';
import { CART_TOTAL_LIMIT, lineKey } from '../../lib/cartLine';
import { formatRupees } from '../../lib/money';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../styles/common.css';
import './CartPage.css';

/** /cart: the lines with their totals and limit hints (spec §5), or an empty state leading to the shop. */
function CartPage() {
  const { cart } = useStores();
  useDocumentTitle('Cart');
  const count = cart.count;

  return (
    <section className="cc-page" data-section="cart_checkout" aria-labelledby="cc-cart-title">
      <h1 id="cc-cart-title">Cart</h1>
      {count === 0 ? (
        <div className="cc-cart__empty">
          <p>Your cart is empty.</p>
          <Link className="cc-btn" to={paths.shop()}>
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="cc-cart">
          <ul className="cc-cart__lines" aria-label="Items in your cart">
            {cart.cartItems.map((line) => (
              <CartLineItem key={lineKey(line)} line={line} showLineTotal />
            ))}
          </ul>
          <aside className="cc-cart__aside" aria-label="Cart totals">
            <h2 className="cc-visually-hidden">Cart totals</h2>
            <dl className="cc-cart__totals">
              <dt>Items</dt>
              <dd>{cart.cartItems.reduce((n, l) => n + l.quantity, 0)}</dd>
              <dt>Shipping</dt>
              <dd>Free</dd>
              <dt className="cc-cart__grand">Total</dt>
              <dd className="cc-cart__grand">{formatRupees(cart.total)}</dd>
            </dl>
            <p className="cc-cart__note">
              Up to 5 of each item; the cart total may not exceed {formatRupees(CART_TOTAL_LIMIT)}. Coupons are applied at checkout.
            </p>
            <Link className="cc-btn" to={paths.checkout}>
              Proceed to Checkout
            </Link>
            <Link className="cc-btn cc-btn--ghost" to={paths.shop()}>
              Continue Shopping
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}

export default observer(CartPage);
