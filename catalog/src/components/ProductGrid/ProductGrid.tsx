import { HydrationBoundary, type Product } from '@storefront/shared';
import { ProductCard, ProductCardSkeleton } from '../ProductCard/ProductCard';
import './ProductGrid.css';

export interface ProductGridProps {
  products: Product[];
  /** Accessible name of the list ("Products", "New Arrivals"). */
  label: string;
  headingLevel?: 2 | 3;
  /** How many cards load eagerly (the first row). */
  eagerCount?: number;
  /** Give the first card's image high fetch priority (the shop's LCP candidate). */
  priorityFirst?: boolean;
  busy?: boolean;
  /** `filters`: the shop's grid, beside the 240-px filter column from 900 px on; `full`: the page's width. */
  layout?: 'full' | 'filters';
}

/**
 * The width of one card (ProductGrid.css: 2, 3, then 4 columns with 16-px gaps, in the page's 1240-px
 * container with 16-px margins; the shop's filter column is 240 px + a 32-px gap, ShopPage.css).
 */
export const CARD_SIZES = {
  full: '(min-width: 1240px) 290px, (min-width: 1100px) calc((100vw - 80px) / 4), (min-width: 768px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)',
  filters:
    '(min-width: 1240px) 222px, (min-width: 1100px) calc((100vw - 352px) / 4), (min-width: 900px) calc((100vw - 336px) / 3), (min-width: 768px) calc((100vw - 64px) / 3), calc((100vw - 48px) / 2)',
} as const;

/** Products in a responsive grid: 2 columns on phones, up to 4 on wide screens. */
export function ProductGrid({
  products,
  label,
  headingLevel = 3,
  eagerCount = 4,
  priorityFirst = false,
  busy = false,
  layout = 'full',
}: ProductGridProps) {
  return (
    <ul className={`cat-grid ${busy ? 'is-busy' : ''}`} aria-label={label} aria-busy={busy || undefined}>
      {products.map((p, i) => (
        <li key={p.id} className="cat-grid__item">
          <HydrationBoundary>
            <ProductCard
              product={p}
              headingLevel={headingLevel}
              eager={i < eagerCount}
              priority={priorityFirst && i === 0}
              sizes={CARD_SIZES[layout]}
            />
          </HydrationBoundary>
        </li>
      ))}
    </ul>
  );
}

/** The grid's loading state: `count` skeleton cards in the same grid, announced once as loading. */
export function ProductGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" className="cat-grid-status">
      <span className="sf-visually-hidden">{label}</span>
      <div className="cat-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="cat-grid__item">
            <ProductCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}
