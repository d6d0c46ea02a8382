import type { Product } from '@storefront/shared';
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
}

/** Products in a responsive grid: 2 columns on phones, up to 4 on wide screens. */
export function ProductGrid({ products, label, headingLevel = 3, eagerCount = 4, priorityFirst = false, busy = false }: ProductGridProps) {
  return (
    <ul className={`cat-grid ${busy ? 'is-busy' : ''}`} aria-label={label} aria-busy={busy || undefined}>
      {products.map((p, i) => (
        <li key={p.id} className="cat-grid__item">
          <ProductCard product={p} headingLevel={headingLevel} eager={i < eagerCount} priority={priorityFirst && i === 0} />
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
