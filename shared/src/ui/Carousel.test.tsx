import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Carousel, type CarouselProps } from './Carousel';

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

/** The "N of M" slide that is shown: the only one not inert, and the one the current dot points at. */
function shownSlide(): string {
  const live = screen.getAllByRole('group').filter((g) => !g.hasAttribute('inert'));
  expect(live).toHaveLength(1);
  const name = live[0]!.getAttribute('aria-label')!;
  const current = screen.getAllByRole('button', { name: /^Go to slide / }).filter((b) => b.getAttribute('aria-current') === 'true');
  expect(current.map((b) => b.getAttribute('aria-label'))).toEqual([`Go to slide ${name.split(' ')[0]}`]);
  return name;
}

let reducedMotion = false;

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
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
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

describe('Carousel', () => {
  it('is a labelled carousel region of "N of M" slides, the ones out of view inert, with dots naming their slide', () => {
    render(<Banners />);
    const region = screen.getByRole('region', { name: 'Banners' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = screen.getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    for (const s of slides) expect(s).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([false, true, true]);
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).not.toHaveAttribute('aria-current');
  });

  it('autoplays one slide per interval and loops from the last slide to the first', () => {
    render(<Banners />);
    expect(shownSlide()).toBe('1 of 3');
    wait(DELAY - 1);
    expect(shownSlide()).toBe('1 of 3');
    wait(1);
    expect(shownSlide()).toBe('2 of 3');
    wait(DELAY);
    expect(shownSlide()).toBe('3 of 3');
    wait(DELAY);
    expect(shownSlide()).toBe('1 of 3');
  });

  it('pauses while the mouse is over it and moves on once it leaves', async () => {
    const user = setup();
    render(<Banners />);
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

  it('pauses while it is being touched', () => {
    render(<Banners />);
    const region = screen.getByRole('region', { name: 'Banners' });
    fireEvent.touchStart(region);
    wait(DELAY * 2);
    expect(shownSlide()).toBe('1 of 3');
    fireEvent.touchEnd(region);
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('pauses while the tab is hidden', () => {
    render(<Banners />);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    wait(DELAY * 2);
    expect(shownSlide()).toBe('1 of 3');
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    wait(DELAY);
    expect(shownSlide()).toBe('2 of 3');
  });

  it('the pause button stops and restarts it', async () => {
    const user = setup();
    render(<Banners />);
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
    expect(screen.getByRole('button', { name: 'Play banners' })).toBeInTheDocument();
    wait(DELAY * 3);
    expect(shownSlide()).toBe('1 of 3');
    await playAndSeeItMove(user);
  });

  it('previous and next wrap around; a dot goes to its slide', async () => {
    const user = setup();
    render(<Banners autoplayMs={0} />);
    expect(screen.queryByRole('button', { name: /^(Pause|Play) banners$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toBe('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('2 of 3');
    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(shownSlide()).toBe('3 of 3');
  });

  it('arrow keys move it when focus is inside, carrying focus from slide to slide', async () => {
    const user = setup();
    render(<Banners autoplayMs={0} />);
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(shownSlide()).toBe('2 of 3');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownSlide()).toBe('3 of 3');
    act(() => screen.getByRole('link', { name: 'Banner 3' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(shownSlide()).toBe('1 of 3');
    expect(screen.getByRole('link', { name: 'Banner 1' })).toHaveFocus();
    // Outside the carousel the keys are the page's.
    act(() => screen.getByRole('link', { name: 'After' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(shownSlide()).toBe('1 of 3');
  });

  it('the server renders every slide live, and hydration keeps that markup without a mismatch', () => {
    jest.useRealTimers();
    const html = renderToString(<Banners />);
    expect(html).not.toContain('inert');
    expect(html).toContain('aria-label="Pause banners"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    act(() => {
      hydrateRoot(container, <Banners />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    // After hydration the slides out of view are inert.
    expect(Array.from(container.querySelectorAll('[aria-roledescription="slide"]')).map((s) => s.hasAttribute('inert'))).toEqual([
      false,
      true,
      true,
    ]);
    container.remove();
  });
});
