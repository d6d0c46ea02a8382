import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Swiper as SwiperInstance, SwiperModule } from 'swiper/types';
import { whenIdle } from '../idle';
import { loadOnce } from '../loadOnce';

/** Swiper's chunk (script and CSS), fetched once for every carousel of the page. */
const loadSwiper = loadOnce(() => import('./swiperRuntime'));
type SwiperClass = Awaited<ReturnType<typeof loadSwiper>>['Swiper'];

/** How long a move takes; none under reduced motion. */
const SPEED_MS = 400;

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

/** What the carousel tells Swiper and what Swiper tells back. */
interface SwiperSetup {
  loop: boolean;
  autoplayMs: number;
  onSlide: (realIndex: number) => void;
  onLock: (locked: boolean) => void;
}

/** Swiper on the carousel's frame; a shopper who swiped the plain markup before the script came keeps their place. */
function buildSwiper(Swiper: SwiperClass, modules: SwiperModule[], el: HTMLElement, setup: SwiperSetup): SwiperInstance {
  const track = el.firstElementChild as HTMLElement | null;
  const stride = (el.querySelector<HTMLElement>('.swiper-slide + .swiper-slide')?.offsetLeft ?? 0) || 1;
  const initialSlide = track ? Math.round(track.scrollLeft / stride) : 0;
  if (track) track.scrollLeft = 0;
  const { loop, autoplayMs } = setup;
  const swiper = new Swiper(el, {
    modules,
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
      slideChange: (s) => setup.onSlide(s.realIndex),
      lock: () => setup.onLock(true),
      unlock: () => setup.onLock(false),
    },
  });
  swiper.autoplay?.stop();
  markShownSlides(swiper);
  return swiper;
}

/** Calls `visible(true|false)` as the element comes near the screen or leaves it; `near` the first time it is near. */
function watchNearScreen(el: HTMLElement, visible: (on: boolean) => void, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    near();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    ([entry]) => {
      visible(entry?.isIntersecting ?? true);
      if (entry?.isIntersecting) near();
    },
    { rootMargin: '200px 0px' },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

export interface CarouselSwiperOptions {
  frame: RefObject<HTMLDivElement | null>;
  /** Stands for the slides: a new list is a new Swiper on a new frame. */
  signature: string;
  count: number;
  loop: boolean;
  autoplayMs: number;
}

/**
 * Swiper on the server's markup: loaded once the carousel is (nearly) on screen and the page is idle,
 * or at once when a control is used; built again when the slides change, destroyed on unmount.
 */
export function useCarouselSwiper({ frame, signature, count, loop, autoplayMs }: CarouselSwiperOptions) {
  const swiperRef = useRef<SwiperInstance | null>(null);
  /** Starts Swiper now (a control was used before it was loaded); set by the set-up effect. */
  const startNow = useRef<() => Promise<SwiperInstance | null>>(() => Promise.resolve(null));
  const [ready, setReady] = useState(false);
  const [current, setCurrent] = useState(0);
  const [locked, setLocked] = useState(false);
  const [onScreen, setOnScreen] = useState(true);

  // Until Swiper says (lock/unlock), the layout does: slides that all fit need no controls.
  useLayoutEffect(() => {
    const track = frame.current?.firstElementChild;
    if (track && !swiperRef.current) setLocked(track.scrollWidth <= track.clientWidth + 1);
  }, [frame, signature]);

  useEffect(() => {
    const el = frame.current;
    if (!el || count < 2) return undefined;
    let disposed = false;
    let starting: Promise<SwiperInstance | null> | null = null;
    const start = () =>
      (starting ??= loadSwiper().then(
        ({ Swiper, A11y, Autoplay }) => {
          if (disposed) return null;
          const swiper = buildSwiper(Swiper, autoplayMs > 0 ? [A11y, Autoplay] : [A11y], el, {
            loop,
            autoplayMs,
            onSlide: setCurrent,
            onLock: setLocked,
          });
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
    const stopWatching = watchNearScreen(el, setOnScreen, () => {
      cancelIdle ??= whenIdle(() => void start(), 2000);
    });
    return () => {
      disposed = true;
      stopWatching();
      cancelIdle?.();
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
      startNow.current = () => Promise.resolve(null);
      setReady(false);
    };
  }, [frame, signature, count, loop, autoplayMs]);

  /** Runs `move` on Swiper, loading it first when a control is used before it came. */
  const withSwiper = (move: (swiper: SwiperInstance) => void) => {
    const swiper = swiperRef.current;
    if (swiper && !swiper.destroyed) move(swiper);
    else void startNow.current().then((s) => s && move(s));
  };

  return { swiperRef, ready, current, locked, onScreen, withSwiper };
}

/** Starts and stops autoplay with `running`; moves are instant under reduced motion. */
export function useAutoplay(swiperRef: RefObject<SwiperInstance | null>, running: boolean, ready: boolean, reducedMotion: boolean): void {
  useEffect(() => {
    const swiper = swiperRef.current;
    if (!swiper || swiper.destroyed) return;
    swiper.params.speed = reducedMotion ? 0 : SPEED_MS;
    swiper.wrapperEl.setAttribute('aria-live', running ? 'off' : 'polite');
    if (!swiper.autoplay) return;
    if (running && !swiper.autoplay.running) swiper.autoplay.start();
    if (!running && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiperRef, running, ready, reducedMotion]);
}

/** Arrow keys move by one slide; focus goes to the neighbouring slide, brought into view first when it is not. */
export function arrowKeys(withSwiper: (move: (swiper: SwiperInstance) => void) => void, count: number) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const step = e.key === 'ArrowRight' ? 1 : -1;
    const from = (e.target as HTMLElement).closest<HTMLElement>('.swiper-slide');
    withSwiper((swiper) => {
      const move = () => (step > 0 ? swiper.slideNext() : swiper.slidePrev());
      if (!from || !swiper.slides.includes(from)) {
        move();
        return;
      }
      const to = (realIndexOf(swiper, from) + step + count) % count;
      const target = () => swiper.slides.find((s) => realIndexOf(swiper, s) === to);
      if (target()?.hasAttribute('inert')) move();
      target()?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    });
  };
}
