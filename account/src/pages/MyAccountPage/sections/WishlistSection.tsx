import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from '@storefront/shared/router';
import { formatMoney, MESSAGES, Picture, paths, reportError, useStores, type WishlistItem, useDocumentTitle } from '@storefront/shared';

interface WishCardProps {
  item: WishlistItem;
  /** A variation can still go into the cart. */
  canMove: boolean;
  busy: boolean;
  onMove: () => void;
  onRemove: () => void;
}

function WishCard({ item, canMove, busy, onMove, onRemove }: WishCardProps) {
  const p = item.product;
  const inStock = p.variations.some((v) => v.stock > 0);
  return (
    <li className="acc-wish-card">
      <Link to={paths.product(p.slug)} className="acc-wish-card__link">
        {p.cover_image && (
          <Picture src={p.cover_image} alt="" className="acc-wish-card__img" sizes="96px" width={96} height={96} loading="lazy" />
        )}
        <span className="acc-wish-card__name">{p.product_name}</span>
      </Link>
      <span className="acc-wish-card__price">{formatMoney(p.final_price)}</span>
      {!inStock && <span className="acc-wish-card__stock">Out of stock</span>}
      <div className="acc-wish-card__actions">
        <button
          type="button"
          className="acc-btn acc-btn--primary acc-btn--small"
          disabled={!canMove || busy}
          onClick={onMove}
          aria-label={`Move to cart: ${p.product_name}`}
          title={inStock && !canMove ? MESSAGES.noMoreItems : undefined}
        >
          Move to cart
        </button>
        <button
          type="button"
          className="acc-btn acc-btn--small"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove ${p.product_name} from wishlist`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** Removing an item or moving it to the cart, one product at a time (`busy`: the one in progress). */
function useWishlistActions() {
  const { wishlist, cart } = useStores();
  const [busy, setBusy] = useState<number | null>(null);
  const whileBusy = async (item: WishlistItem, run: () => Promise<void>) => {
    setBusy(item.product_id);
    try {
      await run();
    } finally {
      setBusy(null);
    }
  };
  /** The first variation that can still go into the cart (in stock, under the per-line cap). */
  const movable = (item: WishlistItem) => item.product.variations.find((v) => v.stock > 0 && cart.remainingFor(item.product.id, v) > 0);
  const remove = (item: WishlistItem) =>
    whileBusy(item, async () => {
      await wishlist.remove(item.product_id);
    });
  const moveToCart = async (item: WishlistItem) => {
    const variant = movable(item);
    if (!variant) return;
    await whileBusy(item, async () => {
      if (await cart.addItem(item.product, variant, 1)) await wishlist.remove(item.product_id);
    });
  };
  return { busy, movable, remove, moveToCart };
}

/**
 * /my-account/wishlist: the saved products; remove or move to the cart. The shared stores toast their
 * own outcome: the wishlist shows the server's message and refetches (spec §4), the cart enforces its
 * caps and the ₹10,000 limit (spec §5).
 */
export const WishlistSection = observer(function WishlistSection() {
  const { wishlist } = useStores();
  useDocumentTitle('Wishlist');
  const { busy, movable, remove, moveToCart } = useWishlistActions();

  // Until the first answer the list is unknown: say so, rather than flash 'empty' then 'loading'.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    wishlist
      .fetch()
      .catch((err: unknown) => reportError(err, MESSAGES.wishlistFetchFailed))
      .finally(() => setChecked(true));
  }, [wishlist]);

  const items = wishlist.items;
  return (
    <div className="acc-panel">
      <h1 className="acc-panel__title">Wishlist</h1>
      {!checked && items.length === 0 && <p role="status">Loading your wishlist…</p>}
      {checked && items.length === 0 && (
        <div className="acc-empty">
          <p>Your wishlist is empty.</p>
          <Link className="acc-btn acc-btn--primary" to={paths.shop()}>
            Browse products
          </Link>
        </div>
      )}
      {items.length > 0 && (
        <ul className="acc-wishlist" aria-label="Wishlist">
          {items.map((item) => (
            <WishCard
              key={item.wishlist_id}
              item={item}
              canMove={movable(item) !== undefined}
              busy={busy === item.product_id}
              onMove={() => void moveToCart(item)}
              onRemove={() => void remove(item)}
            />
          ))}
        </ul>
      )}
    </div>
  );
});
