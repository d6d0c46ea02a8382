import { useState } from 'react';
import { Swiper, SwiperSlide, type SwiperClass } from 'swiper/react';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import type { HomeBanner } from '@storefront/shared';
import { prefersReducedMotion } from '../../lib/useIdle';
import { BannerSlide } from './BannerSlide';

/** How long each banner stays (the spec times only the category carousel). */
const BANNER_AUTOPLAY_MS = 5000;

/**
 * The banner slider (store `bannerType` 'slider'), in its own chunk with swiper. Same box as the still
 * first banner it replaces, so nothing moves. Autoplay can be paused (WCAG 2.2.2) and is off for
 * shoppers who ask for reduced motion.
 */
export default function BannerSlider({ banners }: { banners: HomeBanner[] }) {
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [playing, setPlaying] = useState(!prefersReducedMotion());
  const toggle = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };
  return (
    <div className="cat-hero cat-hero--slider">
      <Swiper
        className="cat-hero__swiper"
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        slidesPerView={1}
        rewind
        autoplay={playing ? { delay: BANNER_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false } : false}
        keyboard={{ enabled: true, onlyInViewport: true }}
        pagination={{ clickable: true }}
        a11y={{ enabled: true, containerMessage: 'Banners', slideLabelMessage: 'Banner {{index}} of {{slidesLength}}' }}
        onSwiper={setSwiper}
      >
        {banners.map((b, i) => (
          <SwiperSlide key={b.id}>
            <BannerSlide banner={b} first={i === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className="cat-hero__pause" onClick={toggle} aria-label={playing ? 'Pause banners' : 'Play banners'}>
        {playing ? '❚❚' : '▶'}
      </button>
    </div>
  );
}
