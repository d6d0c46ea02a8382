import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/signIn';

/**
 * The shell's chrome in the composed site against the real API server: header and footer at desktop
 * and phone widths, scroll behaviour, the header search, category menus and mega-menu with mouse and
 * keyboard, the mobile drawer, profile menu and logout, newsletter and contact form, the information
 * and not-found pages, and an axe-core scan. Each test makes its own customer where it needs one.
 */

/** Relative to the configured baseURL, so the suite runs on whatever port the site is served. */
const API = '/api';
const HEADERS = { 'x-api-key': 'dev-storefront-key' };
const PASSWORD = 'Secret@123';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 740 };

let seq = 0;
function unique(): { email: string; mobile: string } {
  seq += 1;
  const n = (Date.now() * 100 + seq * 13 + Math.floor(Math.random() * 97)) % 1_000_000_000;
  const tag = `${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e4)}`;
  return { email: `shell-${tag}@example.test`, mobile: `8${String(n).padStart(9, '0')}` };
}

async function registerCustomer(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const { email, mobile } = unique();
  const res = await request.post(`${API}/customer/register`, {
    headers: HEADERS,
    data: { firstName: 'Meera', lastName: 'Iyer', email, password: PASSWORD, mobile },
  });
  if (!res.ok()) throw new Error(`register: HTTP ${res.status()} ${await res.text()}`);
  return { email, password: PASSWORD };
}

interface StoreInfo {
  data: { storeinfo: Record<string, string>; sub_category_list: { name: string }[] };
}

async function storeInfo(request: APIRequestContext): Promise<StoreInfo['data']> {
  const res = await request.post(`${API}/store-info`, { headers: HEADERS });
  return ((await res.json()) as StoreInfo).data;
}

const banner = (page: Page) => page.getByRole('banner');

/**
 * Waits until the page's scripts run (a server-rendered page is on screen before). A tap made earlier
 * is held and replayed, but a pointer resting on a menu opens it only once there is a handler.
 */
