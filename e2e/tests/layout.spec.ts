import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { ROUTES, type RouteEntry } from '../../shell/src/routeTable';
import { test as withWorld, type World } from './support/world';
import { AXE_TAGS } from './support/axe';

/**
 * Every route of the shell's route table (spec §2), walked as a guest and as a signed-in customer who
 * has a cart, a wishlist item and orders, at phone widths (320, 360, 375, 414 px) and at 1440 px, with
 * the overlays opened too (cart panel, mobile menu, search, order drawer, dialogs, the sign-up modal). At each width:
 * the page does not scroll sideways, no element's box passes the right edge unless a container clips
 * or scrolls it, and axe-core finds no WCAG 2.x A/AA violation. Screenshots at 375 and 1440 px are
 * written into the test's output folder (test-results/) for a reviewer.
 *
 * The routes come from shell/src/routeTable.ts, so a new route is walked without touching this file;
 * only a route with a `:parameter` needs a value below (a test fails until it has one).
 */

const WIDTHS = [320, 360, 375, 414, 1440] as const;
const SCREENSHOT_WIDTHS = new Set<number>([375, 1440]);
const HEIGHT = 800;

type Role = 'guest' | 'customer';

const test = withWorld.extend<{ walker: Walker }>({
  walker: async ({ browser, world }, provide, testInfo) => {
    const walker = new Walker(browser, world, testInfo);
    await provide(walker);
    await walker.close();
  },
});

/** The URL shown for a route pattern: parameters filled from the world, a query where the page needs one to show content. */
function urlFor(route: RouteEntry, world: World): string {
  const params: Record<string, string> = { slug: world.productSlug, id: world.orderNumber };
  const path = route.path.replace(/\*$/, '').replace(/:([a-z]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`the walking test has no value for :${name} of ${route.path}: add one to urlFor`);
    return encodeURIComponent(value);
  });
  const orders = `?orders=${encodeURIComponent(world.orderNumber)}`;
  const query: Record<string, string> = { '/payment': world.paymentQuery, '/order-success': orders, '/order-failure': orders };
  return `${path.length > 1 ? path.replace(/\/$/, '') : path}${query[path] ?? ''}`;
}

/** Who walks a route: public pages both, guest-only pages the guest, account pages the customer (the guards redirect the others). */
function rolesFor(route: RouteEntry): Role[] {
  if (route.access === 'guest') return ['guest'];
  if (route.access === 'auth') return ['customer'];
  return ['guest', 'customer'];
}

interface Offender {
  what: string;
  right: number;
}

/**
 * Elements whose box passes the viewport's right edge with no clipping or scrolling container
 * (other than the page itself) between them and the page; only the outermost of a nest is named.
 */
function offendersInPage(viewport: number): Offender[] {
  const clips = (el: Element) => {
    const s = getComputedStyle(el);
    return s.overflowX !== 'visible' || s.contain.includes('paint');
  };
  const found: Element[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= viewport + 0.5) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let clipped = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (clips(p)) {
        clipped = true;
        break;
      }
    }
    if (!clipped) found.push(el);
  }
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
  };
  return found
    .filter((el) => !found.some((other) => other !== el && other.contains(el)))
    .slice(0, 8)
    .map((el) => ({ what: describe(el), right: Math.round(el.getBoundingClientRect().right) }));
}

/**
 * What a width renders, for axe's purposes: each element's display, visibility, whether it has a
 * box, its colours and positioning. Two widths with one signature get one axe scan.
 */
function renderingSignature(): string {
  const parts: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    parts.push(`${s.display[0]}${s.visibility[0]}${r.width > 0 ? 1 : 0}${s.color}${s.backgroundColor}${s.position[0]}`);
  }
  let h = 0;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return `${parts.length}:${h}`;
}

interface CheckOptions {
  widths?: readonly number[];
  /** Scan the whole page with axe, not only its content and open dialogs. */
  fullScan?: boolean;
  /** Runs after each resize (to open an overlay that only exists at some widths). */
  prepare?: (width: number) => Promise<void>;
}

/** Walks pages in one browser context per role, checking each state at every width. */
class Walker {
  private readonly contexts = new Map<Role, Promise<BrowserContext>>();
  private readonly problems: string[] = [];

  constructor(
    private readonly browser: Browser,
    readonly world: World,
    private readonly info: TestInfo,
  ) {}

  async page(role: Role): Promise<Page> {
    let ctx = this.contexts.get(role);
    if (!ctx) {
      ctx = this.browser.newContext({
        baseURL: this.info.project.use.baseURL,
        viewport: { width: 1440, height: HEIGHT },
        storageState: role === 'guest' ? this.world.guestState : this.world.customerState,
        reducedMotion: 'reduce',
      });
      this.contexts.set(role, ctx);
    }
    const context = await ctx;
    return context.pages()[0] ?? context.newPage();
  }

  /** Opens `url` and waits for its content: scripts running, requests settled, the page's heading. */
  async open(role: Role, url: string): Promise<Page> {
    const page = await this.page(role);
    await page.setViewportSize({ width: 1440, height: HEIGHT });
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main h1, [role="dialog"] h2').first()).toBeVisible();
    await expect(page.locator('.sf-skeleton, .sf-spinner')).toHaveCount(0);
    return page;
  }

