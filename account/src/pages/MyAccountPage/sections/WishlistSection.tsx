import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from '@storefront/shared/router';
import { formatMoney, MESSAGES, Picture, paths, reportError, useStores, type WishlistItem, useDocumentTitle } from '@storefront/shared';

/**
 * /my-account/wishlist: the saved products; remove or move to the cart. The shared stores toast their
 * own outcome: the wishlist shows the server's message and refetches (spec §4), the cart enforces its
 * caps and the ₹10,000 limit (spec §5).
 */
export const WishlistSection = observer(function WishlistSection() {
  const { wishlist, cart } = useStores();
  useDocumentTitle('Wishlist');
  const [busy, setBusy] = useState<number | null>(null);

  // Until the first answer the list is unknown: say so, rather than flash 'empty' then 'loading'.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    wishlist
      .fetch()
      .catch((err: unknown) => reportError(err, MESSAGES.wishlistFetchFailed))
      .finally(() => setChecked(true));
  }, [wishlist]);

  const remove = async (item: WishlistItem) => {
    setBusy(item.product_id);
    try {
      await wishlist.remove(item.product_id);
    } finally {
      setBusy(null);
    }
  };

  /** The first variation that can still go into the cart (in stock, under the per-line cap). */
  const movable = (item: WishlistItem) => item.product.variations.find((v) => v.stock > 0 && cart.remainingFor(item.product.id, v) > 0);

  const moveToCart = async (item: WishlistItem) => {
    const product = item.product;
    const variant = movable(item);
    if (!variant) return;
    setBusy(item.product_id);
    try {
      const added = await cart.addItem(product, variant, 1);
      if (added) await wishlist.remove(item.product_id);
    } finally {
      setBusy(null);
    }
  };

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
          {items.map((item) => {
            const p = item.product;
            const inStock = p.variations.some((v) => v.stock > 0);
            const canMove = movable(item) !== undefined;
            return (
              <li key={item.wishlist_id} className="acc-wish-card">
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
                    disabled={!canMove || busy === item.product_id}
                    onClick={() => void moveToCart(item)}
                    aria-label={`Move to cart: ${p.product_name}`}
                    title={inStock && !canMove ? MESSAGES.noMoreItems : undefined}
                  >
                    Move to cart
                  </button>
                  <button
                    type="button"
                    className="acc-btn acc-btn--small"
                    disabled={busy === item.product_id}
                    onClick={() => void remove(item)}
                    aria-label={`Remove ${p.product_name} from wishlist`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});
