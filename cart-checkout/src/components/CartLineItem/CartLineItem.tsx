import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths, useStores, type CartLine } from '@storefront/shared';
import { imageOf, maxQuantityOf, MSG_NO_MORE, MSG_TOTAL_LIMIT, unitPriceOf, variantOf, CART_TOTAL_LIMIT } from '../../lib/cartLine';
import { formatRupees } from '../../lib/money';
import { toPaise } from '../../lib/orderSummary';
import './CartLineItem.css';

interface Props {
  line: CartLine;
  /** Spec §4: in the cart panel, decreasing a line with quantity 1 removes it. */
  removeAtOne?: boolean;
  /** Shows the line total (cart page). */
  showLineTotal?: boolean;
  /** Called after a link inside the line is followed (the panel closes). */
  onNavigate?: () => void;
}

/** One cart line: image, name, Size, price, quantity stepper, remove; hints at the spec §5 limits. */
export const CartLineItem = observer(function CartLineItem({ line, removeAtOne = false, showLineTotal = false, onNavigate }: Props) {
  const { cart } = useStores();
  const hintId = useId();
  const variant = variantOf(line);
  const unit = unitPriceOf(line);
  const image = imageOf(line);
  const atCap = line.quantity >= maxQuantityOf(line);
  const overLimit = !atCap && toPaise(cart.total) + toPaise(unit) > CART_TOTAL_LIMIT * 100;
  const hint = atCap ? MSG_NO_MORE : overLimit ? MSG_TOTAL_LIMIT : null;
  const busy = cart.loading || cart.addLoading;
  const name = line.product_name;

  const decrease = () => {
    if (line.quantity <= 1) {
      if (removeAtOne) void cart.removeItem(line);
      return;
    }
    void cart.updateQuantity(line, line.quantity - 1);
  };
  // At the cap the store refuses and says why; the button stays focusable so the hint is announced.
  const increase = () => void cart.updateQuantity(line, line.quantity + 1);

  return (
    <li className={`cc-line${showLineTotal ? '' : ' cc-line--compact'}`} data-testid="cart-line">
      {image ? (
        <img className="cc-line__image" src={image} alt="" width={72} height={88} loading="lazy" />
      ) : (
        <span className="cc-line__image" aria-hidden="true" />
      )}
      <div className="cc-line__body">
        <Link className="cc-line__name" to={paths.product(line.product_slug, variant?.product_variation)} onClick={onNavigate}>
          {name}
        </Link>
        {variant?.product_variation && <p className="cc-line__meta">Size: {variant.product_variation}</p>}
        <p className="cc-line__price">{formatRupees(unit)}</p>
        <div className="cc-line__controls">
          <div className="cc-stepper" role="group" aria-label={`Quantity of ${name}`}>
            <button
              type="button"
              className="cc-stepper__btn"
              aria-label={line.quantity <= 1 && removeAtOne ? `Remove one ${name} (removes the item)` : `Decrease quantity of ${name}`}
              onClick={decrease}
              disabled={busy || (line.quantity <= 1 && !removeAtOne)}
            >
              −
            </button>
            <output className="cc-stepper__value" aria-live="polite" aria-label={`Quantity ${line.quantity}`}>
              {line.quantity}
            </output>
            <button
              type="button"
              className="cc-stepper__btn"
              aria-label={`Increase quantity of ${name}`}
              aria-describedby={hint ? hintId : undefined}
              aria-disabled={hint ? true : undefined}
              title={hint ?? undefined}
              onClick={increase}
              disabled={busy}
            >
              +
            </button>
          </div>
          <button type="button" className="cc-line__remove" onClick={() => void cart.removeItem(line)} disabled={busy} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
        {hint && (
          <p className="cc-line__hint" id={hintId}>
            {hint}
          </p>
        )}
      </div>
      {showLineTotal && <p className="cc-line__total">{formatRupees((toPaise(unit) * line.quantity) / 100)}</p>}
    </li>
  );
});

