import { EARLY_INPUT_KEY, type HeldInput } from './earlyInput';
import { startLoader } from './loader';

/** A document whose current script is the inlined loader, as the host writes it. */
function pageWithLoader(readyState: DocumentReadyState, start?: 'now') {
  document.body.innerHTML = '<div id="root"><button id="add">Add to cart</button></div>';
  const script = document.createElement('script');
  script.dataset.main = '/shell/v1/main.abc.js';
  if (start) script.dataset.start = start;
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

  it("starts main.js at once on a personal page, before the page's load, still holding taps", () => {
    pageWithLoader('interactive', 'now');
    startLoader();
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
    expect((window as unknown as Record<string, HeldInput | undefined>)[EARLY_INPUT_KEY]).toBeDefined();
  });

  it('starts main.js at once when the page has loaded already', () => {
    pageWithLoader('complete');
    startLoader();
    expect(mainScripts()).toEqual(['/shell/v1/main.abc.js']);
  });
});
