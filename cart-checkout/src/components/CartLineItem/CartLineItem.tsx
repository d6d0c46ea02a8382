import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import {
  CART_TOTAL_LIMIT,
  checkQuantity,
  coverImageOf,
  formatMoney,
  lineAmount,
  lineStock,
  lineVariant,
  maxQuantity,
  paths,
  Picture,
  Price,
  QuantityStepper,
  unitPrice,
  useStores,
  type CartLine,
} from '@storefront/shared';
import './CartLineItem.css';

/** Said beside a line when one more unit would take the cart over the limit (spec §5, ₹10,000). */
export const TOTAL_LIMIT_HINT = `One more would take the cart total over ${formatMoney(CART_TOTAL_LIMIT, { whole: true })}`;

interface Props {
  line: CartLine;
  /** Spec §4: in the cart panel, decreasing a line with quantity 1 removes it. */
  removeAtOne?: boolean;
  /** Shows the line total (cart page). */
  showLineTotal?: boolean;
  /** Called after the product link is followed (the panel closes). */
  onNavigate?: () => void;
}

/**
 * One cart line (spec §2, §3): image, name, Size, price, the shared quantity stepper (which hints 'No
 * more items can be added' at the cap of spec §5), remove. Every rule is the shared cart store's; a
 * refused increase is toasted by it.
 */
export const CartLineItem = observer(function CartLineItem({ line, removeAtOne = false, showLineTotal = false, onNavigate }: Props) {
  const { cart } = useStores();
  const variant = lineVariant(line);
  const name = line.product_name;
  const stock = lineStock(line);
  const busy = cart.isBusy(line);
  const next = checkQuantity(cart.cartItems, { current: line.quantity, next: line.quantity + 1, stock, unitPrice: unitPrice(line) });
  const overTotal = !next.ok && next.reason === 'total';

  const decrease = () => {
    if (line.quantity <= 1) void cart.removeItem(line);
    else void cart.updateQuantity(line, line.quantity - 1);
  };

  return (
    <li className={`cc-line${showLineTotal ? '' : ' cc-line--compact'}`}>
      <Picture
        className="cc-line__image"
        src={coverImageOf({ product_images: line.product_images })}
        alt=""
        sizes="72px"
        width={72}
        height={88}
        loading="lazy"
      />
      <div className="cc-line__body">
        <Link className="cc-line__name" to={paths.product(line.product_slug, variant?.product_variation)} onClick={onNavigate}>
          {name}
        </Link>
        {variant?.product_variation ? <p className="cc-line__meta">Size: {variant.product_variation}</p> : null}
        <Price className="cc-line__price" value={unitPrice(line)} />
        <div className="cc-line__controls">
          <QuantityStepper
            value={line.quantity}
            max={maxQuantity(stock)}
            label={name}
            allowZero={removeAtOne}
            disabled={busy}
            onDecrease={decrease}
            onIncrease={() => void cart.updateQuantity(line, line.quantity + 1)}
          />
          <button
            type="button"
            className="cc-line__remove"
            onClick={() => void cart.removeItem(line)}
            disabled={busy}
            aria-label={`Remove ${name}`}
          >
            Remove
          </button>
        </div>
        {overTotal ? <p className="cc-line__hint">{TOTAL_LIMIT_HINT}</p> : null}
      </div>
      {showLineTotal ? <p className="cc-line__total">{formatMoney(lineAmount(line))}</p> : null}
    </li>
  );
});