  /**
   * Checks the current state at every width (or the given ones). Problems are collected, not thrown,
   * so one run names every failing width and route.
   */
  async check(page: Page, name: string, { widths = WIDTHS, fullScan = false, prepare }: CheckOptions = {}): Promise<void> {
    const scanned = new Set<string>();
    for (const width of widths) {
      await page.setViewportSize({ width, height: HEIGHT });
      if (prepare) await prepare(width);
      // Two frames: the resize's layout, and anything the page lays out in response to it.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const where = `${name} @ ${width}px`;
      const scroll = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      if (scroll.scrollWidth !== scroll.viewport)
        this.problems.push(`${where}: scrollWidth ${scroll.scrollWidth} ≠ viewport ${scroll.viewport}`);
      const offenders = await page.evaluate(offendersInPage, scroll.viewport);
      for (const o of offenders) this.problems.push(`${where}: ${o.what} reaches x=${o.right}`);
      // axe reads the DOM, ARIA and colours: a width that renders what another width rendered (see
      // renderingSignature) gets the same answer, so each distinct rendering is scanned once.
      // Breakpoints change the rendering; widths between two breakpoints do not.
      const signature = await page.evaluate(renderingSignature);
      if (!scanned.has(signature)) {
        scanned.add(signature);
        let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
        // The header and footer are one component on every route: scanned whole on the home page
        // (both roles, every width, and with each overlay open); elsewhere the page's own content
        // and any open dialog are, which keeps the walk inside its time budget.
        if (!fullScan) builder = builder.include('#main').include('[role="dialog"]');
        const axe = await builder.analyze();
        for (const v of axe.violations) {
          this.problems.push(
            `${where}: axe ${v.id} (${v.impact}) at ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
          );
        }
      }
      if (SCREENSHOT_WIDTHS.has(width)) {
        const file = `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`;
        await page.screenshot({ path: this.info.outputPath(file), fullPage: true });
      }
    }
  }

  /** Fails the test with every problem found. */
  verdict(): void {
    expect(this.problems, this.problems.join('\n')).toEqual([]);
  }

  async close(): Promise<void> {
    for (const ctx of this.contexts.values()) await (await ctx).close();
  }
}

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

for (const route of ROUTES) {
  test(`${route.path} fits every width and passes axe`, async ({ walker }) => {
    for (const role of rolesFor(route)) {
      const url = urlFor(route, walker.world);
      const page = await walker.open(role, url);
      await walker.check(page, `${role} ${url}`, { fullScan: route.path === '/' });
      if (route.path === '/my-account/*') {
        // The account area's sub-pages, as its own navigation lists them.
        const hrefs = await page
          .getByRole('navigation', { name: 'My account' })
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
        expect(hrefs.length).toBeGreaterThan(1);
        for (const href of hrefs.filter((h) => h && h !== url)) {
          await walker.open(role, href);
          await walker.check(page, `${role} ${href}`);
        }
      }
    }
    walker.verdict();
  });
}

test('overlays fit every width: cart panel, search, mobile menu, logout dialog', async ({ walker }) => {
  for (const role of ['guest', 'customer'] as const) {
    const page = await walker.open(role, '/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /^Cart, / }).click();
    const panel = page.getByRole('dialog', { name: /^Cart/ });
    await expect(panel.getByRole('link', { name: /checkout/i }).first()).toBeVisible();
    await walker.check(page, `${role} cart panel`, { fullScan: true });
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    await header.getByRole('button', { name: 'Search products' }).click();
    await expect(page.getByRole('heading', { name: 'Suggested Search Terms' })).toBeVisible();
    await walker.check(page, `${role} search`, { fullScan: true });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Suggested Search Terms' })).toHaveCount(0);

    // The menu button exists on phones only: open the drawer after each resize, close it after.
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const openMenu = async () => {
      if ((await menu.count()) > 0) return;
      await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    };
    await walker.check(page, `${role} mobile menu`, { fullScan: true, widths: WIDTHS.filter((w) => w < 1024), prepare: openMenu });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    if (role === 'customer') {
      await page.setViewportSize({ width: 1440, height: HEIGHT });
      await header.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Logout' })).toBeVisible();
      await walker.check(page, 'customer logout dialog', { fullScan: true });
      await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Cancel' }).click();
    }
  }
  walker.verdict();
});

test('the sign-up modal fits every width: a guest opens it from the checkout', async ({ walker }) => {
  const page = await walker.open('guest', '/checkout');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Account' });
  await expect(modal.getByRole('form', { name: 'Create account' })).toBeVisible();
  await walker.check(page, 'guest sign-up modal', { fullScan: true });
  // With every message showing: the form at its tallest.
  await modal.getByRole('button', { name: 'Create account' }).click();
  await expect(modal.getByText('Please accept the terms & conditions')).toBeVisible();
  await walker.check(page, 'guest sign-up modal with messages', { widths: [360, 1440] });
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  walker.verdict();
});

test('account overlays fit every width: order drawer, cancel dialog, logout dialog', async ({ walker }) => {
  const page = await walker.open('customer', '/my-account/orders');
  await page
    .getByRole('button', { name: new RegExp(walker.world.orderNumber) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: 'Order Details' });
  await expect(drawer).toContainText(walker.world.orderNumber);
  await walker.check(page, 'customer order drawer');
  await drawer.getByRole('button', { name: /cancel order/i }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(cancel).toBeVisible();
  // The drawer hands over to the dialog: measured once its closing slide is over.
  await expect(drawer).toHaveCount(0);
  await walker.check(page, 'customer cancel dialog');
  await page.keyboard.press('Escape');
  await expect(cancel).toHaveCount(0);

  await page.goto('/my-account');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Logout' })).toBeVisible();
  await walker.check(page, 'customer account logout dialog');
  walker.verdict();
});
