import { Skeleton, type HomeBanner } from '@storefront/shared';
import { BannerSlide } from './BannerSlide';
import { BannerSlider } from './BannerSlider';
import './HomeBanners.css';

export interface HomeBannersProps {
  banners: HomeBanner[];
  /** Store info `bannerType` (spec §3): 'slider' or a 'static' banner. */
  type: 'slider' | 'static';
  /** No banners yet and they are on their way: a box of the banner's size. */
  loading: boolean;
}

/** The home banner: one static banner, or a slider of them. */
export function HomeBanners({ banners, type, loading }: HomeBannersProps) {
  const [first] = banners;
  if (!first) {
    return loading ? (
      <div className="cat-hero cat-hero--skeleton" role="status">
        <span className="sf-visually-hidden">Loading banners</span>
        <Skeleton height="100%" />
      </div>
    ) : null;
  }
  if (type === 'static' || banners.length < 2) {
    return (
      <div className="cat-hero">
        <BannerSlide banner={first} first />
      </div>
    );
  }
  return <BannerSlider banners={banners} />;
}
