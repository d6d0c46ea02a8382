import { Link } from '@storefront/shared/router';
import { paths } from '@storefront/shared';
import './EmptyCart.css';

/** What the cart and the checkout show for an empty cart: the way back to the shop. */
export function EmptyCart() {
  return (
    <div className="cc-empty-cart">
      <p>Your cart is empty.</p>
      <Link className="cc-btn" to={paths.shop()}>
        Continue Shopping
      </Link>
    </div>
  );
}
