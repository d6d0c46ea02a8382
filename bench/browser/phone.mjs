// A page as a 412-px phone loads it (DPR 1.75, Lighthouse's; issue 20): its pictures, their bytes before
// the LCP and in all, which element the LCP is, and any picture not sent as AVIF or WebP.
import { PHONE } from './conditions.mjs';
import { loadQuietly, withState } from './timeline.mjs';

/** Runs in the page before its scripts: records the LCP's time, element and picture. */
function watchLcp() {
  const w = window;
  w.__bench = { lcp: 0, element: '', url: '' };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      w.__bench.lcp = e.startTime;
      const el = e.element;
      w.__bench.element = el
        ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`
        : '';
      w.__bench.url = e.url || '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Runs in the page once it is quiet: its pictures, whoever asked for them (an <img>, a preload, a stylesheet). */
function readPictures() {
  const w = window;
  const lcp = w.__bench.lcp;
  const images = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'img' || /\/api\/images\//.test(r.name));
  const bytes = (list) => list.reduce((s, r) => s + (r.transferSize || r.encodedBodySize), 0);
  return {
    lcp,
    lcpElement: w.__bench.element,
    lcpUrl: w.__bench.url.replace(location.origin, ''),
    imageRequests: images.length,
    imageBytesBefore: bytes(images.filter((r) => r.responseEnd <= lcp)),
    imageBytes: bytes(images),
  };
}

export async function phoneRun(browser, url, state) {
  const context = await browser.newContext({ ...PHONE });
  await withState(context, state);
  const page = await context.newPage();
  const types = new Map();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'image' && !r.url().startsWith('data:')) types.set(r.url(), r.headers()['content-type'] ?? '');
  });
  await page.addInitScript(watchLcp);
  await loadQuietly(page, url);
  const m = await page.evaluate(readPictures);
  await context.close();
  const notModern = [...types].filter(([u, t]) => /\/api\/images\/[0-9a-f]{16}-/.test(u) && !/^image\/(avif|webp)/.test(t)).length;
  return { ...m, notModern };
}
