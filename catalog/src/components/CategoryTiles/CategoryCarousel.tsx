import { lazy, Suspense } from 'react';
import type { Category } from '@storefront/shared';
import { useIdle } from '../../lib/useIdle';
import { CategoryTile } from './CategoryTile';

// swiper arrives after the first screen (issue 8); until then the same row, scrollable by hand.
const CategorySwiper = lazy(() => import(/* webpackChunkName: "CategorySwiper" */ './CategorySwiper'));

/** A row of categories laid out exactly as the swiper lays its slides (same widths, same gaps). */
export function CategoryRow({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className="cat-tiles-row" aria-label="Categories">
      {categories.map((c) => (
        <li key={c.id}>
          <CategoryTile category={c} />
        </li>
      ))}
    </ul>
  );
}

/** Store `categoryLayout` 'swiper' (spec §3, §9): 8 slides wide on wide screens, autoplay, loop when more than 8. */
export function CategoryCarousel({ categories }: { categories: readonly Category[] }) {
  const idle = useIdle();
  const row = <CategoryRow categories={categories} />;
  if (!idle) return row;
  return (
    <Suspense fallback={row}>
      <CategorySwiper categories={categories} />
    </Suspense>
  );
}
