import { Carousel, CATEGORY_CAROUSEL, type Category } from '@storefront/shared';
import { CategoryTile } from './CategoryTile';

/**
 * Store `categoryLayout` 'swiper' (spec §3, §9): 3 / 4 / 6 / 8 tiles per view by width
 * (CategoryTiles.css), autoplaying every 3000 ms and looping back to the first. With 8 categories or
 * fewer on a wide screen everything fits, so it stays still (no controls); with more it loops.
 */
export function CategoryCarousel({ categories }: { categories: readonly Category[] }) {
  return (
    <Carousel className="cat-tiles-carousel" {...CATEGORY_CAROUSEL}>
      {categories.map((c) => (
        <CategoryTile key={c.id} category={c} />
      ))}
    </Carousel>
  );
}
