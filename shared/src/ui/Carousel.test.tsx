import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { carouselsReady, layOutCarousels } from '../testing/carousels';
import { CATEGORY_CAROUSEL, Carousel, type CarouselProps } from './Carousel';

const DELAY = 5000;

function Banners(props: Partial<CarouselProps> & { count?: number }) {
  const { count = 3, ...rest } = props;
  return (
    <>
      <a href="#before">Before</a>
      <Carousel label="Banners" autoplayMs={DELAY} arrows dots pauseLabel="Pause banners" playLabel="Play banners" {...rest}>
        {Array.from({ length: count }, (_, i) => (
          <a key={i} href={`/banner/${i + 1}`}>
            Banner {i + 1}
          </a>
        ))}
      </Carousel>
      <a href="#after">After</a>
    </>
  );
}

/** The "N of M" slides that are shown: the only ones not inert. */
function shownSlides(): string[] {
  return screen
    .getAllByRole('group')
    .filter((g) => !g.hasAttribute('inert'))
    .map((g) => g.getAttribute('aria-label')!);
}

/** The one slide shown (one per view), checked against the current dot when there are dots. */
function shownSlide(): string {
  const shown = shownSlides();
  expect(shown).toHaveLength(1);
  const dots = screen.queryAllByRole('button', { name: /^Go to slide / });
  if (dots.length) {
    const current = dots.filter((b) => b.getAttribute('aria-current') === 'true').map((b) => b.getAttribute('aria-label'));
    expect(current).toEqual([`Go to slide ${shown[0]!.split(' ')[0]}`]);
  }
  return shown[0]!;
}

let reducedMotion = false;
let takeLayoutBack = () => undefined as void;

