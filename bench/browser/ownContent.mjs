// The shopper's own content on the private pages (issue 33): when the cart lines, checkout summary,
// account details and order list become visible on a fresh phone, unthrottled and under 4× CPU + slow 4G
// applied in the browser; Lighthouse cannot tell (its LCP there is the header logo), so the page's own
// clock does, every animation frame (docs/performance.md says how a run is read and when it is dropped).
// Called by `pnpm bench` with the site running; prints JSON on stdout's last line.
//   node bench/browser/ownContent.mjs --upstream http://127.0.0.1:<host port> [--listen <site port>] --runs 5 [--session FILE]
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { cliArgs } from '../lib/args.mjs';
import { median } from '../lib/stats.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chrome.mjs';
import { PHONE, SLOW_4G, throttle } from './conditions.mjs';
import { siteFromArgs } from './siteProxy.mjs';
import { cartState, withSessionCookies } from './savedState.mjs';
import { withState } from './timeline.mjs';

const args = cliArgs();
const site = await siteFromArgs(args);
const SITE = site.origin;
const RUNS = Number(args.runs ?? 5);
const CART_LINES = 3;
const SESSION = args.session ? JSON.parse(readFileSync(args.session, 'utf8')) : null;
const wanted = args.pages ? new Set(args.pages.split(',')) : null;

/** The signed-in shopper's first name, as the session holds it (My Account's details show it). */
const firstName = SESSION ? (JSON.parse(SESSION.value)?.auth?.user?.customer?.firstname ?? null) : null;

/**
 * What is timed on each page. `probe` is what the in-page check looks for (plain data: the page's CSP
 * allows no code built from strings): a list and how many items it must show, or a form's field and its
 * value. `byRole` finds the same content as the browser tests do (e2e/tests/cart-checkout.spec.ts,
 * account.spec.ts, ssr-frames.spec.ts).
 */
const TARGETS = [
  {
    name: 'cart',
    content: 'cart lines',
    path: '/cart',
    state: 'cart',
    probe: { list: 'ul[aria-label="Items in your cart"]', items: CART_LINES },
    byRole: (page) => page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
    count: CART_LINES,
  },
  {
    name: 'checkout',
    content: 'order summary',
    path: '/checkout',
    state: 'cart',
    probe: { list: 'aside[aria-label="Order summary"] ul[aria-label="Items to order"]', items: CART_LINES },
    byRole: (page) =>
      page.getByRole('complementary', { name: 'Order summary' }).getByRole('list', { name: 'Items to order' }).getByRole('listitem'),
    count: CART_LINES,
  },
  ...(SESSION
    ? [
        {
          name: 'my-account',
          content: 'account details',
          path: '/my-account',
          state: 'session',
          probe: { form: 'form[aria-label="Account details"]', field: 'First name', value: firstName },
          byRole: (page) => page.getByRole('form', { name: 'Account details' }).getByLabel('First name'),
          value: firstName,
        },
        {
          name: 'my-account-orders',
          content: 'order list',
          path: '/my-account/orders',
          state: 'session',
          probe: { list: 'ul[aria-label="Orders"]', items: 1 },
          byRole: (page) => page.getByRole('list', { name: 'Orders' }).getByRole('listitem'),
          count: 1,
        },
      ]
    : []),
].filter((t) => !wanted || wanted.has(t.name));

/** Runs in the page from its first script on: records when the probe's content is first shown. */
function watchForContent(probe) {
  const w = window;
  w.__ownContent = null;
  const shown = (el) =>
    !!el &&
    !el.closest('.sf-session-skeleton, [hidden], [aria-hidden="true"]') &&
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    el.getBoundingClientRect().height > 0;
  const holds = () => {
    if (probe.list) {
      const list = document.querySelector(probe.list);
      return shown(list) && [...list.children].filter((li) => li.tagName === 'LI' && shown(li)).length >= probe.items;
    }
    const form = document.querySelector(probe.form);
    const label = form && [...form.querySelectorAll('label')].find((l) => l.textContent.trim() === probe.field);
    const field = label?.control;
    return shown(field) && field.value === probe.value;
  };
  const frame = () => {
    if (holds()) w.__ownContent = performance.now();
    else if (performance.now() < 60_000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** One load of `target` on a fresh phone; ms from navigation start to the frame that shows the content. */
async function timeContent(browser, target, state, conditions) {
  const context = await browser.newContext({ ...PHONE });
  try {
    await withState(context, state);
    await context.addInitScript(watchForContent, target.probe);
    const page = await context.newPage();
    await throttle(context, page, conditions);
    await page.goto(`${SITE}${target.path}`, { waitUntil: 'commit' });
    const at = await page
      .waitForFunction(() => window.__ownContent, null, { timeout: 60_000, polling: 250 })
      .then((h) => h.jsonValue())
      .catch(() => null);
    if (at === null) return null;
    if (process.env.OWN_CONTENT_WATERFALL && conditions.network) await printWaterfall(page, target.name, at);
    // The same content by role and name, as the browser tests find it.
    const found = target.byRole(page);
    const agrees = target.count
      ? (await found.count()) >= target.count && (await found.first().isVisible())
      : (await found.inputValue()) === target.value && (await found.isVisible());
    if (!agrees) process.stderr.write(`[own content] ${target.name}: the role lookup did not find what the check saw; run dropped\n`);
    return agrees ? at : null;
  } finally {
    await context.close();
  }
}

/**
 * With OWN_CONTENT_WATERFALL=1, each throttled run's requests on stderr (Resource Timing: start, first byte
 * and end, ms from navigation start): which wave each script came in, to tell where the time goes.
 */
async function printWaterfall(page, name, at) {
  const rows = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => [Math.round(e.startTime), Math.round(e.responseStart), Math.round(e.responseEnd), e.name.replace(location.origin, '')]),
  );
  process.stderr.write(`[own content] ${name}: content at ${Math.round(at)} ms; requests (start, first byte, end):\n`);
  for (const r of rows.sort((a, b) => a[0] - b[0])) process.stderr.write(`  ${r[0]}\t${r[1]}\t${r[2]}\t${r[3]}\n`);
}

const CONDITIONS = [
  { key: 'unthrottled', cpu: 1, network: false },
  { key: 'cpu4Slow4g', cpu: 4, network: true },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-dev-shm-usage'] });
const results = {};
try {
  const CART = TARGETS.some((t) => t.state === 'cart') ? await cartState(browser, SITE, CART_LINES) : null;
  const signedIn = await withSessionCookies(browser, SITE, SESSION);
  for (const target of TARGETS) {
    const state = target.state === 'cart' ? CART : signedIn;
    const row = { url: target.path, content: target.content };
    for (const c of CONDITIONS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeContent(browser, target, state, c));
      row[c.key] = median(runs);
      row[`${c.key}Runs`] = runs;
    }
    results[target.name] = row;
    process.stderr.write(
      `[own content] ${target.name} (${target.content}): ${Math.round(row.unthrottled ?? NaN)} ms, 4× CPU + slow 4G ${Math.round(row.cpu4Slow4g ?? NaN)} ms\n`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
console.log(JSON.stringify({ runs: RUNS, slow4g: SLOW_4G, cpu: 4, pages: results }));
