import { observer } from 'mobx-react-lite';
import { useNavigate } from '@storefront/shared/router';
import { paths, useStores } from '@storefront/shared';
import './WishlistButton.css';

export interface WishlistButtonProps {
  productId: number;
  productName: string;
  /** 'icon' on cards, 'full' (icon and text) on the product page. */
  variant?: 'icon' | 'full';
  className?: string;
}

/**
 * Wishlist toggle (issue 5): signed-in shoppers add or remove through the shared wishlist store (which
 * toasts the server's message); a guest is sent to sign in.
 */
export const WishlistButton = observer(function WishlistButton({
  productId,
  productName,
  variant = 'icon',
  className = '',
}: WishlistButtonProps) {
  const { wishlist } = useStores();
  const navigate = useNavigate();
  const saved = wishlist.has(productId);
  const busy = wishlist.pending.has(productId);
  const label = saved ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`;

  const onClick = async () => {
    const result = await wishlist.toggle(productId);
    if (result === 'signin') navigate(paths.signin);
  };

  return (
    <button
      type="button"
      className={`cat-wish cat-wish--${variant} ${saved ? 'is-saved' : ''} ${className}`}
      aria-label={variant === 'icon' ? label : undefined}
      disabled={busy}
      onClick={() => void onClick()}
    >
      <svg className="cat-wish__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2.1 0 3.5 1.1 4.3 2.4h2C13.8 6.1 15.2 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21z" />
      </svg>
      {variant === 'full' ? <span>{saved ? 'Remove from wishlist' : 'Add to wishlist'}</span> : null}
    </button>
  );
});
