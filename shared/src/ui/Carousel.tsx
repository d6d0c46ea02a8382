import {
  Children,
  isValidElement,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { CATEGORY_CAROUSEL_AUTOPLAY_MS, CATEGORY_CAROUSEL_SLIDES } from '../constants';
import { whenIdle } from '../idle';
import { loadOnce } from '../loadOnce';

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

/** Swiper's chunk (script and CSS), fetched once for every carousel of the page. */
const loadSwiper = loadOnce(() => import('./swiperRuntime'));

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** How long a move takes; none under reduced motion. */
const SPEED_MS = 400;

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** The shopper asked for less motion (false on the server and while hydrating). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** The tab is in the background. */
function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** A slide's position among the carousel's slides, whatever order Swiper's loop has moved them into. */
function realIndexOf(swiper: SwiperInstance, slide: HTMLElement): number {
  const attr = slide.getAttribute('data-swiper-slide-index');
  return attr === null ? swiper.slides.indexOf(slide) : Number(attr);
}

/**
 * Only the slides wholly in view can take focus: Tab never lands on one the shopper cannot see. Where
 * a slide starts comes from Swiper's grid and translate (where a move is going, not where it is), its
 * width from its box: Swiper's own sizes, and its fully-visible class, count the gap after a slide.
 */
function markShownSlides(swiper: SwiperInstance): void {
  swiper.slides.forEach((slide, i) => {
    const left = (swiper.slidesGrid[i] ?? 0) + swiper.translate;
    const hidden = left < -1 || left + slide.offsetWidth > swiper.size + 1;
    if (slide.hasAttribute('inert') !== hidden) slide.toggleAttribute('inert', hidden);
  });
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
  const loop = count > loopAbove;
  const root = useRef<HTMLElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);
  /** Starts Swiper now (a control was used before it was loaded); set by the set-up effect. */
  const startNow = useRef<() => Promise<SwiperInstance | null>>(() => Promise.resolve(null));
  const reducedMotion = useReducedMotion();
  const hidden = useDocumentHidden();
  const [ready, setReady] = useState(false);
  const [current, setCurrent] = useState(0);
  const [locked, setLocked] = useState(false);
  // The shopper's own choice from the pause/play button; until they make one, reduced motion decides.
  const [stoppedByShopper, setStoppedByShopper] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touching, setTouching] = useState(false);
  const [onScreen, setOnScreen] = useState(true);

  const playing = autoplayMs > 0 && !(stoppedByShopper ?? reducedMotion);
  // Swiper's autoplay keeps an exact interval only without waiting for transitions, and then its own
  // pauses (tab hidden, touch) resume at once: the carousel decides when it runs.
  const running = playing && ready && !locked && !hovered && !focused && !touching && !hidden && onScreen;

  // Until Swiper says (lock/unlock), the layout does: slides that all fit need no controls.
  useLayoutEffect(() => {
    const track = frame.current?.firstElementChild;
    if (track && !swiperRef.current) setLocked(track.scrollWidth <= track.clientWidth + 1);
  }, [signature]);

  // Swiper on the server's markup: once on screen and idle, built again when the slides change.
  useEffect(() => {
    const el = frame.current;
    if (!el || count < 2) return undefined;
    let disposed = false;
    let starting: Promise<SwiperInstance | null> | null = null;
    const start = () =>
      (starting ??= loadSwiper().then(
        ({ Swiper, A11y, Autoplay }) => {
          if (disposed) return null;
          // A shopper who swiped the plain markup before the script came keeps their place.
          const track = el.firstElementChild as HTMLElement | null;
          const stride = (el.querySelector<HTMLElement>('.swiper-slide + .swiper-slide')?.offsetLeft ?? 0) || 1;
          const initialSlide = track ? Math.round(track.scrollLeft / stride) : 0;
          if (track) track.scrollLeft = 0;
          const swiper = new Swiper(el, {
            modules: autoplayMs > 0 ? [A11y, Autoplay] : [A11y],
            slidesPerView: 'auto',
            spaceBetween: 0,
            loop,
            rewind: !loop,
            initialSlide,
            speed: SPEED_MS,
            // Started and stopped by the carousel (see `running`); each delay counts from the start of a
            // move, so slides change every `autoplayMs` (spec §9: every 3000 ms).
            autoplay: autoplayMs > 0 ? { delay: autoplayMs, disableOnInteraction: false, waitForTransition: false } : false,
            a11y: {
              slideLabelMessage: '{{index}} of {{slidesLength}}',
              itemRoleDescriptionMessage: 'slide',
              // The region names itself and sets aria-live by whether it moves on its own.
              wrapperLiveRegion: false,
              notificationClass: 'sf-visually-hidden',
            },
            on: {
              setTranslate: markShownSlides,
              resize: markShownSlides,
              slideChange: (s) => setCurrent(s.realIndex),
              lock: () => setLocked(true),
              unlock: () => setLocked(false),
            },
          });
          swiper.autoplay?.stop();
          markShownSlides(swiper);
          swiperRef.current = swiper;
          setCurrent(swiper.realIndex);
          setLocked(swiper.isLocked);
          setReady(true);
          return swiper;
        },
        // No Swiper (a chunk that failed to load): the markup still scrolls; the next use tries again.
        () => {
          starting = null;
          return null;
        },
      ));
    startNow.current = start;

    // After the page's load, when it is next idle, and only once the carousel is (nearly) on screen.
    let cancelIdle: (() => void) | undefined;
    const later = () => {
      cancelIdle ??= whenIdle(() => void start(), 2000);
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'undefined') later();
    else {
      observer = new IntersectionObserver(
        ([entry]) => {
          setOnScreen(entry?.isIntersecting ?? true);
          if (entry?.isIntersecting) later();
        },
        { rootMargin: '200px 0px' },
      );
      observer.observe(el);
    }
    return () => {
      disposed = true;
      observer?.disconnect();
      cancelIdle?.();
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
      startNow.current = () => Promise.resolve(null);
      setReady(false);
    };
    // `signature` stands for the slides: a new list is a new Swiper on a new frame (see the key below).
  }, [signature, count, loop, autoplayMs]);

  useEffect(() => {
    const swiper = swiperRef.current;
    if (!swiper || swiper.destroyed) return;
    swiper.params.speed = reducedMotion ? 0 : SPEED_MS;
    swiper.wrapperEl.setAttribute('aria-live', running ? 'off' : 'polite');
    if (!swiper.autoplay) return;
    if (running && !swiper.autoplay.running) swiper.autoplay.start();
    if (!running && swiper.autoplay.running) swiper.autoplay.stop();
  }, [running, ready, reducedMotion]);

  /** Runs `move` on Swiper, loading it first when a control is used before it came. */
  const withSwiper = (move: (swiper: SwiperInstance) => void) => {
    const swiper = swiperRef.current;
    if (swiper && !swiper.destroyed) move(swiper);
    else void startNow.current().then((s) => s && move(s));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const from = (e.target as HTMLElement).closest<HTMLElement>('.swiper-slide');
    withSwiper((swiper) => {
      if (!from || !swiper.slides.includes(from)) {
        if (step > 0) swiper.slideNext();
        else swiper.slidePrev();
        return;
      }
      // Focus goes to the neighbouring slide, which is brought into view first when it is not.
      const to = (realIndexOf(swiper, from) + step + count) % count;
      const target = () => swiper.slides.find((s) => realIndexOf(swiper, s) === to);
      if (target()?.hasAttribute('inert')) {
        if (step > 0) swiper.slideNext();
        else swiper.slidePrev();
      }
      target()?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    });
  };

  // Focus on the pause/play button itself does not pause: pressing Play must start it moving.
  const onFocus = (e: FocusEvent<HTMLElement>) => setFocused(e.target !== pauseButton.current);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    setFocused(!!next && !!root.current?.contains(next) && next !== pauseButton.current);
  };
  const onPointerEnter = (e: PointerEvent<HTMLElement>) => e.pointerType === 'mouse' && setHovered(true);
  const onPointerLeave = (e: PointerEvent<HTMLElement>) => e.pointerType === 'mouse' && setHovered(false);

  // The slides render again only when the section passes new ones: the carousel's own state (hover,
  // focus, the current dot) never re-renders the markup Swiper manages.
  const track = useMemo(() => {
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
  }, [children]);

  const still = locked;
  return (
    // The handlers listen to what bubbles up from the slides' links and the buttons (all focusable
    // themselves); the region is never focused or clicked for its own sake.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={root}
      className={['sf-carousel', still ? 'is-still' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onTouchStart={() => setTouching(true)}
      onTouchEnd={() => setTouching(false)}
      onTouchCancel={() => setTouching(false)}
    >
      {autoplayMs > 0 ? (
        <button
          ref={pauseButton}
          type="button"
          className="sf-carousel__control sf-carousel__pause"
          aria-label={playing ? pauseLabel : playLabel}
          onClick={() => setStoppedByShopper(playing)}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      ) : null}
      <div className="sf-carousel__viewport">
        {arrows ? (
          <>
            <button
              type="button"
              className="sf-carousel__control sf-carousel__prev"
              aria-label={previousLabel}
              onClick={() => withSwiper((s) => s.slidePrev())}
            >
              <Chevron />
            </button>
            <button
              type="button"
              className="sf-carousel__control sf-carousel__next"
              aria-label={nextLabel}
              onClick={() => withSwiper((s) => s.slideNext())}
            >
              <Chevron />
            </button>
          </>
        ) : null}
        {track}
      </div>
      {dots && count > 1 ? (
        <div className="sf-carousel__dots">
          {Array.from({ length: count }, (_, i) => (
            <button
              key={i}
              type="button"
              className="sf-carousel__dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => withSwiper((s) => s.slideToLoop(i))}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function Chevron() {
  return (
    <svg className="sf-carousel__chevron" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
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
