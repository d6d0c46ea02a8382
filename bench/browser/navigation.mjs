// Client navigations as a shopper makes them (issue 19): the page is loaded and hydrated, then a link is
// clicked and the time until the next page's own content is visible is read from the page's clock.
// Called by `pnpm bench` with the site running; prints JSON on stdout's last line.
//   node bench/browser/navigation.mjs --upstream http://127.0.0.1:<host port> [--listen <site port>] --runs 5 [--cpu 4]
// Each navigation is measured twice per run: clicked at once ("cold": nothing hovered first, as a tap on a
// link that just scrolled into view), and after the pointer rested on the link ("hover", as a mouse does).
// With --cpu N Chromium's CPU is slowed N× (DevTools throttling) for the clicks.
import { chromium } from 'playwright-core';
import { cliArgs } from '../lib/args.mjs';
import { median } from '../lib/stats.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chrome.mjs';
import { throttle } from './conditions.mjs';
import { siteFromArgs } from './siteProxy.mjs';

const args = cliArgs();
const site = await siteFromArgs(args);
const SITE = site.origin;
const RUNS = Number(args.runs ?? 5);
const CPU = Number(args.cpu ?? 1);
const CHROMIUM = CHROMIUM_PATH;
const FLAGS = [...CHROMIUM_FLAGS, '--disable-dev-shm-usage'];

/**
 * Each journey: where it starts, which link is clicked, and what shows that the next page is there.
 * `ready` runs in the page and turns true once the destination's own content is there: the old page stays
 * in the document during a navigation held in a transition, so it looks inside the new page's section.
 */
const addToCart = async (page) => {
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page
    .locator('header [data-testid="cart-count"]')
    .first()
    .filter({ hasText: /^[1-9]/ })
    .waitFor();
};
const JOURNEYS = [
  {
    name: 'home → product',
    start: '/',
    link: (page) => page.locator('main a[href^="/products/"]').first(),
    ready: () => !!document.querySelector('[data-module="Product"] h1')?.textContent?.trim(),
  },
  {
    name: 'shop → product',
    start: '/shop',
    link: (page) => page.locator('main a[href^="/products/"]').first(),
    ready: () => !!document.querySelector('[data-module="Product"] h1')?.textContent?.trim(),
  },
  {
    name: 'product → cart',
    start: 'product',
    prepare: async (page) => {
      await addToCart(page);
      await page
        .locator('header')
        .first()
        .getByRole('button', { name: /^Cart, \d+ items?$/ })
        .click();
    },
    link: (page) => page.getByRole('dialog', { name: /^Cart\(\d+\)$/ }).getByRole('link', { name: 'View Cart' }),
    ready: () => !!document.querySelector('[data-module="Cart"] h1'),
  },
  {
    name: 'cart → checkout',
    start: 'product',
    prepare: async (page) => {
      await addToCart(page);
      await page.goto(`${SITE}/cart`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
    },
    link: (page) => page.locator('[data-module="Cart"] a[href="/checkout"]').first(),
    ready: () => !!document.querySelector('[data-module="Checkout"] h1'),
  },
];

async function firstProductPath(page) {
  await page.goto(`${SITE}/`, { waitUntil: 'load' });
  return page.locator('main a[href^="/products/"]').first().getAttribute('href');
}

/** Loads `start`, waits for hydration and quiet, clicks `link`; returns ms from the click to `ready`. */
async function measure(browser, journey, productPath, hover) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    const start = journey.start === 'product' ? productPath : journey.start;
    await page.goto(`${SITE}${start}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated], #root > *', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (journey.prepare) await journey.prepare(page);
    const link = journey.link(page);
    await link.scrollIntoViewIfNeeded();
    const cdp = CPU > 1 ? await throttle(context, page, { cpu: CPU }) : null;
    if (hover) {
      await link.hover();
      await page.waitForTimeout(150);
    }
    // Click and poll for the destination inside the page, on its own clock, every animation frame.
    const handle = await link.elementHandle();
    const elapsed = await page.evaluate(
      ({ el, ready }) =>
        new Promise((resolve) => {
          const test = new Function(`return (${ready})()`);
          const t0 = performance.now();
          el.click();
          const tick = () =>
            test() ? resolve(performance.now() - t0) : performance.now() - t0 > 10_000 ? resolve(null) : requestAnimationFrame(tick);
          requestAnimationFrame(tick);
        }),
      { el: handle, ready: journey.ready.toString() },
    );
    if (cdp) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return elapsed;
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const results = {};
try {
  const productPath = (await firstProductPath(await browser.newPage())) ?? '/products/classic-cotton-t-shirt';
  for (const journey of JOURNEYS) {
    const cold = [];
    const hovered = [];
    for (let i = 0; i < RUNS; i++) {
      cold.push(await measure(browser, journey, productPath, false));
      hovered.push(await measure(browser, journey, productPath, true));
    }
    results[journey.name] = { cold: median(cold), hover: median(hovered), coldRuns: cold, hoverRuns: hovered };
    process.stderr.write(
      `${journey.name}: cold ${Math.round(median(cold) ?? NaN)} ms, after hover ${Math.round(median(hovered) ?? NaN)} ms\n`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
console.log(JSON.stringify({ cpu: CPU, runs: RUNS, navigations: results }));
