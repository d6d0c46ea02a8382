import { expect, type Page } from '@playwright/test';
import { test, type World } from './support/world';

/**
 * Layout shift on the pages a buying shopper lands on (issue 19: CLS ≤ 0.01). Each page is opened
 * fresh at a phone's size with a PerformanceObserver for 'layout-shift' installed before any script
 * runs; once the page is hydrated, its requests have settled and its pictures are decoded, the shifts
 * not caused by input are added up. The sum of every shift is at least Chrome's CLS (which counts the
 * worst session window only), so the bound is a strict one.
 */

const VIEWPORT = { width: 412, height: 823 };
const MAX_SHIFT = 0.01;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Opens `url` as the signed-in customer and answers the layout shifts it made while loading. */
async function shiftsOf(page: Page, url: string): Promise<Shift[]> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const cls = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${cls} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null }[];
      })[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Every picture in view decoded, then two frames for the layout that follows them.
  await page.evaluate(async () => {
    await Promise.all(
      [...document.images]
        .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight)
        .map((img) => img.decode().catch(() => undefined)),
    );
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  return page.evaluate(() => window.__shifts ?? []);
}

const PAGES: { name: string; url: (w: World) => string }[] = [
  { name: '/order-success', url: (w) => `/order-success?orders=${encodeURIComponent(w.orderNumber)}` },
  { name: '/order-failure', url: (w) => `/order-failure?orders=${encodeURIComponent(w.orderNumber)}` },
  { name: '/payment', url: (w) => `/payment${w.paymentQuery}` },
  { name: '/checkout', url: () => '/checkout' },
  { name: '/cart', url: () => '/cart' },
];

for (const { name, url } of PAGES) {
  test(`${name} does not shift while its data and pictures arrive`, async ({ browser, world }) => {
    const context = await browser.newContext({ viewport: VIEWPORT, storageState: world.customerState, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const shifts = await shiftsOf(page, url(world));
    await context.close();
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(
      total,
      `layout shifts on ${name}:\n${shifts.map((s) => `${s.value.toFixed(4)} ${s.sources.join(' | ')}`).join('\n')}`,
    ).toBeLessThanOrEqual(MAX_SHIFT);
  });
}
