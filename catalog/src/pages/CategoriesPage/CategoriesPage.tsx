import { observer } from 'mobx-react-lite';
import { MESSAGES, pageTitle, useDocumentMeta } from '@storefront/shared';
import { CategoryGrid } from '../../components/CategoryTiles/CategoryGrid';
import { CategoryTileSkeleton } from '../../components/CategoryTiles/CategoryTile';
import { useStoreInfo } from '../../lib/useStoreInfo';
import './CategoriesPage.css';

const SKELETON_TILES = 12;

/** Categories (spec §2 `/categories`): every category with its image, each linking to the shop filtered by it. */
const CategoriesPage = observer(function CategoriesPage() {
  const { storeInfo, ready } = useStoreInfo();
  const categories = storeInfo.categories;
  useDocumentMeta(
    pageTitle('Categories', storeInfo.storeName),
    `Shop by category at ${storeInfo.storeName}: ${
      categories
        .slice(0, 6)
        .map((c) => c.name)
        .join(', ') || 'all our ranges'
    }.`,
  );

  let content;
  if (!ready && categories.length === 0) {
    content = (
      <div role="status">
        <span className="sf-visually-hidden">Loading categories</span>
        <div className="cat-tiles-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <CategoryTileSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  } else if (categories.length === 0) {
    content = <p className="cat-categories__empty">{storeInfo.error && !storeInfo.data ? storeInfo.error : MESSAGES.noCategories}</p>;
  } else {
    content = <CategoryGrid categories={categories} eagerCount={8} />;
  }

  return (
    <div className="cat-categories sf-container" data-section="catalog">
      <h1 className="cat-categories__title">Categories</h1>
      <p className="cat-categories__lead">Browse every range in the store.</p>
      {content}
    </div>
  );
});

export default CategoriesPage;
