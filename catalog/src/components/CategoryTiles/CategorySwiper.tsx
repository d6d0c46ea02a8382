import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Keyboard, Navigation } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import { CATEGORY_CAROUSEL_AUTOPLAY_MS, CATEGORY_CAROUSEL_SLIDES, type Category } from '@storefront/shared';
import { prefersReducedMotion } from '../../lib/useIdle';
import { CategoryTile } from './CategoryTile';

/** Gap between slides, in px; CategoryTiles.css uses the same for the still row. */
const GAP = 16;

/**
 * Slides per view by window width. The widest is the spec's 8 (§9); CategoryTiles.css gives the still
 * row the same counts at the same widths, so swapping one for the other moves nothing.
 */
export const CATEGORY_BREAKPOINTS = {
  0: { slidesPerView: 3 },
  600: { slidesPerView: 4 },
  900: { slidesPerView: 6 },
  1200: { slidesPerView: CATEGORY_CAROUSEL_SLIDES },
};

/** The category carousel of spec §9: autoplay every 3000 ms, looping only with more than 8 categories. */
export default function CategorySwiper({ categories }: { categories: readonly Category[] }) {
  const loop = categories.length > CATEGORY_CAROUSEL_SLIDES;
  return (
    <div className="cat-tiles-carousel">
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Navigation]}
        spaceBetween={GAP}
        slidesPerView={3}
        breakpoints={CATEGORY_BREAKPOINTS}
        loop={loop}
        rewind={!loop}
        autoplay={
          prefersReducedMotion() ? false : { delay: CATEGORY_CAROUSEL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }
        }
        keyboard={{ enabled: true, onlyInViewport: true }}
        navigation
        a11y={{
          enabled: true,
          containerMessage: 'Categories',
          prevSlideMessage: 'Previous categories',
          nextSlideMessage: 'Next categories',
        }}
      >
        {categories.map((c) => (
          <SwiperSlide key={c.id}>
            <CategoryTile category={c} />
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
