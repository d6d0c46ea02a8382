import { EARLY_INPUT_KEY, type HeldInput } from './earlyInput';
import { startLoader } from './loader';

/** A document whose current script is the inlined loader, as the host writes it. */
function pageWithLoader(readyState: DocumentReadyState, start?: 'now', preload?: string) {
  document.body.innerHTML = '<div id="root"><img id="logo" src="/logo.svg" alt=""><button id="add">Add to cart</button></div>';
  document.head.innerHTML = '';
  const script = document.createElement('script');
  script.dataset.main = '/shell/v1/main.abc.js';
  if (start) script.dataset.start = start;
  if (preload) script.dataset.preload = preload;
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
}

afterEach(() => {
  delete (document as unknown as Record<string, unknown>).currentScript;
  delete (document as unknown as Record<string, unknown>).readyState;
  delete (window as unknown as Record<string, unknown>)[EARLY_INPUT_KEY];
});

const mainScripts = () => [...document.querySelectorAll('script')].map((s) => s.getAttribute('src')).filter(Boolean);

describe('the server-rendered page loader', () => {
  it('starts main.js only after the page has loaded and painted, holding taps from the start', () => {
    jest.useFakeTimers();
    pageWithLoader('interactive');
    startLoader();
    expect(mainScripts()).toEqual([]);
    const held = (window as unknown as Record<string, HeldInput | undefined>)[EARLY_INPUT_KEY];
    expect(held).toBeDefined();
    const clicks: string[] = [];
    document.addEventListener('click', (e) => clicks.push((e.target as Element).id));
    document.getElementById('add')!.click();
    expect(clicks).toEqual([]);

    window.dispatchEvent(new Event('load'));
    expect(mainScripts()).toEqual([]);
    jest.runAllTimers();
    jest.useRealTimers();
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
    held?.release();
    expect(clicks).toEqual(['add']);
  });

  it("starts a personal page's scripts once its pictures are in and painted, before the page's load, holding taps", () => {
    jest.useFakeTimers();
    try {
      pageWithLoader('interactive', 'now', '/shell/v1/framework.js /remotes/cart-checkout/v2/mf-manifest.json');
      const logo = document.getElementById('logo') as HTMLImageElement;
      Object.defineProperty(logo, 'complete', { configurable: true, get: () => false });
      startLoader();
      expect((window as unknown as Record<string, HeldInput | undefined>)[EARLY_INPUT_KEY]).toBeDefined();
      const preloads = () =>
        [...document.head.querySelectorAll('link[rel=preload]')].map((l) => [l.getAttribute('as'), l.getAttribute('href')]);
      jest.runAllTimers();
      expect({ main: mainScripts(), preloads: preloads() }).toEqual({ main: [], preloads: [] });

      logo.dispatchEvent(new Event('load'));
      expect(mainScripts()).toEqual([]);
      jest.runAllTimers();
      expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
      expect(preloads()).toEqual([
        ['script', '/shell/v1/framework.js'],
        ['fetch', '/remotes/cart-checkout/v2/mf-manifest.json'],
      ]);
      expect(document.head.querySelector('link[as=fetch]')?.getAttribute('crossorigin')).toBe('anonymous');
    } finally {
      jest.useRealTimers();
    }
  });

  it("starts a personal page's scripts when the browser reports the pictures' paint, not before", () => {
    jest.useFakeTimers();
    const observers: { cb: (list: { getEntries(): { startTime: number }[] }) => void; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      entry: (typeof observers)[number];
      constructor(cb: (typeof observers)[number]['cb']) {
        this.entry = { cb, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const w = window as unknown as { PerformanceObserver: unknown };
    const real = w.PerformanceObserver;
    w.PerformanceObserver = FakeObserver;
    const restore: (() => unknown)[] = [];
    try {
      pageWithLoader('interactive', 'now');
      const logo = document.getElementById('logo') as HTMLImageElement;
      Object.defineProperty(logo, 'complete', { configurable: true, get: () => false });
      const loadedAt = 1000;
      // The logo arrived at 1,000 ms (Resource Timing), another picture before it.
      const pictures = [
        { initiatorType: 'img', responseEnd: loadedAt - 300 },
        { initiatorType: 'img', responseEnd: loadedAt },
      ];
      const entries = Object.getOwnPropertyDescriptor(performance, 'getEntriesByType');
      Object.defineProperty(performance, 'getEntriesByType', {
        configurable: true,
        value: (type: string) => (type === 'resource' ? pictures : []),
      });
      restore.push(() =>
        entries
          ? Object.defineProperty(performance, 'getEntriesByType', entries)
          : delete (performance as never as Record<string, unknown>).getEntriesByType,
      );
      startLoader();
      logo.dispatchEvent(new Event('load'));
      // Two frames later, the paint not yet reported: still waiting.
      jest.advanceTimersByTime(40);
      expect(mainScripts()).toEqual([]);
      // A largest paint from before the last picture arrived does not count; the logo's does.
      observers[0]!.cb({ getEntries: () => [{ startTime: loadedAt - 200 }] });
      expect(mainScripts()).toEqual([]);
      observers[0]!.cb({ getEntries: () => [{ startTime: loadedAt + 5 }] });
      expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
      expect(observers[0]!.disconnected).toBe(true);
      // Once only.
      jest.runAllTimers();
      expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
    } finally {
      w.PerformanceObserver = real;
      for (const r of restore) r();
      jest.useRealTimers();
    }
  });

  it('starts them anyway when no later largest paint is reported', () => {
    jest.useFakeTimers();
    const w = window as unknown as { PerformanceObserver: unknown };
    const real = w.PerformanceObserver;
    w.PerformanceObserver = class {
      static supportedEntryTypes = ['largest-contentful-paint'];
      observe() {}
      disconnect() {}
    };
    try {
      pageWithLoader('interactive', 'now');
      // The pictures were in already: no paint of theirs will be reported after this.
      Object.defineProperty(document.getElementById('logo'), 'complete', { configurable: true, get: () => true });
      startLoader();
      jest.advanceTimersByTime(40);
      expect(mainScripts()).toEqual([]);
      jest.advanceTimersByTime(200);
      expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
    } finally {
      w.PerformanceObserver = real;
      jest.useRealTimers();
    }
  });

  it('finds itself without currentScript, as an inline module script', () => {
    jest.useFakeTimers();
    pageWithLoader('interactive');
    const script = document.currentScript as HTMLScriptElement;
    document.body.appendChild(script);
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
    startLoader();
    window.dispatchEvent(new Event('load'));
    jest.runAllTimers();
    jest.useRealTimers();
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
  });

  it('starts main.js at once when the page has loaded already', () => {
    pageWithLoader('complete');
    startLoader();
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
  });
});
