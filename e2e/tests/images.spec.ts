import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Catalogue photos (issue 20): the largest picture of home, shop and product is asked for once (the
 * server render's preload and the <img> agree on one file), at a width that fits how big it is shown
 * (no more than 1.5× too large or too small), on a phone and on a desktop; every picture comes as AVIF
 * or WebP; it is painted in its colour before it arrives and nothing moves when it does.
 */

const API_HEADERS = { 'x-api-key': 'dev-storefront-key' };
const PICTURE = /\/api\/images\/([0-9a-f]{16}-\d+x\d+-[0-9a-f]{6})\?w=(\d+)/;

const SCREENS = [
  { name: 'a 412-px phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  { name: 'a 1440-px desktop', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false },
];

interface Seen {
  url: string;
  id: string;
  width: number;
  contentType: string;
}

async function open(
  browser: Browser,
  screen: (typeof SCREENS)[number],
  path: string,
): Promise<{ page: Page; seen: Seen[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: screen.viewport,
    screen: screen.viewport,
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
  });
  const page = await context.newPage();
  const seen: Seen[] = [];
  page.on('response', (res) => {
    const m = PICTURE.exec(res.url());
    if (m) seen.push({ url: res.url(), id: m[1] as string, width: Number(m[2]), contentType: res.headers()['content-type'] ?? '' });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { page, seen, close: () => context.close() };
}

/**
 * The picture shown largest in the first screen: its id, the file the browser shows, its box in device
 * pixels, and the files other <img> elements show (a product's first thumbnail is its cover, small).
 */
async function largestPicture(page: Page): Promise<{ id: string; shownWidth: number; src: string; others: string[] }> {
  const found = await page.evaluate(() => {
    let best: { src: string; area: number; width: number } | null = null;
    const all: string[] = [];
    for (const img of Array.from(document.querySelectorAll('img'))) {
      const src = img.currentSrc || img.src;
      if (!/\/api\/images\/[0-9a-f]{16}-/.test(src)) continue;
      all.push(src);
      const r = img.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
      const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      if (!best || w * h > best.area) best = { src, area: w * h, width: r.width * devicePixelRatio };
    }
    return best ? { ...best, others: all.filter((s) => s !== best?.src) } : null;
  });
  expect(found, 'a picture in the first screen').not.toBeNull();
  const m = PICTURE.exec(found!.src);
  expect(m, `${found!.src} is a picture URL`).not.toBeNull();
  return { id: m![1] as string, shownWidth: found!.width, src: found!.src, others: found!.others };
}

let productPath = '';

test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/new-arrivals', { headers: API_HEADERS });
  const body = (await res.json()) as { data: { data: { slug: string }[] } };
  productPath = `/products/${body.data.data[0]?.slug ?? ''}`;
});

for (const screen of SCREENS) {
  for (const [label, path] of [
    ['home', () => '/'],
    ['shop', () => '/shop'],
    ['product', () => productPath],
  ] as const) {
    test(`${label} on ${screen.name}: the largest picture is asked for once, at a width that fits it, as AVIF`, async ({ browser }) => {
      const { page, seen, close } = await open(browser, screen, path());
      try {
        const largest = await largestPicture(page);
        // Every file of this picture the page fetched, less those other (smaller) <img>s show.
        const files = [...new Set(seen.filter((s) => s.id === largest.id && !largest.others.includes(s.url)).map((s) => s.url))];
        expect(files, 'one file of the largest picture: the one it shows').toEqual([largest.src]);
        const requests = seen.filter((s) => s.url === largest.src);
        const asked = requests[0]!.width;
        expect(asked, `asked ${asked} px for ${Math.round(largest.shownWidth)} device px`).toBeGreaterThanOrEqual(largest.shownWidth / 1.5);
        expect(asked).toBeLessThanOrEqual(largest.shownWidth * 1.5);
        expect(requests[0]!.contentType).toBe('image/avif');
        // Every picture of the page: AVIF or WebP, never the JPEG original.
        expect(seen.filter((s) => !/^image\/(avif|webp)/.test(s.contentType)).map((s) => s.url)).toEqual([]);
      } finally {
        await close();
      }
    });
  }
}

test('the server-rendered page preloads its largest picture in <head>, with the srcset and sizes of its <img>', async ({ request }) => {
  for (const path of ['/', productPath]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = /<link rel="preload"[^>]*as="image"[^>]*imagesrcset[^>]*>/i.exec(head)?.[0] ?? '';
    expect(preload, `${path}: an image preload in <head>`).not.toBe('');
    expect(preload).toMatch(/fetchpriority="high"/i);
    const srcset = /imagesrcset="([^"]+)"/i.exec(preload)?.[1];
    expect(srcset).toMatch(/\/api\/images\/[0-9a-f]{16}-/);
    const img = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? '';
    expect(img, `${path}: a high-priority <img>`).not.toBe('');
    expect(/srcset="([^"]+)"/i.exec(img)?.[1]).toBe(srcset);
    expect(/\ssizes="([^"]+)"/i.exec(img)?.[1]).toBe(/imagesizes="([^"]+)"/i.exec(preload)?.[1]);
  }
});

test('pictures are painted in their colour until they arrive, in boxes of their final size (no layout shift)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  // Hold every picture back: what the shopper sees before the photos arrive.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(PICTURE, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) (window as unknown as { __shift: number }).__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/shop', { waitUntil: 'domcontentloaded' });
  const first = page.locator('.cat-card__image').first();
  await expect(first).toBeVisible();
  const colour = await first.evaluate((img) => getComputedStyle(img).backgroundColor);
  expect(colour).not.toBe('rgba(0, 0, 0, 0)');
  const before = await first.boundingBox();
  release();
  await expect
    .poll(() => first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
    .toBe(true);
  expect(await first.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.01);
  await context.close();
});
