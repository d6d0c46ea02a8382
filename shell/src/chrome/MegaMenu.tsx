import { observer } from 'mobx-react-lite';
import { Link } from '@storefront/shared/router';
import { A11y, Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { CATEGORY_CAROUSEL_AUTOPLAY_MS, CATEGORY_CAROUSEL_SLIDES, MESSAGES, paths, Picture, useStores } from '@storefront/shared';
import { ChevronDownIcon } from './icons';
import './MegaMenu.css';

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The Shop mega-menu of spec §2: a carousel of category images (spec §9: 8 slides on wide screens,
 * autoplay every 3000 ms, looping when there are more than 8). Swiper lives only in this chunk, loaded
 * the first time the menu is hovered or focused (issue 8).
 */
const MegaMenu = observer(function MegaMenu({ onNavigate }: { onNavigate: () => void }) {
  const { storeInfo } = useStores();
  const categories = storeInfo.categories;
  if (categories.length === 0) return <p className="sh-mega__empty">{MESSAGES.noCategories}</p>;
  const autoplay = !prefersReducedMotion() && categories.length > 1;
  return (
    <div className="sh-mega__inner">
      <div className="sh-mega__head">
        <h2 className="sh-mega__title">Shop by category</h2>
        <Link className="sh-mega__all" to={paths.shop()} onClick={onNavigate}>
          View all products
        </Link>
      </div>
      {/* Arrows outside the track, so no slide shows beside them. */}
      <div className="sh-mega__track">
        <button type="button" className="sh-mega__nav sh-mega__prev" aria-label="Previous categories">
          <ChevronDownIcon size={22} />
        </button>
        <Swiper
          className="sh-mega__carousel"
          modules={[A11y, Autoplay, Navigation]}
          navigation={{ prevEl: '.sh-mega__prev', nextEl: '.sh-mega__next' }}
          a11y={{ prevSlideMessage: 'Previous categories', nextSlideMessage: 'Next categories' }}
          autoplay={autoplay ? { delay: CATEGORY_CAROUSEL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false } : false}
          loop={categories.length > CATEGORY_CAROUSEL_SLIDES}
          spaceBetween={16}
          slidesPerView={4}
          breakpoints={{ 992: { slidesPerView: 6 }, 1200: { slidesPerView: CATEGORY_CAROUSEL_SLIDES } }}
        >
          {categories.map((c) => (
            <SwiperSlide key={c.id}>
              <Link className="sh-mega__card" to={paths.category(c.name)} onClick={onNavigate}>
                <span className="sh-mega__imgwrap">
                  <Picture className="sh-mega__img" src={c.image} alt="" sizes="120px" width={120} height={120} loading="lazy" />
                </span>
                <span className="sh-mega__name">{c.name}</span>
              </Link>
            </SwiperSlide>
          ))}
        </Swiper>
        <button type="button" className="sh-mega__nav sh-mega__next" aria-label="Next categories">
          <ChevronDownIcon size={22} />
        </button>
      </div>
    </div>
  );
});

export default MegaMenu;
