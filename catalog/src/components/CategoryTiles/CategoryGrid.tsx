import type { Category } from '@storefront/shared';
import { CategoryTile } from './CategoryTile';

/** Categories as a wrapping grid (store `categoryLayout` 'grid', and the categories page). */
export function CategoryGrid({
  categories,
  label = 'Categories',
  eagerCount = 0,
}: {
  categories: readonly Category[];
  label?: string;
  eagerCount?: number;
}) {
  return (
    <ul className="cat-tiles-grid" aria-label={label}>
      {categories.map((c, i) => (
        <li key={c.id}>
          <CategoryTile category={c} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
