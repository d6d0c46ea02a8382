import { Carousel, type HomeBanner } from '@storefront/shared';
import { BannerSlide } from './BannerSlide';

/** How long each banner stays (the spec times only the category carousel). */
const BANNER_AUTOPLAY_MS = 5000;

/**
 * The banner slider (store `bannerType` 'slider'): one banner per view, autoplaying with a pause button
 * (WCAG 2.2.2) and dots. Rendered on the server as it is: the first banner is the LCP image, in the same
 * 8:3 box as a static banner, and the browser's scroll snapping swipes it before any script runs.
 */
export function BannerSlider({ banners }: { banners: HomeBanner[] }) {
  return (
    <div className="cat-hero cat-hero--slider">
      <Carousel
        className="cat-hero__carousel"
        label="Banners"
        autoplayMs={BANNER_AUTOPLAY_MS}
        dots
        pauseLabel="Pause banners"
        playLabel="Play banners"
      >
        {banners.map((b, i) => (
          <BannerSlide key={b.id} banner={b} first={i === 0} />
        ))}
      </Carousel>
    </div>
  );
}
