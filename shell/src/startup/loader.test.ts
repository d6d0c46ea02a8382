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
  it('starts main.js only after the page has loaded, holding taps from the start', () => {
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

  it('finds itself without currentScript, as an inline module script', () => {
    pageWithLoader('interactive');
    const script = document.currentScript as HTMLScriptElement;
    document.body.appendChild(script);
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
    startLoader();
    window.dispatchEvent(new Event('load'));
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
  });

  it('starts main.js at once when the page has loaded already', () => {
    pageWithLoader('complete');
    startLoader();
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
  });
});
