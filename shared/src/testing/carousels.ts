import { act } from '@testing-library/react';

/**
 * jsdom lays nothing out, and Swiper measures: this gives every carousel frame a width and every slide
 * a width and its place in the row, and ends each move's transition, so Swiper moves in a test as in a
 * browser showing `perView` slides.
 * Returns the function that takes it all back (call it in `afterEach`).
 */
export function layOutCarousels({ perView = 1, slideWidth = 100 }: { perView?: number; slideWidth?: number } = {}): () => void {
  const style = document.createElement('style');
  style.textContent = `.swiper-slide { width: ${slideWidth}px; margin-right: 0; }`;
  document.head.appendChild(style);
  const overridden: [string, PropertyDescriptor | undefined][] = [];
  const measure = (name: string, value: (el: HTMLElement) => number | undefined) => {
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    const inherited = own ?? Object.getOwnPropertyDescriptor(Element.prototype, name);
    overridden.push([name, own]);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return value(this) ?? (inherited?.get?.call(this) as number | undefined) ?? 0;
      },
    });
  };
  const isSlide = (el: HTMLElement) => el.classList.contains('swiper-slide');
  // Slides in the order Swiper's loop has put them in the DOM.
  const place = (el: HTMLElement) => Array.prototype.indexOf.call(el.parentElement?.children ?? [], el) as number;
  measure('clientWidth', (el) => (el.classList.contains('swiper') ? perView * slideWidth : isSlide(el) ? slideWidth : undefined));
  measure('offsetWidth', (el) => (isSlide(el) ? slideWidth : undefined));
  measure('offsetLeft', (el) => (isSlide(el) ? place(el) * slideWidth : undefined));
  // jsdom runs no CSS transitions: a move Swiper waits on (it listens for its track's `transitionend`)
  // ends after its duration, as in a browser.
  const addEventListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
    addEventListener.apply(this, args);
    const track = this instanceof HTMLElement && this.classList.contains('swiper-wrapper') ? this : null;
    if (args[0] !== 'transitionend' || !track) return;
    setTimeout(() => track.dispatchEvent(new Event('transitionend')), parseFloat(track.style.transitionDuration) || 0);
  };
  return () => {
    EventTarget.prototype.addEventListener = addEventListener;
    style.remove();
    for (const [name, own] of overridden.reverse()) {
      if (own) Object.defineProperty(HTMLElement.prototype, name, own);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  };
}

const usesFakeTimers = () => Object.prototype.hasOwnProperty.call(globalThis.setTimeout, 'clock');

/**
 * Lets the page go idle (fake or real timers) until Swiper has loaded and started on every carousel
 * shown, as it does in a browser after the page's load.
 */
export async function carouselsReady(): Promise<void> {
  const pending = () =>
    Array.from(document.querySelectorAll('.sf-carousel__frame')).some(
      (f) => f.querySelectorAll('.swiper-slide').length > 1 && !f.classList.contains('swiper-initialized'),
    );
  // At least one turn: what Swiper set off (a move, the state it reports) lands inside an act too.
  for (let i = 0; i === 0 || (i < 40 && pending()); i++) {
    await act(async () => {
      if (usesFakeTimers()) jest.advanceTimersByTime(50);
      else await new Promise((resolve) => setTimeout(resolve, 50));
      // Swiper's chunk arrives a few promise turns later: inside this act, so its state and effects
      // (autoplay starting) are flushed before the test goes on.
      for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    });
  }
  if (pending()) throw new Error('carouselsReady: Swiper did not start on every carousel');
}