async function interactive(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The page never scrolls sideways (360 px phones included). */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('home with header and footer; theme and store info applied', async ({ page, request }, info) => {
    const store = await storeInfo(request);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('[data-remote="catalog"]').locator('h1, h2').first()).toBeVisible();
    const name = store.storeinfo.store_name;
    if (name) await expect(page.getByRole('link', { name: `${name} home` })).toBeVisible();
    // Theme variables are on the document root, each background with its text colour.
    const vars = await page.evaluate(() => {
      const s = document.documentElement.style;
      return {
        button: s.getPropertyValue('--sf-button-bg'),
        buttonText: s.getPropertyValue('--sf-button-text'),
        font: s.getPropertyValue('--sf-font'),
      };
    });
    expect(vars.button).toMatch(/^#/);
    expect(['#111111', '#ffffff']).toContain(vars.buttonText);
    expect(vars.font).toContain('sans-serif');
    // Footer: information links, mailto link, hours.
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.getByText(store.storeinfo.store_time || '11:00 AM to 08:00 PM, Monday - Saturday')).toBeVisible();
    await page.screenshot({ path: info.outputPath('home-desktop.png') });
    await info.attach('home-desktop', { path: info.outputPath('home-desktop.png'), contentType: 'image/png' });
  });

  test('the top bar slides away on scrolling down and back on scrolling up; the header shrinks', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const topBar = page.locator('.sh-topbar');
    const header = page.locator('.sh-header');
    await expect(topBar).toHaveAttribute('data-hidden', 'false');
    await page.mouse.wheel(0, 400);
    await expect(topBar).toHaveAttribute('data-hidden', 'true');
    await expect(header).toHaveClass(/is-shrunk/);
    await expect(header).toHaveClass(/is-scrolled/);
    await page.mouse.wheel(0, -100);
    await expect(topBar).toHaveAttribute('data-hidden', 'false');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
  });

  test('header search with the mouse: a blank term does nothing, a suggestion fills the box, submit goes to /shop', async ({ page }) => {
    await page.goto('/about');
    await banner(page).getByRole('button', { name: 'Search products' }).click();
    const box = banner(page).getByPlaceholder('Search for products, brands, categories...');
    await expect(box).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Suggested Search Terms' })).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole('button', { name: 'Denims' }).click();
    await expect(box).toHaveValue('Denims');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?search=Denims$/);
    await expect(box).toHaveCount(0);
    await expect(page.locator('[data-remote="catalog"][data-module="Shop"]')).toBeVisible();
  });

  test('header search with the keyboard: Escape closes and gives focus back, Enter searches', async ({ page }) => {
    await page.goto('/faq');
    const toggle = banner(page).getByRole('button', { name: 'Search products' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const box = banner(page).getByPlaceholder('Search for products, brands, categories...');
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    await page.keyboard.type("  men's shoes ");
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop\?search=men%27s\+shoes$/);
  });

  test('an outside click closes the search', async ({ page }) => {
    await page.goto('/faq');
    await banner(page).getByRole('button', { name: 'Search products' }).click();
    const box = banner(page).getByPlaceholder('Search for products, brands, categories...');
    await expect(box).toBeVisible();
    // Low on the page, below the dropdown.
    await page.mouse.click(40, DESKTOP.height - 40);
    await expect(box).toHaveCount(0);
  });

  test('Category dropdown on hover and with the keyboard; category links go to the shop list', async ({ page, request }) => {
    const { sub_category_list: categories } = await storeInfo(request);
    test.skip(categories.length === 0, 'the store has no categories');
    await page.goto('/faq');
    await interactive(page);
    const toggle = mainNav(page).getByRole('button', { name: 'Category', exact: true });
    await toggle.hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link')).not.toHaveCount(0);
    const shown = await panel.locator('.sh-catlist__link').count();
    expect(shown).toBe(Math.min(10, categories.length));
    if (categories.length > 10) {
      await panel.getByRole('button', { name: 'Show more' }).click();
      await expect(panel.locator('.sh-catlist__link')).toHaveCount(categories.length);
      await panel.getByRole('button', { name: 'Show less' }).click();
      await expect(panel.locator('.sh-catlist__link')).toHaveCount(10);
    }
    // Leaving closes it after the 300 ms delay.
    await page.getByRole('heading', { level: 1 }).hover();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: Enter opens, Tab reaches a link, Escape closes and gives focus back.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    // Choosing a category.
    await toggle.click();
    const first = categories[0]!.name;
    await panel.getByRole('link', { name: first, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?categories=${encodeURIComponent(first.toLowerCase()).replace(/%20/g, '\\+')}`));
  });

  test('Shop mega-menu shows the category carousel', async ({ page, request }) => {
    const { sub_category_list: categories } = await storeInfo(request);
    await page.goto('/faq');
    await interactive(page);
    await mainNav(page).getByRole('link', { name: 'Shop' }).hover();
    const mega = page.locator('.sh-mega');
    if (categories.length === 0) {
      await expect(mega.getByText('No categories found')).toBeVisible();
      return;
    }
    await expect(mega.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    const carousel = mega.getByRole('region', { name: 'Shop by category' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const firstSlide = carousel.getByRole('group', { name: `1 of ${categories.length}`, exact: true });
    await expect(firstSlide.locator('img')).toBeVisible();
    await firstSlide.getByRole('link', { name: categories[0]!.name, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?categories=/);
    await expect(mega).toBeHidden();
  });

  test('profile: a guest goes to /signin; a signed-in shopper gets the menu and can log out', async ({ page, request }) => {
    await page.goto('/faq');
    await banner(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin$/);

    const customer = await registerCustomer(request);
    await signIn(page, customer.email, customer.password);
    await page.goto('/about');
    const profile = banner(page).getByRole('button', { name: 'Account menu' });
    await profile.click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem', { name: /My Account/ })).toContainText('Manage your profile');
    // Outside click closes it.
    await page.getByRole('heading', { level: 1 }).first().click();
    await expect(menu).toHaveCount(0);
    await profile.click();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await expect(dialog).toContainText("Are you sure you want to log out? You'll need to sign in again to access your account.");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await profile.click();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText('Logout successful')).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
    // History was replaced: Back does not return to the page the shopper logged out from.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/about$/);
  });

  test('the cart icon opens the cart side panel from cart-checkout', async ({ page }) => {
    await page.goto('/faq');
    await banner(page)
      .getByRole('button', { name: /^Cart, \d+ items?$/ })
      .click();
    await expect(page.locator('[data-remote="cart_checkout"][data-module="CartPanel"]')).toBeAttached();
  });

  test('newsletter subscribes with a toast; contact form submits and resets', async ({ page }) => {
    await page.goto('/contact');
    const { email } = unique();
    const newsletter = page.getByRole('form', { name: 'Newsletter' });
    await newsletter.getByRole('button', { name: 'SUBSCRIBE' }).click();
    await expect(newsletter.getByText('Email is required')).toBeVisible();
    await newsletter.getByLabel('Email address').fill(email);
    await newsletter.getByRole('button', { name: 'SUBSCRIBE' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /subscrib/i })
        .first(),
    ).toBeVisible();
    await expect(newsletter.getByLabel('Email address')).toHaveValue('');

    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Subject is required')).toBeVisible();
    await form.getByLabel('First name').fill('Kavya');
    await form.getByLabel('Last name').fill('Nair');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone number').fill('9876501234');
    await form.getByLabel('Subject').selectOption('Order status');
    await form.getByLabel('Message').fill('When will my order reach Kochi?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Form submitted successfully' })).toBeVisible();
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('First name')).toHaveValue('');
  });

  test('information pages and not-found', async ({ page }) => {
    for (const [path, title] of [
      ['/faq', 'Frequently Asked Questions'],
      ['/terms-use', 'Terms of Use'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/support', 'Support'],
      ['/contact', 'Contact Us'],
      ['/not-found', 'Page not found'],
      ['/definitely/not/here', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    }
    // An in-page link lands on its section, below the fixed header.
    await page.goto('/faq');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Returns and refunds' }).click();
    await expect(page).toHaveURL(/\/faq#returns$/);
    const top = await page.locator('#returns').evaluate((el) => el.getBoundingClientRect().top);
    const chrome = await page.locator('.sh-chrome').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(chrome - 2);
  });

  for (const path of ['/faq', '/terms-use', '/privacy-policy', '/support', '/contact', '/not-found']) {
    test(`axe: no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    });
  }

  test('axe: the chrome around the home page, search open, has no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Search products' }).click();
    await expect(page.getByRole('heading', { name: 'Suggested Search Terms' })).toBeVisible();
    const chrome = await new AxeBuilder({ page }).include('.sh-chrome').include('footer').analyze();
    const bad = chrome.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });
});

