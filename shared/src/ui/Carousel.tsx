import { Children, isValidElement, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CATEGORY_CAROUSEL_AUTOPLAY_MS, CATEGORY_CAROUSEL_SLIDES } from '../constants';
import { useDocumentHidden, useReducedMotion, useShopperAttention } from './CarouselAttention';
import { Arrows, Dots, PauseButton } from './CarouselControls';
import { arrowKeys, useAutoplay, useCarouselSwiper } from './CarouselSwiper';

export interface CarouselProps {
  /** The region's accessible name ('Banners', 'Categories'). */
  label: string;
  /** One child per slide, keyed. */
  children: ReactNode;
  /** Moves on by one slide every this many ms; 0 or unset: never. */
  autoplayMs?: number;
  /**
   * With more slides than this the carousel loops (the first slide follows the last); with this many
   * or fewer, moving on from the last slide rewinds to the first. Unset: it always rewinds.
   */
  loopAbove?: number;
  /** Previous / next buttons. */
  arrows?: boolean;
  /** One "Go to slide N" button per slide. */
  dots?: boolean;
  previousLabel?: string;
  nextLabel?: string;
  /** Names of the pause/play button, shown whenever the carousel autoplays (WCAG 2.2.2). */
  pauseLabel?: string;
  playLabel?: string;
  /** Extra class on the region; slides per view and the gap come from its CSS (see styles.css). */
  className?: string;
}

/**
 * A carousel on Swiper. The server sends every slide as plain markup that CSS lays out exactly as
 * Swiper will (slides per view and gaps per breakpoint, Swiper's `slidesPerView: 'auto'` reads them
 * back), and until Swiper runs it swipes by the browser's own scroll snapping, so nothing waits for
 * script and nothing shifts when it arrives. Swiper (its script and CSS) loads once the carousel is on
 * screen and the page is idle, or at once when a control is used, and is set up on that markup in an
 * effect (destroyed on unmount). It adds autoplay (paused on hover, on focus inside, while touched,
 * while the tab is hidden or the carousel is off screen, never started under reduced motion), a
 * pause/play button (WCAG 2.2.2), previous/next and "Go to slide N" buttons, arrow keys, and takes the
 * slides out of view out of the tab order. Follows the WAI-ARIA carousel pattern: a region with
 * `aria-roledescription="carousel"`, slides as "N of M" groups.
 */
export function Carousel({
  label,
  children,
  autoplayMs = 0,
  loopAbove = Infinity,
  arrows = false,
  dots = false,
  previousLabel = 'Previous slide',
  nextLabel = 'Next slide',
  pauseLabel = 'Pause slides',
  playLabel = 'Play slides',
  className,
}: CarouselProps) {
  const slides = Children.toArray(children).filter(isValidElement);
  const count = slides.length;
  const signature = slides.map((s, i) => String(s.key ?? i)).join('\u0000');
  const root = useRef<HTMLElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const reducedMotion = useReducedMotion();
  const hidden = useDocumentHidden();
  const attention = useShopperAttention(root, pauseButton);
  const { swiperRef, ready, current, locked, onScreen, withSwiper } = useCarouselSwiper({
    frame,
    signature,
    count,
    loop: count > loopAbove,
    autoplayMs,
  });
  // The shopper's own choice from the pause/play button; until they make one, reduced motion decides.
  const [stoppedByShopper, setStoppedByShopper] = useState<boolean | null>(null);
  const playing = autoplayMs > 0 && !(stoppedByShopper ?? reducedMotion);
  // Swiper's autoplay keeps an exact interval only without waiting for transitions, and then its own
  // pauses (tab hidden, touch) resume at once: the carousel decides when it runs.
  const running = playing && ready && !locked && !attention.busy && !hidden && onScreen;
  useAutoplay(swiperRef, running, ready, reducedMotion);

  // The slides render again only when the section passes new ones: the carousel's own state (hover,
  // focus, the current dot) never re-renders the markup Swiper manages.
  const track = useMemo(() => slideTrack(children, frame), [children]);

  return (
    // The handlers listen to what bubbles up from the slides' links and the buttons (all focusable
    // themselves); the region is never focused or clicked for its own sake.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={root}
      className={['sf-carousel', locked ? 'is-still' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={arrowKeys(withSwiper, count)}
      {...attention.handlers}
    >
      {autoplayMs > 0 ? (
        <PauseButton
          buttonRef={pauseButton}
          playing={playing}
          pauseLabel={pauseLabel}
          playLabel={playLabel}
          onToggle={() => setStoppedByShopper(playing)}
        />
      ) : null}
      <div className="sf-carousel__viewport">
        {arrows ? (
          <Arrows
            previousLabel={previousLabel}
            nextLabel={nextLabel}
            onPrevious={() => withSwiper((s) => s.slidePrev())}
            onNext={() => withSwiper((s) => s.slideNext())}
          />
        ) : null}
        {track}
      </div>
      {dots && count > 1 ? <Dots count={count} current={current} onGo={(i) => withSwiper((s) => s.slideToLoop(i))} /> : null}
    </section>
  );
}

/** The slides as Swiper's markup, each an "N of M" group. */
function slideTrack(children: ReactNode, frame: RefObject<HTMLDivElement | null>) {
  const list = Children.toArray(children).filter(isValidElement);
  const keys = list.map((s, i) => String(s.key ?? i)).join('\u0000');
  return (
    // A new list of slides gets a new frame, so a renderer never reconciles slides Swiper's loop moved.
    <div key={keys} ref={frame} className="sf-carousel__frame swiper">
      {/* Polite until autoplay runs (then off, set with it below): a moving carousel does not chatter. */}
      <div className="sf-carousel__track swiper-wrapper" aria-live="polite">
        {list.map((slide, i) => (
          <div
            key={slide.key ?? i}
            className="sf-carousel__slide swiper-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${list.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The category carousels of spec §2 and §9 (the home's and the shop mega-menu's): autoplay every
 * 3000 ms, looping when there are more than 8 categories, previous/next arrows, named as categories.
 * Each section sets its own tiles per view in CSS (8 on wide screens).
 */
export const CATEGORY_CAROUSEL: Omit<CarouselProps, 'children' | 'className'> = {
  label: 'Categories',
  autoplayMs: CATEGORY_CAROUSEL_AUTOPLAY_MS,
  loopAbove: CATEGORY_CAROUSEL_SLIDES,
  arrows: true,
  previousLabel: 'Previous categories',
  nextLabel: 'Next categories',
  pauseLabel: 'Pause categories',
  playLabel: 'Play categories',
};
