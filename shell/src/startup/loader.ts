/**
 * The loader of a server-rendered page (issue 8), built on its own as `ssr-loader.js` (no React, no
 * Module Federation: under 3 KB) and inlined by the host in place of the shell's `<script defer
 * src=main.js>` — with its hash in the page's Content-Security-Policy.
 *
 * The page is on screen before any script. A public page's pictures (the banner is the largest paint)
 * get the network to themselves: the shell's scripts start at `load`, once that paint is reported. A
 * personal page (the host marks it `data-start="now"`) starts them, with the start-up files the host
 * names in `data-preload`, as soon as the page's pictures are painted. Until the
 * page has hydrated, the shopper's last tap on a control is held and replayed (earlyInput.ts).
 */
import { EARLY_INPUT_KEY, holdEarlyInput, type HeldInput } from './earlyInput';

export function startLoader(doc: Document = document, win: Window = window): void {
  // An inline module script (the host writes it `type="module" async`, so that it does not wait for the
  // page's stylesheets) has no currentScript: it is the one script naming main.js.
  const self = (doc.currentScript ?? doc.querySelector('script[data-main]')) as HTMLScriptElement | null;
  const main = self?.dataset.main;
  if (!main) return;
  (win as unknown as Record<string, HeldInput>)[EARLY_INPUT_KEY] = holdEarlyInput(doc);
  const load = () => {
    const script = doc.createElement('script');
    script.src = main;
    doc.body.appendChild(script);
  };
  // A personal page (cart, checkout, account) starts once its pictures are in and painted: what the
  // shopper came for is their own data, which only the scripts bring, and the header logo (its largest
  // paint) must not share the network with them. A public page's largest paint is in the HTML, its
  // pictures first: its scripts start at `load`. Either waits for the browser to report that paint.
  if (doc.readyState === 'complete') load();
  else if (self.dataset.start === 'now') {
    const preloads = (self.dataset.preload ?? '').split(' ').filter(Boolean);
    afterPictures(doc, () =>
      afterPaint(win, () => {
        load();
        preload(doc, preloads);
      }),
    );
  } else win.addEventListener('load', () => afterPaint(win, load), { once: true });
}

/** Preloads the start-up's files at low priority: scripts, and the remote's manifest (`.json`) as a fetch. */
function preload(doc: Document, urls: string[]): void {
  for (const url of urls) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.href = url;
    link.setAttribute('fetchpriority', 'low');
    // Attributes, not properties: `as` is not reflected everywhere.
    link.setAttribute('as', url.endsWith('.json') ? 'fetch' : 'script');
    if (url.endsWith('.json')) link.setAttribute('crossorigin', 'anonymous');
    doc.head.appendChild(link);
  }
}

/** How long past two frames a personal page waits to hear of the pictures' paint before starting anyway. */
const PAINT_REPORT_WAIT_MS = 100;

/** When the last picture the page has fetched so far arrived (0: none). */
function lastPictureArrival(win: Window): number {
  const pictures =
    win.performance.getEntriesByType?.('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'img') ?? [];
  return Math.max(0, ...pictures.map((e) => (e as PerformanceResourceTiming).responseEnd));
}

/**
 * Runs `then` once the browser has reported a largest paint made after the last picture arrived (the
 * pictures on screen): a request started before that moment shares the slow network with the largest
 * paint in Lighthouse's simulation, however close. A frame callback and a timer (or the `load` event)
 * did not always wait long enough on a page with more to lay out. Where no such paint comes (the
 * pictures were not the largest) or none is reported (no observer), two frames and a moment later.
 */
function afterPaint(win: Window, then: () => void): void {
  const since = lastPictureArrival(win);
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new Observer((list) => {
      if (list.getEntries().some((e) => e.startTime >= since)) go();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(go, observer ? PAINT_REPORT_WAIT_MS : 0)));
}

/** Runs `then` once every picture the page asks for at once has loaded (or failed); lazy ones are not waited for. */
function afterPictures(doc: Document, then: () => void): void {
  const check = () => {
    const pending = [...doc.images].filter((img) => !img.complete && img.loading !== 'lazy');
    let left = pending.length;
    if (left === 0) return then();
    const done = () => {
      left -= 1;
      if (left === 0) then();
    };
    for (const img of pending) {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    }
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', check, { once: true });
  else check();
}

startLoader();