test.describe('phone (360 px)', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('home with header and footer, nothing overflows sideways', async ({ page }, info) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    // Desktop navigation is replaced by the menu button; mail and phone links are hidden.
    await expect(mainNav(page)).toBeHidden();
    await expect(banner(page).getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.locator('.sh-topbar__contact')).toBeHidden();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: info.outputPath('home-phone.png') });
    await info.attach('home-phone', { path: info.outputPath('home-phone.png'), contentType: 'image/png' });
    await page.goto('/contact');
    await expectNoHorizontalOverflow(page);
  });

  test('mobile menu drawer: links, expandable categories, closes on a choice and with Escape', async ({ page, request }) => {
    const { sub_category_list: categories } = await storeInfo(request);
    await page.goto('/faq');
    const open = banner(page).getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveCount(8);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(open).toBeFocused();

    await open.click();
    const expand = drawer.getByRole('button', { name: 'Shop by Category' });
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    if (categories.length === 0) {
      await expect(drawer.getByText('No categories found')).toBeVisible();
      return;
    }
    await drawer.getByRole('link', { name: categories[0]!.name, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?categories=/);
    await expect(drawer).toHaveCount(0);
  });

  test('search works on a phone', async ({ page }) => {
    await page.goto('/faq');
    await banner(page).getByRole('button', { name: 'Search products' }).click();
    const box = banner(page).getByPlaceholder('Search for products, brands, categories...');
    await box.fill('wallet');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shop\?search=wallet$/);
  });
});
