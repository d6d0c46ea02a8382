import { observer } from 'mobx-react-lite';
import { useEffect, useId, type ReactNode } from 'react';
import { Link } from '@storefront/shared/router';
import {
  CATEGORY_CAROUSEL_SLIDES,
  HydrationBoundary,
  MESSAGES,
  paths,
  reportError,
  useStores,
  type PageLoader,
  useDocumentMeta,
} from '@storefront/shared';
import { HomeBanners } from '../../components/BannerHero/HomeBanners';
import { CategoryCarousel } from '../../components/CategoryTiles/CategoryCarousel';
import { CategoryGrid } from '../../components/CategoryTiles/CategoryGrid';
import { CategoryTileSkeleton } from '../../components/CategoryTiles/CategoryTile';
import { ProductGrid, ProductGridSkeleton } from '../../components/ProductGrid/ProductGrid';
import { useStoreInfo } from '../../lib/useStoreInfo';
import type { ProductRow } from '../../stores/HomeStore';
import { catalogStoresFor, useCatalogStores } from '../../stores/useCatalogStores';
import { homeBlocks, type HomeBlock } from './homeSections';
import './HomePage.css';

/** Products per home row: the API sends 8 (docs/api-contract.md); the skeleton has as many. */
const ROW_SIZE = 8;

function Section({
  title,
  subtitle,
  more,
  children,
}: {
  title: string;
  subtitle: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="cat-home__section" aria-labelledby={id}>
      <div className="cat-home__section-head">
        <div>
          <h2 id={id} className="cat-home__section-title">
            {title}
          </h2>
          {/* Always there, a line tall: a subtitle arriving with the sections must not push the page down. */}
          <p className="cat-home__section-subtitle">{subtitle}</p>
        </div>
        {more ? (
          <Link className="cat-home__more" to={more.to}>
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

const ProductRowView = observer(function ProductRowView({ row, label, empty }: { row: ProductRow; label: string; empty: string }) {
  if (!row.loaded && row.items.length === 0) return <ProductGridSkeleton count={ROW_SIZE} label={`Loading ${label.toLowerCase()}`} />;
  if (row.items.length === 0) return <p className="cat-home__empty">{row.error ?? empty}</p>;
  return <ProductGrid products={row.items} label={label} headingLevel={3} eagerCount={0} />;
});

const Categories = observer(function Categories() {
  const { storeInfo, ready } = useStoreInfo();
  const categories = storeInfo.categories;
  if (!ready && categories.length === 0) {
    return (
      <div role="status">
        <span className="sf-visually-hidden">Loading categories</span>
        <div className="cat-tiles-row" aria-hidden="true">
          {Array.from({ length: CATEGORY_CAROUSEL_SLIDES }, (_, i) => (
            <CategoryTileSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (categories.length === 0) return <p className="cat-home__empty">{MESSAGES.noCategories}</p>;
  return storeInfo.theme.categoryLayout === 'grid' ? (
    <CategoryGrid categories={categories} />
  ) : (
    <CategoryCarousel categories={categories} />
  );
});

/**
 * The home's reads (spec §7): its sections, new arrivals and featured products, in parallel. A failed
 * row keeps its own message; failed sections toast theirs.
 */
export const load: PageLoader = async (session) => {
  await Promise.all([
    session.homeSections.fetch().catch((err: unknown) => void reportError(err, MESSAGES.homeSectionsFailed)),
    catalogStoresFor(session).home.fetchAll(),
  ]);
};

/**
 * Home (spec §2 `/`): the banner (slider or static by store `bannerType`), categories (carousel or grid
 * by `categoryLayout`), new arrivals and featured products, in the order of the server's home sections.
 * Home sections are persisted (spec §4), so a returning shopper sees the last banner at once; every
 * block has a skeleton of its own size, and a failure toasts its spec §8 message without breaking the
 * rest of the page.
 */
const HomePage = observer(function HomePage() {
  const session = useStores();
  const { homeSections } = session;
  const { home } = useCatalogStores();
  const { storeInfo } = useStoreInfo();

  useEffect(() => {
    void load(session, { pathname: paths.home, search: '', params: {} });
  }, [session]);

  const storeName = storeInfo.storeName;
  useDocumentMeta(
    `${storeName} | Shop online across India`,
    `${storeName}: new arrivals, featured products and every category, with prices in ₹ and delivery all over India.`,
  );

  const data = homeSections.data;
  const blocks = homeBlocks(data?.sections);

  const render = (block: HomeBlock) => {
    switch (block) {
      case 'categories':
        return <Categories />;
      case 'new_arrivals':
        return <ProductRowView row={home.newArrivals} label="New arrivals" empty="No new arrivals yet." />;
      case 'featured_products':
        return <ProductRowView row={home.featured} label="Featured products" empty="No featured products yet." />;
    }
  };
  const more: Partial<Record<HomeBlock, { to: string; label: string }>> = {
    categories: { to: paths.categories, label: 'All categories' },
    new_arrivals: { to: paths.shop({ sort_by: 'newest' }), label: 'View all' },
    featured_products: { to: paths.shop(), label: 'Shop all' },
  };

  return (
    <div className="cat-home sf-container" data-section="catalog">
      <h1 className="sf-visually-hidden">{storeName}</h1>
      <HydrationBoundary>
        <HomeBanners banners={data?.banners ?? []} type={storeInfo.theme.bannerType} loading={!data && !homeSections.error} />
      </HydrationBoundary>
      {blocks.map((b) => (
        <HydrationBoundary key={b.block}>
          <Section title={b.title} subtitle={b.subtitle} more={more[b.block]}>
            {render(b.block)}
          </Section>
        </HydrationBoundary>
      ))}
    </div>
  );
});

export default HomePage;
