import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, useStores } from '@storefront/shared';
import { CartLineItem } from '../../components/CartLineItem/CartLineItem';
import { lineKey } from '../../lib/cartLine';
import { formatRupees } from '../../lib/money';
import '../../styles/common.css';
import './CartPanel.css';

/** Spec §9: the cart panel closes with a 300 ms animation. */
export const CLOSE_ANIMATION_MS = 300;

/**
 * Cart side panel (spec §2 overlays), mounted by the shell while `cart.isCartOpen`: title Cart(count),
 * the lines, Checkout / View Cart / Continue Shopping. It plays its closing animation, then closes the
 * cart store; it closes itself when the cart becomes empty.
 */
function CartPanel() {
  const { cart } = useStores();
  const navigate = useNavigate();
  const titleId = useId();
  const [closing, setClosing] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hadItems = useRef(cart.count > 0);
  const count = cart.count;

  const close = useCallback(
    (after?: () => void) => {
      if (timer.current) return;
      setClosing(true);
      timer.current = setTimeout(() => {
        timer.current = null;
        cart.close();
        after?.();
      }, CLOSE_ANIMATION_MS);
    },
    [cart],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useEffect(() => {
    closeButton.current?.focus();
  }, []);

  useEffect(() => {
    if (count > 0) hadItems.current = true;
    else if (hadItems.current) close();
  }, [count, close]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  const go = (to: string) => {
    navigate(to);
    close();
  };

  return (
    <>
      <div className={`cc-panel-backdrop${closing ? ' cc-panel-backdrop--closing' : ''}`} onClick={() => close()} aria-hidden="true" />
      <div className={`cc-panel${closing ? ' cc-panel--closing' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="cart-panel">
        <div className="cc-panel__head">
          <h2 className="cc-panel__title" id={titleId}>
            Cart({count})
          </h2>
          <button ref={closeButton} type="button" className="cc-panel__close" aria-label="Close cart" onClick={() => close()}>
            ×
          </button>
        </div>
        {count === 0 ? (
          <p className="cc-panel__empty">Your cart is empty.</p>
        ) : (
          <ul className="cc-panel__lines" aria-label="Items in your cart">
            {cart.cartItems.map((line) => (
              <CartLineItem key={lineKey(line)} line={line} removeAtOne onNavigate={() => close()} />
            ))}
          </ul>
        )}
        <div className="cc-panel__foot">
          {count > 0 && (
            <p className="cc-panel__total">
              <span>Total</span>
              <span>{formatRupees(cart.total)}</span>
            </p>
          )}
          {count > 0 && (
            <button type="button" className="cc-btn" onClick={() => go(paths.checkout)}>
              Checkout
            </button>
          )}
          {count > 0 && (
            <button type="button" className="cc-btn cc-btn--ghost" onClick={() => go(paths.cart)}>
              View Cart
            </button>
          )}
          <button type="button" className="cc-btn cc-btn--link" onClick={() => go(paths.shop())}>
            Continue Shopping
          </button>
        </div>
      </div>
    </>
  );
}

export default observer(CartPanel);
