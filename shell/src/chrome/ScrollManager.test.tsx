import { act, fireEvent, screen } from '@testing-library/react';
import { Link, useNavigate } from '@storefront/shared/router';
import { renderWithStores } from '@storefront/shared/testing';
import { ScrollManager } from './ScrollManager';

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <ScrollManager />
      <button type="button" onClick={() => navigate('/shop?search=caps')}>
        Search
      </button>
      <button type="button" onClick={() => navigate('/faq#returns')}>
        To returns
      </button>
      <Link to="/about">About</Link>
      <Link to="/faq#payment">Payment FAQ</Link>
      <section id="returns">Returns</section>
      <section id="payment">Payment</section>
    </>
  );
}

let scrollTo: jest.SpyInstance;
const tops = () => scrollTo.mock.calls.map((c) => (c[0] as ScrollToOptions).top);

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}

function placeAt(id: string, top: number) {
  const el = document.getElementById(id)!;
  el.getBoundingClientRect = () => ({ top, left: 0, right: 0, bottom: top + 100, width: 0, height: 100, x: 0, y: top, toJSON: () => ({}) });
}

describe('scrolling on navigation (spec §2)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setScrollY(800);
    scrollTo = jest
      .spyOn(window, 'scrollTo')
      .mockImplementation(((options: ScrollToOptions) => setScrollY(options.top ?? 0)) as typeof window.scrollTo);
  });
  afterEach(() => {
    scrollTo.mockRestore();
    jest.useRealTimers();
    document.documentElement.removeAttribute('style');
  });

  it('does nothing on the first page load without a hash', () => {
    renderWithStores(<Page />, { route: '/' });
    act(() => jest.advanceTimersByTime(2000));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls smoothly to the top over 1.5 s after a programmatic navigation, then resets the style after 500 ms', () => {
    renderWithStores(<Page />, { route: '/' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    act(() => jest.advanceTimersByTime(100));
    expect(document.documentElement.style.scrollBehavior).toBe('auto');
    const early = tops();
    expect(early.length).toBeGreaterThan(1);
    expect(early.at(-1)).toBeGreaterThan(0);
    expect(early.at(-1)).toBeLessThan(800);
    act(() => jest.advanceTimersByTime(1450));
    expect(tops().at(-1)).toBe(0);
    expect(document.documentElement.style.scrollBehavior).toBe('auto');
    act(() => jest.advanceTimersByTime(500));
    expect(document.documentElement.style.scrollBehavior).toBe('');
  });

  it('lands at once, without the smooth scroll, when a link was clicked', () => {
    renderWithStores(<Page />, { route: '/' });
    act(() => fireEvent.click(screen.getByRole('link', { name: 'About' })));
    act(() => jest.advanceTimersByTime(2000));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('scrolls smoothly to the element matching the hash', () => {
    renderWithStores(<Page />, { route: '/' });
    setScrollY(0);
    placeAt('returns', 450);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'To returns' })));
    act(() => jest.advanceTimersByTime(100));
    expect(tops().length).toBeGreaterThan(1);
    act(() => jest.advanceTimersByTime(1500));
    expect(tops().at(-1)).toBe(450);
  });

  it('jumps to the hash target when a link with a hash was clicked', () => {
    renderWithStores(<Page />, { route: '/' });
    setScrollY(0);
    placeAt('payment', 900);
    act(() => fireEvent.click(screen.getByRole('link', { name: 'Payment FAQ' })));
    act(() => jest.advanceTimersByTime(2000));
    expect(tops()).toEqual([900]);
  });

  it('stops when the shopper scrolls with the wheel', () => {
    renderWithStores(<Page />, { route: '/' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    act(() => jest.advanceTimersByTime(50));
    const before = scrollTo.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event('wheel'));
    });
    act(() => jest.advanceTimersByTime(1500));
    expect(scrollTo.mock.calls.length).toBe(before);
  });

  it('gives way when something else scrolls the page meanwhile (a focused field, the scrollbar, find in page)', () => {
    renderWithStores(<Page />, { route: '/' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    act(() => jest.advanceTimersByTime(50));
    // Not through window.scrollTo: the browser moved the page itself (scrollIntoView on focus, a drag).
    setScrollY(1200);
    const before = scrollTo.mock.calls.length;
    act(() => jest.advanceTimersByTime(1500));
    expect(scrollTo.mock.calls.length).toBe(before);
    expect(window.scrollY).toBe(1200);
  });

  it('stops when the shopper presses a pointer (a click on the page or its scrollbar)', () => {
    renderWithStores(<Page />, { route: '/' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    act(() => jest.advanceTimersByTime(50));
    const before = scrollTo.mock.calls.length;
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    act(() => jest.advanceTimersByTime(1500));
    expect(scrollTo.mock.calls.length).toBe(before);
  });

  it('keeps going when the page only got shorter under it (the old page replaced by a shorter one)', () => {
    renderWithStores(<Page />, { route: '/' });
    setScrollY(3000);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    act(() => jest.advanceTimersByTime(20));
    const height = jest.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(window.innerHeight + 300);
    setScrollY(300);
    act(() => jest.advanceTimersByTime(1600));
    height.mockRestore();
    expect(tops().at(-1)).toBe(0);
  });
});
