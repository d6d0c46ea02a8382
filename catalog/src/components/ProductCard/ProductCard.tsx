import { Link } from '@storefront/shared/router';
import { coverImageOf, paths, Picture, Price, Skeleton, type Product } from '@storefront/shared';
import { WishlistButton } from '../WishlistButton/WishlistButton';
import './ProductCard.css';

export interface ProductCardProps {
  product: Product;
  /** The card title's heading level: 2 under a page h1, 3 under a section h2. */
  headingLevel?: 2 | 3;
  /** Above the fold: load at once (the first row); else lazily. */
  eager?: boolean;
  /** The likely LCP image (first card of the shop): fetched with high priority and preloaded. */
  priority?: boolean;
  /** The card's width, as `sizes` (the grid it is in knows it). */
  sizes: string;
}

/** Product tile (issue 5): cover image (or first image, or placeholder), name, price in ₹, stock badge, wishlist. */
export function ProductCard({ product, headingLevel = 3, eager = false, priority = false, sizes }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const to = paths.product(product.slug);
  return (
    <article className="cat-card">
      <div className="cat-card__media">
        {/* The title link names the product for assistive tech; the image link is a mouse convenience. */}
        <Link to={to} tabIndex={-1} aria-hidden="true" className="cat-card__image-link">
          <Picture
            className="cat-card__image"
            src={coverImageOf(product)}
            alt=""
            sizes={sizes}
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            priority={priority}
          />
        </Link>
        {!product.in_stock ? <span className="cat-card__badge">Out of stock</span> : null}
        <WishlistButton productId={product.id} productName={product.product_name} className="cat-card__wish" />
      </div>
      <div className="cat-card__body">
        <Heading className="cat-card__title">
          <Link to={to}>{product.product_name}</Link>
        </Heading>
        <Price value={product.final_price} mrp={product.mrp} className="cat-card__price" />
      </div>
    </article>
  );
}

/** A card-sized placeholder: same box as a card, so nothing moves when products arrive. */
export function ProductCardSkeleton() {
  return (
    <div className="cat-card cat-card--skeleton" aria-hidden="true">
      <div className="cat-card__media">
        <Skeleton className="cat-card__image" height="100%" />
      </div>
      <div className="cat-card__body">
        <Skeleton className="cat-card__title-skeleton" height="1.3em" width="85%" />
        <Skeleton height="1.3em" width="40%" />
      </div>
    </div>
  );
}
