import { Link } from '@storefront/shared/router';
import { PLACEHOLDER_IMAGE, Picture, Skeleton, paths, type Category } from '@storefront/shared';
import './CategoryTiles.css';

/** Tiles are 120–200 px wide (CategoryTiles.css: a grid of minmax(120px/150px, 1fr), or a carousel). */
const TILE_SIZES = '(min-width: 900px) 200px, 160px';

/** A category with its image, linking to the shop filtered by it (spec §2: lower-cased name). */
export function CategoryTile({ category, eager = false }: { category: Category; eager?: boolean }) {
  return (
    <Link className="cat-tile" to={paths.category(category.name)}>
      <span className="cat-tile__media">
        <Picture
          className="cat-tile__image"
          src={category.image || PLACEHOLDER_IMAGE}
          alt=""
          sizes={TILE_SIZES}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
        />
      </span>
      <span className="cat-tile__name">{category.name}</span>
    </Link>
  );
}

/** A tile-sized placeholder. */
export function CategoryTileSkeleton() {
  return (
    <span className="cat-tile" aria-hidden="true">
      <span className="cat-tile__media">
        <Skeleton height="100%" />
      </span>
      <Skeleton className="cat-tile__name" height="1.3em" width="70%" />
    </span>
  );
}
