import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Catalog journeys on the composed site against the real API server and its seeded catalogue: browse
 * from the home page to a category and a product and add it to the cart; shop filters that live in the
 * URL (reload, back, pages); search from the URL; an unknown product. Each test starts with a fresh
 * browser context, so its cart is its own.
 */

const shop = (page: Page) => page.locator('[data-remote="catalog"][data-module="Shop"]');
const productList = (page: Page) => shop(page).getByRole('list', { name: 'Products' });

/** The names on the shop grid once the list for the current URL is in (not the previous one, dimmed). */
async function shownNames(page: Page): Promise<string[]> {
  await expect(productList(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(shop(page).getByText(/^(Showing \d+–\d+ of \d+ products?|No products)$/)).toBeVisible();
  return productList(page).getByRole('heading', { level: 2 }).allTextContents();
}

/** Prices shown on the grid's cards, in rupees. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await productList(page).locator('.sf-price__value').allTextContents();
  return texts.map((t) => Number(t.replace(/[₹,]/g, '')));
}

test('browse: home → category → product → pick a size → add to cart, and the header count changes', async ({ page }) => {
  await page.goto('/');
  const home = page.locator('[data-remote="catalog"][data-module="Home"]');
  // The first banner is there as a plain image before any carousel script.
  await expect(home.getByRole('img').first()).toBeVisible();
  await expect(home.getByRole('heading', { level: 2, name: 'New Arrivals' })).toBeVisible();
  await expect(home.getByRole('list', { name: 'New arrivals' }).getByRole('listitem').first()).toBeVisible();

  await home.getByRole('link', { name: 'T-Shirts', exact: true }).first().click();
  await expect(page).toHaveURL(/\/shop\?categories=t-shirts$/);
  await expect(shop(page).getByRole('heading', { level: 1, name: 'T-Shirts' })).toBeVisible();
  const names = await shownNames(page);
  expect(names.length).toBeGreaterThan(0);

  // The first product that is in stock.
  const card = productList(page)
    .getByRole('listitem')
    .filter({ hasNot: page.getByText('Out of stock', { exact: true }) })
    .first();
  const name = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/products\/[^/?]+$/);
  const product = page.locator('[data-remote="catalog"][data-module="Product"]');
  await expect(product.getByRole('heading', { level: 1, name })).toBeVisible();

  // Pick a size other than the preselected one when there is one: the URL carries it.
  const sizes = product.getByRole('group', { name: 'Size' }).getByRole('radio');
  const count = await sizes.count();
  let chosen = '';
  for (let i = 0; i < count; i++) {
    const radio = sizes.nth(i);
    if ((await radio.isEnabled()) && !(await radio.isChecked())) {
      chosen = (await radio.getAttribute('aria-label')) ?? (await radio.locator('xpath=..').innerText()).trim();
      // A click, then the state: the size shows as the shopper's choice (React's optimistic value) at once
      // or with the navigation that writes it into the URL, not necessarily by the end of the click.
      await radio.click({ force: true });
      await expect(radio).toBeChecked();
      break;
    }
  }
  if (chosen) await expect(page).toHaveURL(new RegExp(`[?&]variant=${encodeURIComponent(chosen).replace(/%20/g, '(\\+|%20)')}`));

  const before = Number(await page.getByTestId('cart-count').textContent());
  await product.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added successfully in cart.').first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText(String(before + 1));

  // A reload keeps the chosen size and the cart (saved state).
  await page.reload();
  await expect(product.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText(String(before + 1));
  if (chosen) await expect(product.getByRole('radio', { name: chosen })).toBeChecked();
});

test('shop filters live in the URL: reload and back reproduce the list; a filter goes back to page 1', async ({ page }) => {
  await page.goto('/shop');
  const all = await shownNames(page);
  expect(all).toHaveLength(12);
  await expect(shop(page).getByRole('navigation', { name: 'Pagination' })).toBeVisible();

  // Page 2 of everything.
  await shop(page).getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  // The URL changes in the router's transition before the list starts loading: wait for page 2's own count.
  await expect(shop(page).getByText(/^Showing 13–24 of \d+ products$/)).toBeVisible();
  const second = await shownNames(page);
  expect(second).not.toEqual(all);

  // A category: back to page 1.
  // The box is drawn from the URL, which the router updates in a transition: click, then wait for it.
  await shop(page).getByRole('checkbox', { name: 'T-Shirts' }).click();
  await expect(shop(page).getByRole('checkbox', { name: 'T-Shirts' })).toBeChecked();
  await expect(page).toHaveURL(/\/shop\?categories=t-shirts$/);
  await shownNames(page);

  // Size, availability, price and sort.
  const size = shop(page).getByLabel('Size', { exact: true });
  await expect(size.locator('option')).not.toHaveCount(1);
  // Each change lands in the URL; the next one waits for its list (the page's height changes with it).
  await size.selectOption('M');
  await expect(page).toHaveURL(/[?&]size=M(&|$)/);
  await shownNames(page);
  await shop(page).getByRole('checkbox', { name: 'In stock' }).click();
  await expect(shop(page).getByRole('checkbox', { name: 'In stock' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]in_stock=1(&|$)/);
  await shownNames(page);
  await shop(page).getByLabel('Maximum price').fill('1000');
  await shop(page).getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/[?&]max_price=1000(&|$)/);
  await shownNames(page);
  await shop(page).getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/[?&]sort_by=price_asc(&|$)/);
  const filteredUrl = page.url();
  const filtered = await shownNames(page);
  expect(filtered.length).toBeGreaterThan(0);
  const prices = await shownPrices(page);
  expect(prices.every((p) => p <= 1000)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  // Reload: the same list and the same controls.
  await page.reload();
  expect(await shownNames(page)).toEqual(filtered);
  await expect(shop(page).getByRole('checkbox', { name: 'T-Shirts' })).toBeChecked();
  await expect(shop(page).getByLabel('Size', { exact: true })).toHaveValue('M');
  await expect(shop(page).getByRole('checkbox', { name: 'In stock' })).toBeChecked();
  await expect(shop(page).getByLabel('Maximum price')).toHaveValue('1000');
  await expect(shop(page).getByLabel('Sort by')).toHaveValue('price_asc');

  // Back through the history: the sort goes, then the price.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort_by=/);
  await expect(shop(page).getByLabel('Sort by')).toHaveValue('newest');
  await page.goBack();
  await expect(page).not.toHaveURL(/max_price=/);
  await expect(shop(page).getByLabel('Maximum price')).toHaveValue('');
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(filteredUrl);
  expect(await shownNames(page)).toEqual(filtered);

  // Back to the very first page of everything.
  for (let i = 0; i < 5; i++) await page.goBack();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  expect(await shownNames(page)).toEqual(second);
});

test('shop controls used before the last change has landed build on it: a page link keeps the sort, a filter keeps the price', async ({
  page,
}) => {
  // A quick second tap on a slow phone is handled before the router has committed the first tap's
  // navigation (and before React has drawn it): here both inputs go in one task, so every run is that case.
  const twoInputs = (first: string, second: string) =>
    page.evaluate(
      ({ a, b }) => {
        const root = document.querySelector('[data-remote="catalog"][data-module="Shop"]')!;
        const act = (what: string) => {
          if (what === 'sort') {
            const sort = root.querySelector<HTMLSelectElement>('.cat-shop__sort select')!;
            sort.value = 'price_desc';
            sort.dispatchEvent(new Event('change', { bubbles: true }));
          } else if (what === 'page 2') root.querySelector<HTMLAnchorElement>('a[aria-label="Page 2"]')!.click();
          else if (what === 'apply price') [...root.querySelectorAll('button')].find((x) => x.textContent === 'Apply price')!.click();
          else
            [...root.querySelectorAll('label')]
              .find((l) => l.textContent === what)!
              .querySelector('input')!
              .click();
        };
        act(a);
        act(b);
      },
      { a: first, b: second },
    );

  await page.goto('/shop');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await shownNames(page);
  await twoInputs('sort', 'page 2');
  await expect(page).toHaveURL(/\/shop\?sort_by=price_desc&page=2$/);
  await expect(shop(page).getByText(/^Showing 13–24 of \d+ products$/)).toBeVisible();

  await page.goto('/shop?categories=t-shirts');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await shownNames(page);
  await shop(page).getByLabel('Maximum price').fill('1000');
  await twoInputs('apply price', 'In stock');
  await expect(page).toHaveURL(/\/shop\?categories=t-shirts&max_price=1000&in_stock=1$/);
  await expect(shop(page).getByRole('checkbox', { name: 'In stock' })).toBeChecked();
  await expect(shop(page).getByLabel('Maximum price')).toHaveValue('1000');
});

test('search from the header lands on the matching results; the URL alone does too; an empty search says so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Search products' }).click();
  await page.getByPlaceholder('Search for products, brands, categories...').fill('kurta');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=kurta$/);
  await expect(shop(page).getByRole('heading', { level: 1, name: 'Search results for “kurta”' })).toBeVisible();
  const fromHeader = await shownNames(page);

  // The same URL on its own (shared, reloaded) gives the same results.
  await page.goto('/shop?search=kurta');
  await expect(shop(page).getByRole('heading', { level: 1, name: 'Search results for “kurta”' })).toBeVisible();
  const names = await shownNames(page);
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((n) => /kurta/i.test(n))).toBe(true);
  expect(names).toEqual(fromHeader);
  await expect(shop(page).getByRole('searchbox', { name: 'Search products' })).toHaveValue('kurta');

  // A new search from the page's own box: two words. Since issue 36 the name and category weigh most and
  // the description counts too: the belts whose names say both words come first, then belts described
  // as leather; nothing but belts.
  await shop(page).getByRole('searchbox', { name: 'Search products' }).fill('leather belt');
  await shop(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/shop\?search=leather\+belt$/);
  await expect(shop(page).getByRole('heading', { level: 1, name: 'Search results for “leather belt”' })).toBeVisible();
  const belts = await shownNames(page);
  expect(belts.length).toBeGreaterThan(0);
  expect(belts.every((n) => /belt/i.test(n))).toBe(true);
  const named = belts.map((n) => /leather belt/i.test(n));
  expect(named[0]).toBe(true);
  expect(named.indexOf(false) === -1 || named.lastIndexOf(true) < named.indexOf(false)).toBe(true);

  await page.goto('/shop?search=zzqqxx');
  await expect(shop(page).getByText('No products found for “zzqqxx”.')).toBeVisible();
  await shop(page).getByRole('link', { name: 'Browse all products' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  expect(await shownNames(page)).toHaveLength(12);
});

test('categories page links to the shop; an unknown product goes to not-found', async ({ page }) => {
  await page.goto('/categories');
  const list = page.locator('[data-remote="catalog"][data-module="Categories"]').getByRole('list', { name: 'Categories' });
  await expect(list.getByRole('link')).not.toHaveCount(0);
  await list.getByRole('link', { name: 'Denims' }).click();
  await expect(page).toHaveURL(/\/shop\?categories=denims$/);
  await expect(shop(page).getByRole('heading', { level: 1, name: 'Denims' })).toBeVisible();

  await page.goto('/products/no-such-product-anywhere');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
});

for (const [name, path, module] of [
  ['home', '/', 'Home'],
  ['shop', '/shop?categories=t-shirts', 'Shop'],
  ['search', '/shop?search=watch', 'Shop'],
  ['categories', '/categories', 'Categories'],
  ['about', '/about', 'About'],
] as const) {
  test(`axe: the catalog's ${name} page has no serious or critical violations, one h1, at phone width too`, async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      const section = page.locator(`[data-remote="catalog"][data-module="${module}"]`);
      await expect(section.getByRole('heading', { level: 1 })).toHaveCount(1);
      // Wait for the data, not the skeletons.
      await expect(section.getByRole('status')).toHaveCount(0);
      const result = await new AxeBuilder({ page })
        .include(`[data-remote="catalog"]`)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
}

test('axe: a product page has no serious or critical violations', async ({ page, request }) => {
  const res = await request.post('/api/get-products?page=1', {
    headers: { 'x-api-key': 'dev-storefront-key' },
    multipart: { in_stock: '1' },
  });
  const slug = ((await res.json()) as { data: { products: { slug: string }[] } }).data.products[0]!.slug;
  await page.goto(`/products/${slug}`);
  const section = page.locator('[data-remote="catalog"][data-module="Product"]');
  await expect(section.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  const result = await new AxeBuilder({ page })
    .include('[data-remote="catalog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
});

/**
 * Holds back Swiper's chunk (the one script that carries Swiper's core) until `release()`, and says
 * whether the page asked for it and how far the page had loaded then.
 */
async function holdSwiper(page: Page) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { requested: false, readyState: '' };
  await page.route(/\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.includes('Swiper Loop Warning')) {
      state.requested = true;
      state.readyState = await page.evaluate(() => document.readyState).catch(() => 'unknown');
      await held;
    }
    await route.fulfill({ response, body });
  });
  return { release, state };
}