beforeEach(() => {
  reducedMotion = false;
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  takeLayoutBack = layOutCarousels({ perView: 1 });
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  takeLayoutBack();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const setup = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** Presses Play, takes the mouse off the carousel, and sees the next slide come after one interval. */
async function playAndSeeItMove(user: ReturnType<typeof setup>) {
  await user.click(screen.getByRole('button', { name: 'Play banners' }));
  await user.unhover(screen.getByRole('region', { name: 'Banners' }));
  wait(DELAY);
  expect(shownSlide()).toBe('2 of 3');
}

describe('Carousel on Swiper', () => {
  it('the server sends every slide as plain, live markup; Swiper starts on it only once the page is idle', async () => {
    jest.useRealTimers();
    const html = renderToString(<Banners />);
    expect(html).not.toContain('inert');
    expect(html).not.toContain('swiper-initialized');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Pause banners"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      act(() => {
        root = hydrateRoot(container, <Banners />, { onRecoverableError: (e) => errors.push(e) });
      });
      expect(errors).toEqual([]);
      const frame = container.querySelector('.sf-carousel__frame')!;
      // Hydrated, and still the server's markup: nothing waited for Swiper.
      expect(frame).not.toHaveClass('swiper-initialized');
      await carouselsReady();
      expect(frame).toHaveClass('swiper-initialized');
      // Now the slides out of view are out of the tab order.
      const inert = Array.from(container.querySelectorAll('[aria-roledescription="slide"]')).map((s) => s.hasAttribute('inert'));
      expect(inert).toEqual([false, true, true]);
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  it('waits until the carousel comes into view before loading Swiper', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    };
    render(<Banners />);
    const frame = document.querySelector('.sf-carousel__frame')!;
    const show = (isIntersecting: boolean) =>
      act(() => {
        for (const o of observers)
          o.callback([{ isIntersecting, target: o.target } as IntersectionObserverEntry], {} as IntersectionObserver);
      });
    show(false);
    wait(DELAY * 2);
    await act(async () => undefined);
    expect(frame).not.toHaveClass('swiper-initialized');
    show(true);
    await carouselsReady();
    expect(frame).toHaveClass('swiper-initialized');
    expect(shownSlide()).toBe('1 of 3');
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
    // Scrolled away, it stands still.
    show(false);
    wait(DELAY * 3);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('autoplays one slide per interval and rewinds from the last slide to the first', async () => {
    render(<Banners />);
    await carouselsReady();
    expect(shownSlide()).toBe('1 of 3');
    wait(DELAY - 1);
    expect(shownSlide()).toBe('1 of 3');
    wait(1);
    expect(shownSlide()).toBe('2 of 3');
    wait(DELAY);
    expect(shownSlide()).toBe('3 of 3');
    wait(DELAY);
    expect(shownSlide()).toBe('1 of 3');
    // Rewound, not looped: the slides are still in their own order.
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
  });

  it('spec §9: the category carousel loops with more than 8 categories, and rewinds with 8', async () => {
    const tiles = (n: number) =>
      Array.from({ length: n }, (_, i) => (
        <a key={i} href={`/c/${i + 1}`}>
          Category {i + 1}
        </a>
      ));
    const nine = render(<Carousel {...CATEGORY_CAROUSEL}>{tiles(9)}</Carousel>);
    await carouselsReady();
    const order = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    await act(async () => screen.getByRole('button', { name: 'Previous categories' }).click());
    // Looping back past the first slide brings the last one in front of it.
    expect(shownSlide()).toBe('9 of 9');
    expect(order()[0]).toBe('9 of 9');
    expect(order()).toHaveLength(9);
    nine.unmount();

    render(<Carousel {...CATEGORY_CAROUSEL}>{tiles(8)}</Carousel>);
    await carouselsReady();
    await act(async () => screen.getByRole('button', { name: 'Previous categories' }).click());
    expect(shownSlide()).toBe('8 of 8');
    expect(order()).toEqual(Array.from({ length: 8 }, (_, i) => `${i + 1} of 8`));
  });

  it('when every slide fits it stands still and hides its controls', async () => {
    takeLayoutBack();
    takeLayoutBack = layOutCarousels({ perView: 3 });
    render(<Banners />);
    await carouselsReady();
    expect(screen.getByRole('region', { name: 'Banners' })).toHaveClass('is-still');
    expect(shownSlides()).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    wait(DELAY * 2);
    expect(shownSlides()).toEqual(['1 of 3', '2 of 3', '3 of 3']);
  });

  it('pauses while the mouse is over it and moves on once it leaves', async () => {
    const user = setup();
    render(<Banners />);
    await carouselsReady();
    await user.hover(screen.getByRole('group', { name: '1 of 3' }));
    wait(DELAY * 3);
    expect(shownSlide()).toBe('1 of 3');
    await user.unhover(screen.getByRole('group', { name: '1 of 3' }));
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('pauses while focus is inside it', async () => {
    const user = setup();
    render(<Banners />);
    await carouselsReady();
    await user.tab(); // Before
    await user.tab(); // the pause button: focus on it does not pause
    expect(screen.getByRole('button', { name: 'Pause banners' })).toHaveFocus();
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
    await user.tab(); // Previous
    wait(DELAY * 3);
    expect(shownSlide()).toBe('2 of 3');
    act(() => screen.getByRole('link', { name: 'After' }).focus());
    wait(DELAY);
    expect(shownSlide()).toBe('3 of 3');
  });

  it('pauses while it is being touched', async () => {
    render(<Banners />);
    await carouselsReady();
    const region = screen.getByRole('region', { name: 'Banners' });
    fireEvent.touchStart(region);
    wait(DELAY * 2);
    expect(shownSlide()).toBe('1 of 3');
    fireEvent.touchEnd(region);
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('pauses while the tab is hidden', async () => {
    render(<Banners />);
    await carouselsReady();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    wait(DELAY * 2);
    expect(shownSlide()).toBe('1 of 3');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('the pause button stops and restarts it (WCAG 2.2.2)', async () => {
    const user = setup();
    render(<Banners />);
    await carouselsReady();
    await user.click(screen.getByRole('button', { name: 'Pause banners' }));
    await user.unhover(screen.getByRole('region', { name: 'Banners' }));
    act(() => screen.getByRole('link', { name: 'After' }).focus());
    wait(DELAY * 3);
    expect(shownSlide()).toBe('1 of 3');
    await playAndSeeItMove(user);
  });

  it('never autoplays when the shopper asks for reduced motion, until they press Play', async () => {
    reducedMotion = true;
    const user = setup();
    render(<Banners />);
    await carouselsReady();
    expect(screen.getByRole('button', { name: 'Play banners' })).toBeInTheDocument();
    wait(DELAY * 3);
    expect(shownSlide()).toBe('1 of 3');
    await playAndSeeItMove(user);
  });

  it('previous and next wrap around; a dot goes to its slide', async () => {
    const user = setup();
    render(<Banners autoplayMs={0} />);
    await carouselsReady();
    expect(screen.queryByRole('button', { name: /^(Pause|Play) banners$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toBe('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('2 of 3');
    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    wait(20); // Swiper moves to a slide by its index on the next frame
    expect(shownSlide()).toBe('3 of 3');
  });

  it('a control used before Swiper has loaded loads it and moves', async () => {
    const user = setup();
    render(<Banners autoplayMs={0} />);
    expect(document.querySelector('.swiper-initialized')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await carouselsReady();
    expect(shownSlides()).toEqual(['2 of 3']);
  });

  it('the slides out of view are inert (out of the tab order); arrow keys move it, carrying focus from slide to slide', async () => {
    const user = setup();
    render(<Banners autoplayMs={0} arrows={false} dots={false} />);
    await carouselsReady();
    const inert = () => screen.getAllByRole('group').map((g) => g.hasAttribute('inert'));
    expect(inert()).toEqual([false, true, true]);

    act(() => screen.getByRole('link', { name: 'Banner 1' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(inert()).toEqual([true, false, true]);
    expect(screen.getByRole('link', { name: 'Banner 2' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownSlide()).toBe('3 of 3');
    expect(screen.getByRole('link', { name: 'Banner 3' })).toHaveFocus();
    // Outside the carousel the keys are the page's.
    act(() => screen.getByRole('link', { name: 'After' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(shownSlide()).toBe('3 of 3');
  });

  it('Swiper is destroyed with the carousel', async () => {
    const view = render(<Banners />);
    await carouselsReady();
    const frame = document.querySelector('.sf-carousel__frame') as HTMLElement & {
      swiper?: { destroyed: boolean; autoplay: { running: boolean } };
    };
    const swiper = frame.swiper!;
    expect(swiper.autoplay.running).toBe(true);
    view.unmount();
    expect(swiper.destroyed).toBe(true);
    expect(frame).not.toHaveClass('swiper-initialized');
  });
});
