// One Lighthouse run (mobile preset, simulated throttling) of a page in a fresh Chromium: the scores the
// bench's site table shows, the LCP element and the long tasks its TBT is made of.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startChrome } from './chrome.mjs';

function lcpNode(audit) {
  const items = audit?.details?.items ?? [];
  const node = items.find((i) => i?.type === 'node') ?? items.flatMap((i) => i?.items ?? []).find((i) => i?.type === 'node');
  return node ? `${node.snippet ?? node.selector ?? ''}`.replace(/\s(srcset|sizes|style|alt)="[^"]*"/g, '').slice(0, 120) : null;
}

/** Puts a saved state (a signed-in shopper's session, a guest's cart) into a fresh Chromium's storage for `origin`. */
async function seedState(port, origin, state) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // A file with no script: the origin's storage without loading (and caching) any of the site's scripts.
    await page.goto(`${origin}/storefront.config.json`);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [state.key, state.value]);
    if (state.cookies?.length) await context.addCookies(state.cookies);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Lighthouse on `url`, with `state` in storage first when given (and Lighthouse told to leave storage alone). */
export async function lighthouseRun(url, state) {
  const chrome = await startChrome();
  try {
    if (state) await seedState(chrome.port, new URL(url).origin, state);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: !!state,
    });
    const a = result.lhr.audits;
    return {
      score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
      // Lighthouse 13 names the LCP element in its LCP breakdown insight (a list: the phases, then the node).
      lcpElement: lcpNode(a['lcp-breakdown-insight']),
      // What its TBT is made of: the main-thread tasks it counted as long (simulated, so 4× what ran),
      // each with the script it is attributed to.
      longTasks: (a['long-tasks']?.details?.items ?? []).map((t) => ({
        script: typeof t.url === 'string' ? t.url.split('?')[0].split('/').pop() || t.url : String(t.url ?? ''),
        ms: Math.round(t.duration),
      })),
    };
  } finally {
    await chrome.stop();
  }
}