test('spec §9: the category carousel shows 8 slides on a wide screen, laid out by the markup where Swiper keeps them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' }); // no autoplay between the two readings
  const swiper = await holdSwiper(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const carousel = page.locator('[data-remote="catalog"]').getByRole('region', { name: 'Categories' });
  const frame = carousel.locator('.sf-carousel__frame');
  await expect(frame.getByRole('group', { name: /^1 of \d+$/ })).toBeVisible();
  // Each slide's place and width in the frame, and how much of it shows.
  const boxes = () =>
    frame.evaluate((f) => {
      const box = f.getBoundingClientRect();
      return Array.from(f.querySelectorAll('[aria-roledescription="slide"]'))
        .map((s) => ({ s, r: s.getBoundingClientRect() }))
        .filter(({ r }) => r.right > box.left + 1 && r.left < box.right - 1)
        .map(({ s, r }) => `${s.getAttribute('aria-label')} at ${(r.left - box.left).toFixed(1)} width ${r.width.toFixed(1)}`);
    });
  const before = await boxes();
  await expect(frame).not.toHaveClass(/swiper-initialized/);
  expect(before).toHaveLength(8);
  expect(before[0]).toMatch(/^1 of \d+ at 0\.0 /);

  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        (window as { __carouselShift?: number }).__carouselShift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            (window as { __carouselShift?: number }).__carouselShift! += e.value;
          }
        }).observe({ type: 'layout-shift' });
        resolve();
      }),
  );
  swiper.release();
  await expect(frame).toHaveClass(/swiper-initialized/);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await boxes()).toEqual(before);
  expect(await page.evaluate(() => (window as { __carouselShift?: number }).__carouselShift)).toBe(0);
  // The slides out of view are out of the tab order; the ones in view are not.
  const inert = await frame.evaluate((f) => Array.from(f.querySelectorAll('[aria-roledescription="slide"][inert]')).length);
  const slides = await frame.getByRole('group').count();
  expect(inert).toBe(slides - 8);
});

test('Swiper is loaded only where a carousel is shown, and after the page has loaded', async ({ page }) => {
  const swiper = await holdSwiper(page);
  swiper.release();
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  expect(swiper.state.requested).toBe(false);
  await page.goto('/');
  await expect(page.locator('.sf-carousel__frame.swiper-initialized').first()).toBeAttached();
  expect(swiper.state).toEqual({ requested: true, readyState: 'complete' });
});
