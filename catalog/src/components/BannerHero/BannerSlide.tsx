import { Link } from '@storefront/shared/router';
import { BANNER_SIZES, Picture, type HomeBanner } from '@storefront/shared';
import { isInternalLink } from '../../lib/links';

/** Banner pictures are 2400 × 900 (8:3); the box keeps that ratio before the file arrives. */
export const BANNER_WIDTH = 2400;
export const BANNER_HEIGHT = 900;

/** One home banner: the image (its text is in the picture, so the alt repeats it) and the call to action. */
export function BannerSlide({ banner, first }: { banner: HomeBanner; first: boolean }) {
  const alt = banner.subtitle ? `${banner.title}: ${banner.subtitle}` : banner.title;
  const cta = banner.cta || 'Shop now';
  // The visible text leads the accessible name (WCAG 2.5.3); the title says where it goes.
  const ctaLabel = `${cta}: ${banner.title}`;
  return (
    <div className="cat-hero__slide">
      <Picture
        className="cat-hero__image"
        src={banner.image}
        alt={alt}
        sizes={BANNER_SIZES}
        width={BANNER_WIDTH}
        height={BANNER_HEIGHT}
        // The first banner is the home's LCP element (issue 8): fetched at once, first, preloaded.
        priority={first}
      />
      {banner.link ? (
        <div className="cat-hero__overlay">
          {isInternalLink(banner.link) ? (
            <Link className="sf-button cat-hero__cta" to={banner.link} aria-label={ctaLabel}>
              {cta}
            </Link>
          ) : (
            <a className="sf-button cat-hero__cta" href={banner.link} aria-label={ctaLabel}>
              {cta}
            </a>
          )}
        </div>
      ) : null}
    </div>
  );
}
