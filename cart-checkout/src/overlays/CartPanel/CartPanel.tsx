import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@storefront/shared/router';
import { Drawer, formatMoney, PANEL_CLOSE_MS, paths, useStores } from '@storefront/shared';
import { CartLineItem } from '../../components/CartLineItem/CartLineItem';
import { cartLineKey } from '../../lib/cartLineKey';
import '../../styles/common.css';
import './CartPanel.css';

/**
 * Cart side panel (spec §2 overlays), mounted by the shell while `cart.isCartOpen`: title Cart(count),
 * the lines (decreasing from 1 removes, spec §4), Checkout, View Cart, Continue Shopping.
 *
 * The shell unmounts the panel as soon as the store closes, so closing here first plays the shared
 * drawer's 300 ms animation (spec §9) and only then closes the store. When the cart becomes empty the
 * store closes the panel itself (spec §2).
 */
function CartPanel() {
  const { cart } = useStores();
  const [open, setOpen] = useState(true);
  // Stable: the drawer re-runs its focus handling whenever onClose changes.
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (open) return undefined;
    const t = setTimeout(() => cart.close(), PANEL_CLOSE_MS);
    return () => clearTimeout(t);
  }, [open, cart]);

  const count = cart.count;
  return (
    <Drawer
      open={open}
      onClose={close}
      title={`Cart(${count})`}
      className="cc-panel"
      footer={
        <div className="cc-panel__foot">
          {count > 0 ? (
            <p className="cc-panel__total">
              <span>Total</span>
              <span>{formatMoney(cart.total)}</span>
            </p>
          ) : null}
          <Link className="cc-btn" to={paths.checkout} onClick={close}>
            Checkout
          </Link>
          <Link className="cc-btn cc-btn--ghost" to={paths.cart} onClick={close}>
            View Cart
          </Link>
          <Link className="cc-btn cc-btn--link" to={paths.shop()} onClick={close}>
            Continue Shopping
          </Link>
        </div>
      }
    >
      {count === 0 ? (
        <p className="cc-panel__empty">Your cart is empty.</p>
      ) : (
        <ul className="cc-panel__lines" aria-label="Items in your cart">
          {cart.cartItems.map((line) => (
            <CartLineItem key={cartLineKey(line)} line={line} removeAtOne onNavigate={close} />
          ))}
        </ul>
      )}
    </Drawer>
  );
}

export default observer(CartPanel);
