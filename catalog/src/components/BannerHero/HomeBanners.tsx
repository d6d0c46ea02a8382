import { lazy, Suspense } from 'react';
import { Skeleton, type HomeBanner } from '@storefront/shared';
import { useIdle } from '../../lib/useIdle';
import { BannerSlide } from './BannerSlide';
import './HomeBanners.css';

// swiper is loaded only once the first screen is up (issue 8): the first banner is plain HTML until then.
const BannerSlider = lazy(() => import(/* webpackChunkName: "BannerSlider" */ './BannerSlider'));

export interface HomeBannersProps {
  banners: HomeBanner[];
  /** Store info `bannerType` (spec §3): 'slider' or a 'static' banner. */
  type: 'slider' | 'static';
  /** No banners yet and they are on their way: a box of the banner's size. */
  loading: boolean;
}

/** The home banner: one static banner, or a slider that starts as its own first slide. */
export function HomeBanners({ banners, type, loading }: HomeBannersProps) {
  const idle = useIdle();
  const [first] = banners;
  if (!first) {
    return loading ? (
      <div className="cat-hero cat-hero--skeleton" role="status">
        <span className="sf-visually-hidden">Loading banners</span>
        <Skeleton height="100%" />
      </div>
    ) : null;
  }
  const still = (
    <div className="cat-hero">
      <BannerSlide banner={first} first />
    </div>
  );
  if (type === 'static' || banners.length < 2 || !idle) return still;
  return (
    <Suspense fallback={still}>
      <BannerSlider banners={banners} />
    </Suspense>
  );
}
