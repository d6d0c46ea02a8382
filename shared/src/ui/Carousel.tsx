import {
  Children,
  isValidElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { CATEGORY_CAROUSEL_AUTOPLAY_MS } from '../constants';
import { useHydrated } from './useHydrated';

export interface CarouselProps {
  /** The region's accessible name ('Banners', 'Categories'). */
  label: string;
  /** One child per slide, keyed. */
  children: ReactNode;
  /** Moves on by one slide every this many ms, wrapping from the last to the first; 0 or unset: never. */
  autoplayMs?: number;
  /** Previous / next buttons. */
  arrows?: boolean;
  /** One "Go to slide N" button per position. */
  dots?: boolean;
  previousLabel?: string;
  nextLabel?: string;
  /** Names of the pause/play button, shown whenever the carousel autoplays (WCAG 2.2.2). */
  pauseLabel?: string;
  playLabel?: string;
  /** Extra class on the region; slides per view and the gap come from its CSS (see styles.css). */
  className?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

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

/** Where slide `i` starts, in the track's scroll coordinates. */
function slideLeft(track: HTMLElement, i: number): number {
  const slides = track.children;
  const first = slides[0] as HTMLElement | undefined;
  const slide = slides[i] as HTMLElement | undefined;
  return slide && first ? slide.offsetLeft - first.offsetLeft : 0;
}

/** How many slides the track shows at once, from the layout CSS gave it (1 before there is one). */
function measurePerView(track: HTMLElement, count: number): number {
  const first = track.children[0] as HTMLElement | undefined;
  if (!first || first.offsetWidth === 0) return 1;
  const stride = track.children.length > 1 ? slideLeft(track, 1) : first.offsetWidth;
  if (stride <= 0) return 1;
  const gap = stride - first.offsetWidth;
  return Math.min(count, Math.max(1, Math.round((track.clientWidth + gap) / stride)));
}

/** The slide whose start is nearest the track's scroll position (the last position at the very end). */
function nearestIndex(track: HTMLElement, last: number): number {
  if (track.scrollLeft >= track.scrollWidth - track.clientWidth - 1) return last;
  let best = 0;
  for (let i = 1; i < track.children.length; i++) {
    if (Math.abs(slideLeft(track, i) - track.scrollLeft) < Math.abs(slideLeft(track, best) - track.scrollLeft)) best = i;
  }
  return Math.min(best, last);
}

/**
 * A carousel of slides on CSS scroll snapping: the browser does the swiping, momentum and snapping (on
 * touch, trackpad and scrollbar) with no script at all, so the server's markup is already a working,
 * final-size carousel before hydration. Script adds only what the browser does not: autoplay (paused
 * on hover, on focus inside, while touched, while the tab is hidden or the carousel is off screen, and
 * never started under reduced motion), a pause/play button, previous/next and "Go to slide N" buttons,
 * arrow keys, and `inert` on the slides out of view so Tab stays on what is shown. Follows the WAI-ARIA
 * carousel pattern: a region with `aria-roledescription="carousel"`, slides as "N of M" groups.
 */
export function Carousel({
  label,
  children,
  autoplayMs = 0,
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
  const root = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const focusSlide = useRef<number | null>(null);
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const hidden = useDocumentHidden();
  const [index, setIndex] = useState(0);
  const [perView, setPerView] = useState(1);
  // The shopper's own choice from the pause/play button; until they make one, reduced motion decides.
  const [stoppedByShopper, setStoppedByShopper] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touching, setTouching] = useState(false);
  const [onScreen, setOnScreen] = useState(true);

  const last = Math.max(0, count - perView);
  const current = Math.min(index, last);
  const playing = autoplayMs > 0 && !(stoppedByShopper ?? reducedMotion);
  const running = playing && hydrated && last > 0 && !hovered && !focused && !touching && !hidden && onScreen;

  // Slides per view follow the CSS (breakpoints), measured before paint and again on every resize.
  useLayoutEffect(() => {
    const el = track.current;
    if (!el) return undefined;
    const measure = () => setPerView(measurePerView(el, count));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [count]);

  // A swipe or a scroll by the shopper: once it settles, the controls follow where it stopped.
  useEffect(() => {
    const el = track.current;
    if (!el) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const n = el.children.length;
        setIndex(nearestIndex(el, Math.max(0, n - measurePerView(el, n))));
      }, 120);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);

  // The controls, the keys and autoplay move the track to the current slide.
  useEffect(() => {
    const el = track.current;
    if (!el || typeof el.scrollTo !== 'function') return;
    const left = slideLeft(el, current);
    if (Math.abs(el.scrollLeft - left) > 1) el.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [current, reducedMotion]);

  // Arrow keys on a slide carry focus to the neighbouring slide once it is no longer inert.
  useEffect(() => {
    const to = focusSlide.current;
    if (to === null) return;
    focusSlide.current = null;
    track.current?.children[to]?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(() => setIndex(current >= last ? 0 : current + 1), autoplayMs);
    return () => clearTimeout(timer);
  }, [running, current, last, autoplayMs]);

  // Off screen it does not move (nobody sees it, and it costs the main thread nothing).
  useEffect(() => {
    const el = root.current;
    if (!el || autoplayMs <= 0 || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [autoplayMs]);

  const go = (to: number) => setIndex(to < 0 ? last : to > last ? 0 : to);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const shown = Array.from(track.current?.children ?? []);
    const from = shown.findIndex((slide) => slide.contains(e.target as Node));
    if (from < 0) {
      go(current + step);
      return;
    }
    const to = (from + step + count) % count;
    if (to >= current && to < current + perView) {
      shown[to]?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
      return;
    }
    focusSlide.current = to;
    setIndex(to < current ? to : Math.min(last, to - perView + 1));
  };

  // Focus on the pause/play button itself does not pause: pressing Play must start it moving.
  const onFocus = (e: FocusEvent<HTMLElement>) => setFocused(e.target !== pauseButton.current);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    setFocused(!!next && !!root.current?.contains(next) && next !== pauseButton.current);
  };
  const onPointerEnter = (e: PointerEvent<HTMLElement>) => e.pointerType === 'mouse' && setHovered(true);
  const onPointerLeave = (e: PointerEvent<HTMLElement>) => e.pointerType === 'mouse' && setHovered(false);

  const positions = last + 1;
  const still = hydrated && last === 0;
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
              onClick={() => go(current - 1)}
            >
              <Chevron />
            </button>
            <button type="button" className="sf-carousel__control sf-carousel__next" aria-label={nextLabel} onClick={() => go(current + 1)}>
              <Chevron />
            </button>
          </>
        ) : null}
        <div ref={track} className="sf-carousel__track" aria-live={running ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={slide.key ?? i}
              className="sf-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              // The server's markup has every slide live (a shopper without script scrolls to them).
              inert={hydrated && (i < current || i >= current + perView)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {dots && count > 1 ? (
        <div className="sf-carousel__dots">
          {Array.from({ length: positions }, (_, i) => (
            <button
              key={i}
              type="button"
              className="sf-carousel__dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
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
 * 3000 ms, previous/next arrows, named as categories. Each section sets its own tiles per view in CSS.
 */
export const CATEGORY_CAROUSEL: Omit<CarouselProps, 'children' | 'className'> = {
  label: 'Categories',
  autoplayMs: CATEGORY_CAROUSEL_AUTOPLAY_MS,
  arrows: true,
  previousLabel: 'Previous categories',
  nextLabel: 'Next categories',
  pauseLabel: 'Pause categories',
  playLabel: 'Play categories',
};
